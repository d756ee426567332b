// The MCP server of packages/fsc-docs-mcp, driven by the SDK's own client over stdio: started with
// `npm run mcp`, against the published build served on 127.0.0.1 (--site) and read from disk
// (--build build). Its first search hit is compared with the first hit of the site's modal in
// Chromium for judged reader queries.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {loadQueries, QUERIES_FILE} from '@fsc-docs/search/evaluation/searchEvaluation';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import type {Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {openPage, waitForHydration} from './support/browser';
import {serveBuildForTests} from './support/servedSite';
import {ROOT} from './support/site';
// The published build's files, read after serveBuildForTests has made it current.
import {BUILD_DIR} from '../../support/builds.mjs';
import {connectOutcome, outsideAddress} from '../../support/servers.mjs';

const site = serveBuildForTests('published');

type ToolResult = {isError?: boolean; content: {type: string; text: string}[]};

async function startServer(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp', '--', ...args],
    cwd: ROOT,
    stderr: 'pipe',
  });
  const client = new Client({name: 'fsc-docs-test', version: '1.0.0'});
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({name, arguments: args})) as ToolResult;
  return {isError: result.isError ?? false, text: result.content.map((c) => c.text).join('\n')};
}

/** The documentation text an answer quotes: what its fence holds, after the server's notice. */
function quotedText(answer: string): string {
  const open = /^(`{3,})\w*\n/m.exec(answer);
  if (!open) throw new Error(`no quoted text in the answer: ${answer.slice(0, 200)}`);
  expect(answer.slice(0, open.index)).toMatch(/^Documentation content .*no instructions/s);
  return answer.slice(open.index + open[0].length, answer.lastIndexOf(`${open[1]}\n`));
}

/** A query no page of the site matches. */
const NO_MATCH = 'qqxzvvqq';

const firstUrl = (hits: string) => /^ {3}URL: (\S+)$/m.exec(hits)?.[1] ?? null;
const pathAndAnchor = (url: string) => {
  const parsed = new URL(url, 'https://site.invalid');
  return parsed.pathname.replace(/\/$/, '') + parsed.hash;
};

let client: Client;
beforeAll(async () => {
  client = await startServer(['--site', site.origin]);
}, 60_000);
afterAll(async () => {
  await client?.close();
});

describe('the MCP server over the served build', () => {
  it('offers search_docs, read_page and list_pages', async () => {
    const {tools} = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'list_pages',
      'read_page',
      'search_docs',
    ]);
  });

  it('gives the first hit the site modal gives, for judged reader queries', async () => {
    const queries = await loadQueries(path.join(ROOT, QUERIES_FILE));
    // Keywords and questions (the question rules apply to the latter), a bounded number of each.
    const judged = [
      ...queries.filter((query) => query.kind === 'keyword').slice(0, 5),
      ...queries.filter((query) => query.kind === 'question').slice(0, 5),
    ];
    const {page} = await openPage(site.browser, site.origin);
    await page.goto(`${site.origin}/introduction/components`);
    await waitForHydration(page);
    await page.locator('button.DocSearch-Button').click();
    for (const {q} of judged) {
      const modalFirst = await firstModalHit(page, q);
      const hits = await call(client, 'search_docs', {query: q});
      expect(hits.isError, q).toBe(false);
      const mcpFirst = firstUrl(quotedText(hits.text));
      expect(mcpFirst, q).not.toBeNull();
      expect(pathAndAnchor(mcpFirst!), q).toBe(pathAndAnchor(modalFirst));
    }
    await page.context().close();
  }, 120_000);

  it('limits a search to a sidebar section when asked', async () => {
    const hits = await call(client, 'search_docs', {query: 'inway', section: 'Try FSC with Helm'});
    const sections = [...hits.text.matchAll(/^ {3}Section: (.+)$/gm)].map((m) => m[1]!);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) expect(section.startsWith('Try FSC with Helm >')).toBe(true);
    const unknown = await call(client, 'search_docs', {query: 'inway', section: 'Nowhere'});
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('No sidebar section matches the section given (7 characters)');
  });

  it('read_page returns the Markdown twin, or one section of it by anchor', async () => {
    const twin = fs.readFileSync(path.join(BUILD_DIR, 'try-fsc/helm/6-manager.md'), 'utf8');
    const read = await call(client, 'read_page', {page: '/try-fsc/helm/6-manager'});
    expect(quotedText(read.text)).toBe(twin);
    const byUrl = await call(client, 'read_page', {
      page: 'https://docs.fsc.nlx.io/try-fsc/helm/6-manager#check-the-manager',
    });
    expect(byUrl.isError).toBe(false);
    const section = quotedText(byUrl.text);
    expect(section.startsWith('## Check the Manager\n')).toBe(true);
    expect(twin).toContain(section.trim());
    expect(section).not.toContain('\n## ');
    const index = await call(client, 'read_page', {page: '/introduction/'});
    expect(quotedText(index.text)).toBe(
      fs.readFileSync(path.join(BUILD_DIR, 'introduction/index.md'), 'utf8'),
    );
  });

  it('a wrong route or section is a tool error that gives its length, and the server answers on', async () => {
    const wrong = await call(client, 'read_page', {page: '/try-fsc/helm/99-nothing'});
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain('matches the page given (24 characters)');
    expect(wrong.text).not.toContain('99-nothing');
    const noSection = await call(client, 'read_page', {page: '/try-fsc/helm/6-manager#nothing'});
    expect(noSection.isError).toBe(true);
    expect(noSection.text).toContain(
      'The page /try-fsc/helm/6-manager has no section matching the anchor given (7 characters)',
    );
    const list = await call(client, 'list_pages', {});
    expect(quotedText(list.text)).toBe(fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8'));
  });
});

describe('the served build the tests use', () => {
  // A server bound to every interface (0.0.0.0) would accept this connection too.
  it.skipIf(!outsideAddress)(
    "answers on loopback only, not on the machine's other addresses",
    async () => {
      const {port} = new URL(site.origin);
      expect(await connectOutcome(outsideAddress!, Number(port))).toBe('ECONNREFUSED');
    },
  );
});

describe('the MCP server with a site it cannot reach', () => {
  it('says the site cannot be reached', async () => {
    const unreachable = await startServer(['--site', 'http://127.0.0.1:9']);
    try {
      const result = await call(unreachable, 'search_docs', {query: 'inway'});
      expect(result.isError).toBe(true);
      expect(result.text).toContain('The site http://127.0.0.1:9 cannot be reached');
    } finally {
      await unreachable.close();
    }
  }, 60_000);
});

describe('npm run mcp, the process', () => {
  it('answers a message over 10 MB with a JSON-RPC error and serves on; writes nothing to the temp folder', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-mcp-tmp-'));
    // No file is read: the site is never asked.
    const child = spawn('npm', ['run', '--silent', 'mcp', '--', '--site', 'http://127.0.0.1:9'], {
      cwd: ROOT,
      env: {...process.env, TMPDIR: tmp},
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answers: {id: unknown; error?: {message: string}; result?: unknown}[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      answers.push(...lines.map((line) => JSON.parse(line) as (typeof answers)[number]));
    });
    try {
      child.stdin.write(`"${'a'.repeat(10 * 1024 * 1024)}"\n`);
      child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      await expect.poll(() => answers.length, {timeout: 30_000}).toBe(2);
      expect(answers[0]!.id).toBeNull();
      expect(answers[0]!.error?.message).toContain(
        '(10485762 bytes) is larger than 10485760 bytes',
      );
      expect(answers[1]).toEqual({jsonrpc: '2.0', id: 1, result: {}});
    } finally {
      child.stdin.end();
      await exited;
    }
    // jiti's transpiled code is cached in the project (node_modules/.cache), not the shared temp folder.
    const left = fs.readdirSync(tmp);
    fs.rmSync(tmp, {recursive: true});
    expect(left).toEqual([]);
  }, 60_000);
});

describe('npm run mcp -- --build build', () => {
  it('answers from the local build', async () => {
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', 'mcp', '--', '--build', 'build'],
      cwd: ROOT,
      stderr: 'pipe',
    });
    const local = new Client({name: 'fsc-docs-test', version: '1.0.0'});
    await local.connect(transport);
    try {
      const hits = await call(local, 'search_docs', {query: 'renew certificates'});
      expect(firstUrl(hits.text)).toContain('/fsc-in-production/renew-certificates');
    } finally {
      await local.close();
    }
  }, 60_000);
});

/**
 * The first hit the open modal lists for `query`. The queries are typed one after another in one
 * modal: a load per query cost more than the rest of the test. So that the hits read are this
 * query's, not the last one's, a query nothing matches is typed first and its empty result waited
 * for (an empty input would show the recent searches, which are hits too).
 */
async function firstModalHit(page: Page, query: string): Promise<string> {
  const input = page.locator('input.DocSearch-Input');
  const hits = page.locator('.DocSearch-Hit');
  await input.fill(NO_MATCH);
  await page.locator('.DocSearch-NoResults').waitFor();
  expect(await hits.count()).toBe(0);
  await input.fill(query);
  await expect.poll(() => hits.count(), {message: query}).toBeGreaterThan(0);
  const href = await hits.locator('a').first().getAttribute('data-href');
  if (!href) throw new Error(`no address on the modal's first hit for "${query}"`);
  return href;
}
