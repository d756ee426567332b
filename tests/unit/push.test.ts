import {spawn} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {buildSearchIndex} from '../../plugins/search-index/buildIndex';
import {DOCSEARCH_SETTINGS, parseHosts, readConfig} from '../../plugins/search-index/push';
import {STOP_WORDS} from '../../src/search/language';
import type {DocSearchRecord} from '../../src/search/types';
import {startDouble, type HttpDouble, type RecordedRequest} from './support/httpDouble';

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'scripts', 'search-push.mjs');

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the push CLI as `npm run search:push` would, bounded in time. */
function runCli(env: Record<string, string>, args: string[]): Promise<RunResult> {
  const base = {...process.env};
  for (const key of Object.keys(base))
    if (key.startsWith('ALGOLIA_') || key === 'NODE_OPTIONS') delete base[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: {...base, ...env},
      timeout: 15_000, // below the test timeout: a hung CLI is killed, the test then fails
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({code, stdout, stderr}));
  });
}

let buildDir: string;
let records: DocSearchRecord[];

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'fsc-push-build-'));
  cpSync(path.join(__dirname, '..', 'fixtures', 'site'), buildDir, {recursive: true});
  ({records} = await buildSearchIndex({
    outDir: buildDir,
    routesPaths: ['/', '/introduction/', '/standalone', '/try-fsc/helm/5-auditlog'],
    siteUrl: 'https://docs.example.org',
    baseUrl: '/',
    siteTitle: 'FSC docs',
    log: () => undefined,
  }));
});
afterAll(() => rmSync(buildDir, {recursive: true, force: true}));

