// A tab left open across a deploy. The server switches from release A (the build) to release B,
// made by copying A and renaming files the way a real next release renames them: every script
// chunk gets a new content hash (the old names are gone) and/or the search index gets new ones
// (one doc changed: the index file, the sharded index's manifest and its shards). References in
// the pages, the runtime and the manifest are rewritten to match, so B is a consistent site whose
// old hashed files are missing, which is what a tab of A meets.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import serveHandler from 'serve-handler';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser, Page} from 'playwright-core';
import {connectBrowser} from './support/browser';
import {reusedPage} from './support/reusedPage';
import {BUILD_TIMEOUT_MS, builtSite} from './support/site';

const HASHED_CHUNK = /^(.+)\.([0-9a-f]{8})\.js$/;
const INDEX_FILE = /^search-index\.([0-9a-f]+)\.json$/;
const SHARDS_DIR = 'search-shards';
const MANIFEST = /^manifest\.([0-9a-f]{8})\.json$/;
const SHARD = /^([0-9a-f]{8})-(.+)$/;

/** Another hash of the same length: every hex digit moved on by one. */
const nextHash = (hash: string) =>
  hash.replace(/[0-9a-f]/g, (digit) => ((parseInt(digit, 16) + 1) % 16).toString(16));

function textFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.(html|js)$/.test(name) || name.startsWith(`${SHARDS_DIR}/manifest.`))
    .map((name) => path.join(dir, name));
}

/**
 * Release B from a copy of A: `chunks` renames every hashed script, `index` renames the search
 * index (the whole file, the manifest and every shard), `dropIndex` leaves no index at all (a
 * broken deploy).
 */
function makeRelease(
  from: string,
  to: string,
  changes: {chunks?: boolean; index?: boolean; dropIndex?: boolean},
): void {
  fs.cpSync(from, to, {recursive: true});
  const renames = new Map<string, string>();
  const js = path.join(to, 'assets/js');
  if (changes.chunks) {
    for (const name of fs.readdirSync(js)) {
      const match = HASHED_CHUNK.exec(name);
      if (!match) continue;
      renames.set(match[2]!, nextHash(match[2]!));
      fs.renameSync(path.join(js, name), path.join(js, `${match[1]}.${nextHash(match[2]!)}.js`));
    }
  }
  const index = fs.readdirSync(to).find((name) => INDEX_FILE.test(name))!;
  const shards = path.join(to, SHARDS_DIR);
  if (changes.dropIndex) {
    fs.rmSync(path.join(to, index));
    fs.rmSync(shards, {recursive: true});
  }
  if (changes.index) {
    const hash = INDEX_FILE.exec(index)![1]!;
    renames.set(hash, nextHash(hash));
    fs.renameSync(path.join(to, index), path.join(to, `search-index.${nextHash(hash)}.json`));
    for (const name of fs.readdirSync(shards)) {
      const [, hash, rest] = MANIFEST.exec(name) ?? SHARD.exec(name) ?? [];
      if (!hash) continue;
      renames.set(hash, nextHash(hash));
      const renamed =
        rest === undefined ? `manifest.${nextHash(hash)}.json` : `${nextHash(hash)}-${rest}`;
      fs.renameSync(path.join(shards, name), path.join(shards, renamed));
    }
  }
  if (renames.size === 0) return;
  const pattern = new RegExp(`\\b(${[...renames.keys()].join('|')})\\b`, 'g');
  for (const file of textFiles(to)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const fresh of renames.values()) {
      if (text.includes(fresh)) throw new Error(`${fresh} is already in ${file}: choose another`);
    }
    const renamed = text.replace(pattern, (hash) => renames.get(hash)!);
    if (renamed !== text) fs.writeFileSync(file, renamed);
  }
}

/** A static server whose root can be switched, as a deploy switches it. */
let root = '';
let server: http.Server;
let origin = '';
let browser: Browser;
const releases = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-releases-'));
const release = (name: string) => path.join(releases, name);

