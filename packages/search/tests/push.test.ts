import {spawn} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {buildSearchIndex} from '../src/build/buildIndex';
import {
  evaluateEngine,
  loadQueries,
  QUERIES_FILE,
  QUERY_KINDS,
  type EvalQuery,
} from '../src/evaluation/searchEvaluation';
import {loadBuiltIndex, parseHosts, readConfig, synonymHits} from '../src/build/push';
import {findIndexFile} from '../src/build/findIndexFile';
import {createSearchEngine} from '../src/engine';
import {engineFromIndexFile} from '../src/engineFromIndexFile';
import {readIndexFile} from '../src/indexFileFormat';
import {INDEX_SETTINGS} from '../src/indexSettings';
import {appliesToQueryLanguage, STOP_WORDS} from '../src/language';
import {normalizeParams} from '../src/params';
import {parseQuery} from '../src/query';
import {checkSynonyms, type SynonymEntry} from '../src/synonyms';
import type {DocSearchRecord} from '../src/types';
import {startDouble, type HttpDouble, type RecordedRequest} from '../support/httpDouble';

const ROOT = path.join(__dirname, '..', '..', '..');
/** A best bet on the fixture site: "outway" asks for the introduction's contracts. */
const BEST_BETS_FIXTURE = path.join(__dirname, 'fixtures', 'best-bets.json');
/** The site's synonyms whose targets the fixture pages hold (the build refuses any other). */
const SYNONYMS_FIXTURE = path.join(__dirname, 'fixtures', 'synonyms.json');
const CLI = path.join(__dirname, '..', 'scripts', 'search-push.mjs');

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
  cpSync(path.join(__dirname, 'fixtures', 'site'), buildDir, {recursive: true});
  ({records} = await buildSearchIndex({
    outDir: buildDir,
    routesPaths: ['/', '/introduction/', '/standalone', '/try-fsc/helm/5-auditlog'],
    siteUrl: 'https://docs.example.org',
    baseUrl: '/',
    siteTitle: 'FSC docs',
    searchFiles: {synonymsFile: SYNONYMS_FIXTURE, bestBetsFile: BEST_BETS_FIXTURE},
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
      if (
        /^\/1\/dictionaries\/(\*\/settings|stopwords\/batch)$/.test(req.path) ||
        /^\/1\/indexes\/[^/]+\/(synonyms|rules)\/batch$/.test(req.path)
      ) {
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
    const [dictionarySettings, stopWords, settings, synonyms, rules, copy, batch, copyAgain, move] =
      writes;
    expect(writes).toHaveLength(9);
    // Algolia drops the engine's stop words, and only those
    expect(dictionarySettings).toMatchObject({method: 'PUT', path: '/1/dictionaries/*/settings'});
    expect(dictionarySettings?.body).toEqual({
      disableStandardEntries: {stopwords: {en: true, nl: true}},
    });
    expect(stopWords).toMatchObject({method: 'POST', path: '/1/dictionaries/stopwords/batch'});
    const entries = stopWords?.body as {
      clearExistingDictionaryEntries: boolean;
      requests: {action: string; body: {word: string; language: string; state: string}}[];
    };
    expect(entries.clearExistingDictionaryEntries).toBe(true);
    expect(
      entries.requests.every(
        (r) =>
          r.action === 'addEntry' &&
          ['en', 'nl'].includes(r.body.language) &&
          r.body.state === 'enabled',
      ),
    ).toBe(true);
    expect(new Set(entries.requests.map((r) => r.body.word))).toEqual(STOP_WORDS);
    expect(result.stdout).toContain(
      `English and Dutch stop words set to the site's ${STOP_WORDS.size} (app-wide)`,
    );

    expect(settings).toMatchObject({method: 'PUT', path: '/1/indexes/docs-fsc/settings'});
    expect(settings?.body).toEqual(INDEX_SETTINGS);
    expect(settings?.body).toMatchObject({distinct: true, attributeForDistinct: 'url'});

    // the synonyms of the index file, in Algolia's format, replacing the old set before the copy
    expect(synonyms).toMatchObject({method: 'POST', path: '/1/indexes/docs-fsc/synonyms/batch'});
    expect(synonyms?.query.get('replaceExistingSynonyms')).toBe('true');
    const file = readIndexFile(readFileSync(await findIndexFile(buildDir), 'utf8'));
    const written = checkSynonyms(
      JSON.parse(readFileSync(SYNONYMS_FIXTURE, 'utf8')),
      SYNONYMS_FIXTURE,
    );
    expect(file.synonyms).toEqual(written);
    // Algolia takes one input per one-way entry: an entry of several is sent once per input
    expect(synonyms?.body).toEqual(synonymHits(written));
    const hits = synonyms?.body as {type: string; input?: unknown}[];
    expect(hits.filter((hit) => hit.type === 'oneWaySynonym')).toHaveLength(
      written.flatMap((entry) => (entry.type === 'oneWaySynonym' ? [entry.input].flat() : []))
        .length,
    );
    expect(hits.every((hit) => hit.input === undefined || typeof hit.input === 'string')).toBe(
      true,
    );
    // and each under an objectID of its own (a split entry's ids cannot meet another entry's)
    const ids = hits.map((hit) => (hit as {objectID?: string}).objectID);
    expect(new Set(ids).size).toBe(hits.length);
    expect(result.stdout).toContain(`synonyms replaced with the site's ${written.length}`);

    // the best bets' query rules of the index file, replacing the old ones before the copy
    expect(rules).toMatchObject({method: 'POST', path: '/1/indexes/docs-fsc/rules/batch'});
    expect(rules?.query.get('clearExistingRules')).toBe('true');
    expect(file.rules).toHaveLength(1);
    expect(rules?.body).toEqual(file.rules);
    expect(result.stdout).toContain("rules replaced with the site's 1 best bets");

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
    expect(waits.filter((p) => p.startsWith('/1/indexes/docs-fsc/task/'))).toHaveLength(3); // settings, synonyms, rules
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
      for (const facet of INDEX_SETTINGS.attributesForFaceting ?? []) {
        expect(record).toHaveProperty(facet.replace(/^filterOnly\((.*)\)$/, '$1'));
      }
      expect(record).toHaveProperty(INDEX_SETTINGS.attributeForDistinct as string);
    }
  });
});