describe('search push CLI', () => {
  let double: HttpDouble | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  /** A write-API double: every task is published at once. */
  async function algoliaWriteDouble(): Promise<HttpDouble> {
    let task = 100;
    return startDouble((req: RecordedRequest) => {
      if (/^\/1\/task\/\d+$/.test(req.path)) return {status: 200, body: {status: 'published'}};
      if (/^\/1\/dictionaries\/(\*\/settings|stopwords\/batch)$/.test(req.path)) {
        task += 1;
        return {status: 200, body: {taskID: task, updatedAt: '2025-01-01T00:00:00.000Z'}};
      }
      const m = /^\/1\/indexes\/([^/]+)\/(settings|operation|batch|task\/(\d+))$/.exec(req.path);
      if (!m)
        return {status: 404, body: {message: `no route ${req.method} ${req.path}`, status: 404}};
      if (m[3]) return {status: 200, body: {status: 'published', pendingTask: false}};
      task += 1;
      if (m[2] === 'batch') {
        const body = req.body as {requests: {body: {objectID: string}}[]};
        return {
          status: 200,
          body: {taskID: task, objectIDs: body.requests.map((r) => r.body.objectID)},
        };
      }
      return {status: 200, body: {taskID: task, updatedAt: '2025-01-01T00:00:00.000Z'}};
    });
  }

  it('replaces the index atomically with DocSearch settings', async () => {
    double = await algoliaWriteDouble();
    const result = await runCli(
      {ALGOLIA_APP_ID: 'TESTAPP', ALGOLIA_ADMIN_KEY: 'admin-secret', ALGOLIA_HOSTS: double.url},
      ['--dir', buildDir],
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`index docs-fsc replaced with ${records.length} records`);

    const writes = double.requests.filter((r) => r.method !== 'GET');
    const [dictionarySettings, stopWords, settings, copy, batch, copyAgain, move] = writes;
    expect(writes).toHaveLength(7);
    // Algolia drops the engine's stop words, and only those
    expect(dictionarySettings).toMatchObject({method: 'PUT', path: '/1/dictionaries/*/settings'});
    expect(dictionarySettings?.body).toEqual({disableStandardEntries: {stopwords: {en: true}}});
    expect(stopWords).toMatchObject({method: 'POST', path: '/1/dictionaries/stopwords/batch'});
    const entries = stopWords?.body as {
      clearExistingDictionaryEntries: boolean;
      requests: {action: string; body: {word: string; language: string; state: string}}[];
    };
    expect(entries.clearExistingDictionaryEntries).toBe(true);
    expect(
      entries.requests.every(
        (r) => r.action === 'addEntry' && r.body.language === 'en' && r.body.state === 'enabled',
      ),
    ).toBe(true);
    expect(new Set(entries.requests.map((r) => r.body.word))).toEqual(STOP_WORDS);
    expect(result.stdout).toContain(
      `English stop words set to the site's ${STOP_WORDS.size} (app-wide)`,
    );

    expect(settings).toMatchObject({method: 'PUT', path: '/1/indexes/docs-fsc/settings'});
    expect(settings?.body).toEqual(DOCSEARCH_SETTINGS);
    expect(settings?.body).toMatchObject({distinct: true, attributeForDistinct: 'url'});

    expect(copy).toMatchObject({method: 'POST', path: '/1/indexes/docs-fsc/operation'});
    const tmp = (copy?.body as {destination: string}).destination;
    expect(tmp).toMatch(/^docs-fsc_tmp_\d+$/);
    expect(copy?.body).toMatchObject({operation: 'copy', scope: ['settings', 'rules', 'synonyms']});

    expect(batch).toMatchObject({method: 'POST', path: `/1/indexes/${tmp}/batch`});
    const sent = (batch?.body as {requests: {action: string; body: DocSearchRecord}[]}).requests;
    expect(sent.every((r) => r.action === 'addObject')).toBe(true);
    expect(sent.map((r) => r.body)).toEqual(records);

    expect(copyAgain?.body).toMatchObject({operation: 'copy', destination: tmp});
    expect(move).toMatchObject({method: 'POST', path: `/1/indexes/${tmp}/operation`});
    expect(move?.body).toEqual({operation: 'move', destination: 'docs-fsc'});

    // every task was awaited, and the admin key was used
    const waits = double.requests.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(waits.filter((p) => /^\/1\/task\/\d+$/.test(p))).toHaveLength(2); // the two dictionary tasks
    expect(waits.every((p) => /\/task\/\d+$/.test(p))).toBe(true);
    expect(double.requests.every((r) => r.headers['x-algolia-api-key'] === 'admin-secret')).toBe(
      true,
    );
    expect(double.requests.every((r) => r.headers['x-algolia-application-id'] === 'TESTAPP')).toBe(
      true,
    );
  });

  it('uses ALGOLIA_INDEX_NAME when set', async () => {
    double = await algoliaWriteDouble();
    const result = await runCli(
      {
        ALGOLIA_APP_ID: 'A',
        ALGOLIA_ADMIN_KEY: 'k',
        ALGOLIA_HOSTS: double.url,
        ALGOLIA_INDEX_NAME: 'docs-fsc-staging',
      },
      ['--dir', buildDir],
    );
    expect(result.code).toBe(0);
    expect(double.requests.find((r) => r.path.startsWith('/1/indexes/'))?.path).toBe(
      '/1/indexes/docs-fsc-staging/settings',
    );
  });

  it('exits non-zero naming the missing variable, without any request', async () => {
    double = await algoliaWriteDouble();
    const noKey = await runCli({ALGOLIA_APP_ID: 'A', ALGOLIA_HOSTS: double.url}, [
      '--dir',
      buildDir,
    ]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('ALGOLIA_ADMIN_KEY is not set');
    const noApp = await runCli({ALGOLIA_ADMIN_KEY: 'k', ALGOLIA_HOSTS: double.url}, [
      '--dir',
      buildDir,
    ]);
    expect(noApp.code).toBe(2);
    expect(noApp.stderr).toContain('ALGOLIA_APP_ID is not set');
    expect(double.requests).toHaveLength(0);
  });

  it('exits 1 with the API error when Algolia refuses', async () => {
    double = await startDouble(() => ({
      status: 403,
      body: {message: 'Invalid Application-ID or API key', status: 403},
    }));
    const result = await runCli(
      {ALGOLIA_APP_ID: 'A', ALGOLIA_ADMIN_KEY: 'wrong', ALGOLIA_HOSTS: double.url},
      ['--dir', buildDir],
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid Application-ID or API key');
    expect(result.stderr).toContain('HTTP 403');
  });

  it('exits 1 when there is no build', async () => {
    const result = await runCli(
      {ALGOLIA_APP_ID: 'A', ALGOLIA_ADMIN_KEY: 'k', ALGOLIA_HOSTS: 'http://127.0.0.1:9'},
      ['--dir', path.join(tmpdir(), 'no-such-build-fsc')],
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/does not exist: run the build first/);
  });
});

describe('push configuration', () => {
  it('parses ALGOLIA_HOSTS and the arguments', () => {
    expect(parseHosts('http://127.0.0.1:8080, https://example.algolia.net')).toEqual([
      {url: '127.0.0.1', port: 8080, protocol: 'http', accept: 'readWrite'},
      {url: 'example.algolia.net', protocol: 'https', accept: 'readWrite'},
    ]);
    expect(readConfig({ALGOLIA_APP_ID: 'A', ALGOLIA_ADMIN_KEY: 'k'}, [])).toMatchObject({
      indexName: 'docs-fsc',
      buildDir: path.resolve('build'),
    });
    expect(() => readConfig({ALGOLIA_APP_ID: 'A', ALGOLIA_ADMIN_KEY: 'k'}, ['--bogus'])).toThrow(
      /unknown argument/,
    );
  });

  it('keeps the settings in line with the records', () => {
    expect(readFileSync(path.join(buildDir, 'index.html'), 'utf8')).toMatch(/fsc:search-index/);
    for (const record of records) {
      for (const facet of DOCSEARCH_SETTINGS.attributesForFaceting ?? []) {
        expect(record).toHaveProperty(facet.replace(/^filterOnly\((.*)\)$/, '$1'));
      }
      expect(record).toHaveProperty(DOCSEARCH_SETTINGS.attributeForDistinct as string);
    }
  });
});