beforeAll(async () => {
  fs.cpSync(await builtSite('published'), release('a'), {recursive: true});
  makeRelease(release('a'), release('chunks-and-index'), {chunks: true, index: true});
  makeRelease(release('a'), release('index'), {index: true});
  makeRelease(release('a'), release('no-index'), {dropIndex: true});
  server = http.createServer((req, res) => {
    void serveHandler(req, res, {public: root, cleanUrls: true, directoryListing: false});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await connectBrowser();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(releases, {recursive: true, force: true});
});

const visit = reusedPage(() => browser);

/** Empties the browser's HTTP cache, as a first visit to the site finds it. */
async function clearHttpCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/**
 * A page of release A, hydrated, then the server switched to `next`; counts the page's loads. The
 * cases share one page (support/reusedPage.ts), whose cache is emptied first, as a new context's
 * was: it holds the files of the releases the cases before loaded, such as A's index, and the
 * server sends no lifetime, so Chromium may take a file from it for a tenth of the file's age
 * without asking; a request the next release's server refuses (the test relies on that refusal)
 * could then be answered from the cache.
 */
async function tabAcrossDeploy(next: string) {
  root = release('a');
  const opened = await visit(origin, '/introduction/', {beforeLoad: clearHttpCache});
  let loads = 0;
  // The page's load listener from a case before counts for that case only.
  opened.page.removeAllListeners('load');
  opened.page.on('load', () => (loads += 1));
  root = release(next);
  return {...opened, loads: () => loads};
}
type Tab = Awaited<ReturnType<typeof tabAcrossDeploy>>;

const hits = (page: Page) => page.locator('.DocSearch-Hit');
const unhandled = (errors: string[]) => errors.filter((error) => error.startsWith('pageerror'));

describe('a tab left open across a deploy', () => {
  it('search code and index gone: one reload, the modal opens again, then hits', async () => {
    const {page, problems, loads} = await tabAcrossDeploy('chunks-and-index');
    await page.locator('button.DocSearch-Button').click();
    await expect.poll(loads).toBe(1);
    await expect.poll(() => page.locator('input.DocSearch-Input').isVisible()).toBe(true);
    await page.locator('input.DocSearch-Input').fill('manager');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(loads()).toBe(1);
    expect(unhandled(problems.errors)).toEqual([]);
  });

  /** Types 'manager' into the open modal: the page reloads once and opens it again with the query and hits. */
  async function expectOneReloadThenHits({page, problems, loads}: Tab) {
    await page.locator('input.DocSearch-Input').fill('manager');
    await expect.poll(loads).toBe(1);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(await page.locator('input.DocSearch-Input').inputValue()).toBe('manager');
    expect(loads()).toBe(1);
    expect(unhandled(problems.errors)).toEqual([]);
  }

  it('index gone while the modal is open: one reload, the modal again with the query, then hits', async () => {
    const tab = await tabAcrossDeploy('index');
    await tab.page.locator('button.DocSearch-Button').click();
    await expectOneReloadThenHits(tab);
  });

  it('a shard gone after the modal opened: one reload, the modal again with the query, then hits', async () => {
    const tab = await tabAcrossDeploy('a');
    const {page} = tab;
    // Release A's manifest and table are in the page before the deploy; its shards are not.
    const opened = page.waitForResponse((response) => /-table\.json$/.test(response.url()));
    await page.locator('button.DocSearch-Button').click();
    await opened;
    await expect.poll(() => page.locator('input.DocSearch-Input').isVisible()).toBe(true);
    root = release('index');
    await expectOneReloadThenHits(tab);
  });

  it("/search's HTML came just before the deploy, the index it names is gone: one reload, then results", async () => {
    root = release('a');
    let loads = 0;
    const gone: string[] = [];
    const {page, problems} = await visit(origin, '/search?q=manager', {
      beforeLoad: async (page) => {
        await clearHttpCache(page);
        page.on('load', () => (loads += 1));
        page.on('response', (response) => {
          if (response.status() === 404) gone.push(new URL(response.url()).pathname);
        });
        // Release A's HTML, which names A's manifest and table; then release B is served.
        await page.route(
          (url) => url.pathname === '/search',
          async (route) => {
            const response = await route.fetch();
            root = release('index');
            await route.fulfill({response});
          },
        );
      },
    });
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    expect(loads).toBe(2);
    expect(gone).toEqual(expect.arrayContaining([expect.stringMatching(/\/manifest\./)]));
    expect(unhandled(problems.errors)).toEqual([]);
  });

  it('a release without its index: one reload only, then the error state, and typing tries again', async () => {
    const {page, problems, loads} = await tabAcrossDeploy('no-index');
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('manager');
    await expect.poll(loads).toBe(1);
    const errorScreen = page.locator('.DocSearch-ErrorScreen');
    await expect.poll(() => errorScreen.isVisible()).toBe(true);
    expect(await errorScreen.innerText()).toContain('Unable to fetch results');
    // The operator puts release A back: the page's index is there again, and the next query finds it.
    root = release('a');
    await page.locator('input.DocSearch-Input').fill('outway');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(loads()).toBe(1);
    expect(unhandled(problems.errors)).toEqual([]);
  });
});