describe('the settings the push sends', () => {
  // One module holds them (indexSettings.ts); the engine must take its defaults from it, not from
  // a copy that could drift from what Algolia is given.
  it("are the embedded engine's defaults: distinct, the query-language rules, the typo sizes", () => {
    const defaults = normalizeParams({});
    expect(defaults.distinct).toBe(Number(INDEX_SETTINGS.distinct));
    expect(defaults.removeStopWords).toBe(appliesToQueryLanguage(INDEX_SETTINGS.removeStopWords));
    expect(defaults.ignorePlurals).toBe(appliesToQueryLanguage(INDEX_SETTINGS.ignorePlurals));
    const typos = (letters: number) =>
      parseQuery(`${'k'.repeat(letters)} x`, defaults).queryWords[0]?.typos;
    const {minWordSizefor1Typo: one, minWordSizefor2Typos: two} = INDEX_SETTINGS;
    expect([typos(one - 1), typos(one), typos(two - 1), typos(two)]).toEqual([0, 1, 1, 2]);
  });
});

/**
 * The first SAMPLE_PER_KIND judged queries of each kind, in the file's order. A setting that
 * changes what a query means shows in a kind's first queries (the commands' flags, the symptoms'
 * quotes and the Dutch words among them): every judged query, searched twice, took 10-38 s and grew
 * with every set added, this fixed sample does not.
 */
const SAMPLE_PER_KIND = 20;
function judgedSample(queries: readonly EvalQuery[]): EvalQuery[] {
  const taken = new Map<string, number>();
  return queries.filter((query) => {
    const count = taken.get(query.kind) ?? 0;
    taken.set(query.kind, count + 1);
    return count < SAMPLE_PER_KIND;
  });
}

describe('what the push sends ranks like the embedded engine', () => {
  // Fails when a pushed setting changes what a query means on Algolia alone: with advancedSyntax
  // pushed on, "docker compose up -d" lost its "-d" there and nowhere else.
  it('the same records, synonyms and settings give the same hits for judged queries of every kind', async () => {
    const pushed = await loadBuiltIndex(buildDir);
    expect(pushed.synonyms.length).toBeGreaterThan(0);
    const queries = judgedSample(await loadQueries(path.join(ROOT, QUERIES_FILE)));
    expect(new Set(queries.map((query) => query.kind))).toEqual(new Set(QUERY_KINDS));
    const hosted = evaluateEngine(
      createSearchEngine({
        records: pushed.records,
        // what Algolia receives: one entry per input (the file's check refuses their '#' ids)
        synonyms: synonymHits(pushed.synonyms) as SynonymEntry[],
        rules: pushed.rules,
      }),
      queries,
      INDEX_SETTINGS as Record<string, unknown>,
    );
    const engine = engineFromIndexFile(readFileSync(await findIndexFile(buildDir), 'utf8'));
    const embedded = evaluateEngine(engine, queries);
    const differ = hosted.outcomes
      .filter((o, i) => JSON.stringify(o.urls) !== JSON.stringify(embedded.outcomes[i]?.urls))
      .map((o) => o.q);
    expect(differ).toEqual([]);
    // the synonyms take part: Dutch words find the fixture's audit log page
    const dutch = engine.search({query: 'hoe installeer ik de auditlog'});
    expect(dutch.hits[0]?.url).toMatch(/\/try-fsc\/helm\/5-auditlog/);
    // and the best bets: "outway" puts the page the fixture's best bet names first
    const first = (params: Record<string, unknown>) => engine.search(params).hits[0]?.url;
    expect(first({query: 'outway', enableRules: false})).toBe(
      'https://docs.example.org/standalone',
    );
    expect(first({query: 'outway'})).toBe('https://docs.example.org/introduction/#contracts');
  });
});
