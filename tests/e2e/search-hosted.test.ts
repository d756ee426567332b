import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser} from 'playwright-core';
import {engineFromIndexFile} from '@fsc-docs/search/engineFromIndexFile';
import {createSearchEngine} from '@fsc-docs/search/engine';
import type {DocSearchRecord, SearchResponse} from '@fsc-docs/search/types';
import type {SearchEngine} from '@fsc-docs/search/engine';
import {requestParams} from '@fsc-docs/search/params';
import {startDouble, type HttpDouble} from '@fsc-docs/search/support/httpDouble';
import {connectBrowser} from './support/browser';
import {reusedPage} from './support/reusedPage';
import {startStaticServer, type StaticServer} from '../../support/staticServer.mjs';
import {ALGOLIA_DOUBLE_PORT, BUILD_TIMEOUT_MS, builtSite} from './support/site';
import {policyForBuild} from '../../deploy/csp.mjs';
import {resolveSiteUrl} from '../../config/site';

/** The test build's address (no SITE_URL): its records' URLs start with it. */
const SITE_URL = resolveSiteUrl({});

/**
 * The test build (scripts/test.mjs) is configured for hosted Algolia, with its hosts pointed at an
 * Algolia-shaped double on 127.0.0.1. The double answers from the published build's records, so
 * the results are real; it records every request so the body can be checked. Like Algolia, it
 * returns the records' text raw in highlights and snippets (the engine does, too), and the query
 * "hostilecheck" finds two records holding markup, as a compromised index could; "offsitecheck"
 * finds one record of the site and three whose URL names another host.
 */
let variant: StaticServer;
let algolia: HttpDouble;
let browser: Browser;

let variantDir: string;

async function publishedEngine(): Promise<SearchEngine> {
  const dir = await builtSite('published');
  const file = fs.readdirSync(dir).find((name) => /^search-index\.[0-9a-f]+\.json$/.test(name));
  return engineFromIndexFile(fs.readFileSync(path.join(dir, file!), 'utf8'));
}

/**
 * Records whose text is markup: it must show as text, never run or load anything. And records
 * whose URL's path names another host: they must not be listed at all.
 */
function hostileEngine(): SearchEngine {
  const record = (
    position: number,
    lvl1: string,
    content: string | null,
    path = '/introduction/',
  ): DocSearchRecord => ({
    objectID: `hostile-${position}`,
    url: `${SITE_URL}${path}#hostile-${position}`,
    url_without_anchor: `${SITE_URL}${path}`,
    anchor: `hostile-${position}`,
    type: content ? 'content' : 'lvl1',
    hierarchy: {
      lvl0: 'Introduction',
      lvl1,
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content,
    weight: {level: content ? 0 : 90, position, pageRank: 0},
    language: 'en',
    docusaurus_tag: 'docs-default-current',
  });
  return createSearchEngine([
    record(0, 'Hostilecheck <pending> state', null),
    record(
      1,
      'Hostilecheck <img src=x-hostile-image> page',
      'Hostilecheck <img src=x-hostile-image> then <meta http-equiv="refresh" content="0;url=/support/contact">',
    ),
    record(2, 'Offsitecheck on this site', null),
    record(3, 'Offsitecheck double slash', null, '//evil.example/slash'),
    record(4, 'Offsitecheck backslash', null, '/\\evil.example/backslash'),
    record(5, 'Offsitecheck tab', null, '/\t/evil.example/tab'),
  ]);
}

/**
 * Algolia's answer, with `matchLevel` left out of one snippet: what a back end returns beyond the
 * usual shape must be escaped all the same.
 */
function withoutMatchLevel(result: SearchResponse): object {
  return {
    ...result,
    hits: result.hits.map((hit) => {
      const content = hit._snippetResult?.content;
      if (hit.objectID !== 'hostile-1' || !content) return hit;
      return {...hit, _snippetResult: {...hit._snippetResult, content: {value: content.value}}};
    }),
  };
}

beforeAll(async () => {
  const engine = await publishedEngine();
  variantDir = await builtSite('variant');
  const hostile = hostileEngine();
  algolia = await startDouble((request) => {
    if (request.method === 'POST' && request.path === '/1/indexes/*/queries') {
      const {requests} = request.body as {requests: {indexName: string}[]};
      return {
        status: 200,
        body: {
          results: requests.map((entry) => {
            const params = requestParams(entry);
            if (!/^(hostile|offsite)check$/.test(String(params.query))) {
              return engine.search(params, entry.indexName);
            }
            return withoutMatchLevel(hostile.search(params, entry.indexName));
          }),
        },
      };
    }
    return {status: 404, body: {message: 'Not found', status: 404}};
  }, ALGOLIA_DOUBLE_PORT);
  variant = await startStaticServer(variantDir);
  browser = await connectBrowser();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await variant?.close();
  await algolia?.close();
});

const reused = reusedPage(() => browser);
/** The shared page, reset and loaded at `path` of the test build. */
const visit = (path: string) => reused(variant.origin, path);

describe('hosted Algolia (test build)', () => {
  it('the modal shows the hosted results and sends the specified request', async () => {
    const {page, problems} = await visit('/introduction/');
    // Hosted mode loads the query-to-page prior from the site too: the client re-orders with it.
    const priorRequest = page.waitForRequest(/\/search-prior\.[0-9a-f]{8}\.json$/);
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('outway');
    await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    expect((await (await priorRequest).response())?.status()).toBe(200);

    const modalRequest = algolia.requests.find((request) =>
      JSON.stringify(request.body).includes('"outway"'),
    )!;
    expect(modalRequest.query.get('x-algolia-application-id')).toBe('TESTAPP');
    expect(modalRequest.query.get('x-algolia-api-key')).toBe('test-search-key');
    const [body] = (modalRequest.body as {requests: Record<string, unknown>[]}).requests;
    expect(body).toMatchObject({
      query: 'outway',
      indexName: 'docs-fsc',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: 20,
      snippetEllipsisText: '…',
    });
    expect(body!.attributesToRetrieve).toEqual([
      'hierarchy.lvl0',
      'hierarchy.lvl1',
      'hierarchy.lvl2',
      'hierarchy.lvl3',
      'hierarchy.lvl4',
      'hierarchy.lvl5',
      'hierarchy.lvl6',
      'content',
      'type',
      'url',
    ]);
    expect(body!.attributesToSnippet).toEqual(expect.arrayContaining(['content:10']));
    expect(JSON.stringify(body!.facetFilters)).toContain('language:en');
    expect(JSON.stringify(body!.facetFilters)).toContain('docusaurus_tag:docs-default-current');
    expect(problems.foreignRequests.every((url) => url.startsWith(algolia.url))).toBe(true);
  });

  it('keeps "Search by Algolia" in hosted mode, and offers "Let us know." for no results', async () => {
    const {page} = await visit('/introduction/');
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('xyzzyplugh');
    const noResults = page.locator('.DocSearch-NoResults');
    await expect.poll(() => noResults.count()).toBe(1);
    expect(await noResults.innerText()).toContain('Believe this query should return results?');
    const report = noResults.locator('a', {hasText: 'Let us know.'});
    expect(await report.getAttribute('href')).toBe('https://example.org/report?q=xyzzyplugh');
    expect(await page.locator('.DocSearch-Logo').isVisible()).toBe(true);
  });

  it('the /search page shows the hosted results', async () => {
    const before = algolia.requests.length;
    const {page} = await visit('/search?q=manager');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    expect(algolia.requests.length).toBeGreaterThan(before);
    // The request algoliasearch-helper made for the page, which the page now sends itself: one
    // search, the contextual filters, 20 hits a page.
    expect(algolia.requests.slice(before).map((request) => request.body)).toEqual([
      {
        requests: [
          {
            indexName: 'docs-fsc',
            advancedSyntax: true,
            facetFilters: [
              ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
              ['language:en'],
            ],
            hitsPerPage: 20,
            page: 0,
            query: 'manager',
          },
        ],
      },
    ]);
    expect(await page.locator('a[href="https://www.algolia.com/"]').count()).toBe(1);
  });

  it("/search keeps loading the newest query's results when an older query's search fails after them", async () => {
    const {page} = await visit('/search');
    // Algolia refuses the search of 'inway', once the page shows the results of 'outway'.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const isInway = (body: string | null) => Boolean(body?.includes('"query":"inway"'));
    await page.route(
      (url) => url.pathname === '/1/indexes/*/queries',
      async (route) => {
        if (!isInway(route.request().postData())) return route.continue();
        await released;
        // The client may have given the request up meanwhile (its read timeout, 2 s, on a busy
        // host): then the failure the page took in is that timeout, and nothing is left to refuse.
        await route
          .fulfill({status: 400, json: {message: 'Invalid query', status: 400}})
          .catch(() => undefined);
      },
    );
    // The refusal, or the client's own timeout of the held request: either way the search failed.
    const refused = new Promise<void>((resolve) => {
      page.on('response', (response) => isInway(response.request().postData()) && resolve());
      page.on('requestfailed', (request) => isInway(request.postData()) && resolve());
    });
    const field = page.locator('main input[type="search"]');
    await field.fill('inway');
    await page.waitForRequest((request) => isInway(request.postData()));
    await field.fill('outway');
    const results = page.locator('main article');
    await expect.poll(() => results.count(), {timeout: 15_000}).toBe(20);
    release();
    await refused;
    // Two frames: time for the refusal to be taken in, were it taken in.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // The late refusal did not end the list: scrolled to its end, it loads the next 20.
    await results.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => results.count(), {timeout: 10_000}).toBeGreaterThan(20);
  });

  it("shows markup in Algolia's answers as text, in the modal and on /search", async () => {
    const {page, requests} = await visit('/introduction/');
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('hostilecheck');
    const hits = page.locator('.DocSearch-Hit');
    await expect.poll(() => hits.count()).toBe(2);
    const modalText = await page.locator('.DocSearch-Dropdown').innerText();
    expect(modalText).toContain('<pending>');
    expect(modalText).toContain('<img src=x-hostile-image>');
    expect(await page.locator('.DocSearch-Dropdown img, meta[http-equiv]').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${variant.origin}/search?q=hostilecheck`);
    await expect.poll(() => page.locator('main article').count()).toBe(2);
    const pageText = await page.locator('main').innerText();
    expect(pageText).toContain('<pending>');
    expect(pageText).toContain('<img src=x-hostile-image>');
    expect(await page.locator('main article img, meta[http-equiv]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(requests.filter((url) => url.includes('x-hostile-image'))).toEqual([]);
  });

  it('lists no hit whose path names another host, in the modal or on /search', async () => {
    const {page} = await visit('/introduction/');
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('offsitecheck');
    const hits = page.locator('.DocSearch-Hit a');
    await expect.poll(() => hits.count()).toBeGreaterThan(0);
    expect(await hits.evaluateAll((links) => links.map((a) => a.dataset.href))).toEqual([
      '/introduction/#hostile-2',
    ]);
    await page.keyboard.press('Escape');

    await page.goto(`${variant.origin}/search?q=offsitecheck`);
    const links = page.locator('main article h2 a');
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    // The href as the browser resolves it: a protocol-relative one would name evil.example.
    expect(await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href))).toEqual(
      [`${variant.origin}/introduction/#hostile-2`],
    );
  });

  it('has only reviewed inline scripts (the announcement bar adds to the colour-mode script)', () => {
    const {hashes, mode} = policyForBuild(variantDir);
    expect(hashes.length).toBeGreaterThan(0);
    expect(mode).toBe('embedded'); // nothing in the build says hosted: the stricter default
  });

  it('ships no embedded index and no preconnect to a third party in the test build', async () => {
    const html = await (await fetch(variant.origin + '/introduction/')).text();
    expect(html).not.toContain('fsc:search-index');
    expect(fs.readdirSync(variantDir).some((name) => name.startsWith('search-index.'))).toBe(false);
  });
});
