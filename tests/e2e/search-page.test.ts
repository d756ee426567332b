import {describe, expect, it} from 'vitest';
import type {Page} from 'playwright-core';
import {openPage} from './support/browser';
import {reusedPage} from './support/reusedPage';
import {serveBuildForTests} from './support/servedSite';

const site = serveBuildForTests('published');
const reused = reusedPage(() => site.browser);
/** The shared page, reset and loaded at `path`: for the cases that need no fresh context. */
const visit = (path: string, options?: Parameters<typeof reused>[2]) =>
  reused(site.origin, path, options);

const results = (page: Page) => page.locator('main article');

/**
 * Records each value the page sets as HTML that holds the highlight tag: a hit's text handed to the
 * HTML parser. The page renders highlights as text and elements (highlightedText.ts).
 */
const recordHighlightsSetAsHtml = (page: Page) =>
  page.addInitScript(() => {
    const values: string[] = [];
    (window as unknown as {__highlightsAsHtml: string[]}).__highlightsAsHtml = values;
    const property = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    Object.defineProperty(Element.prototype, 'innerHTML', {
      ...property,
      set(this: Element, value: string) {
        if (String(value).includes('<em>')) values.push(String(value));
        property.set!.call(this, value);
      },
    });
  });

describe('/search page', () => {
  it("opens a result with the matched words marked, a plural folded to the page's word", async () => {
    const {page} = await visit(`/search?q=${encodeURIComponent('renew certificates')}`);
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    const link = results(page).first().locator('h2 a');
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href.split('#')[0]);
    const marks = page.locator('.theme-doc-markdown mark.search-hit-mark');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    const words = new Set((await marks.allInnerTexts()).map((text) => text.toLowerCase()));
    expect(
      [...words].every((word) => ['renew', 'certificate', 'certificates'].includes(word)),
    ).toBe(true);
    expect(new URL(page.url()).search).toBe(''); // the words travel in the history entry, not the address
  });

  it('shows the results for q, 20 at a time, loads more on scroll and keeps the query in the address', async () => {
    const {page, problems} = await visit('/search?q=certificate', {
      initScripts: [recordHighlightsSetAsHtml],
    });
    await expect.poll(() => results(page).count()).toBe(20);
    expect(await page.locator('main h1').innerText()).toBe('Search results for "certificate"');
    expect(await page.locator('main').innerText()).toMatch(/\d+ documents found/);
    const firstLink = await results(page).first().locator('h2 a').getAttribute('href');
    expect(firstLink).toMatch(/^\//);
    await page.locator('main article').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => results(page).count(), {timeout: 10_000}).toBeGreaterThan(20);

    await page.locator('main input[type="search"]').fill('helm inway');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('helm inway');
    await expect
      .poll(() => results(page).first().locator('h2 a').getAttribute('href'))
      .toContain('/try-fsc/helm/8-inway');
    // Algolia's default highlight tag, which the search page does not override.
    expect(await page.locator('main article em').count()).toBeGreaterThan(0);
    // ... rendered as elements: no hit's text went through the HTML parser.
    expect(
      await page.evaluate(
        () => (window as unknown as {__highlightsAsHtml: string[]}).__highlightsAsHtml,
      ),
    ).toEqual([]);
    expect(problems.errors).toEqual([]);
    expect(problems.foreignRequests).toEqual([]);
  });

  it('fetches what every query needs when its field has focus, before the first query', async () => {
    const {page, requests} = await visit('/search');
    const manifests = () => requests.filter((url) => /\/search-shards\/manifest\./.test(url));
    await expect.poll(() => manifests().length).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    expect(requests.filter((url) => /\/search-shards\/[0-9a-f]+-[pt]\d+\./.test(url))).toEqual([]);
  });

  it("preloads its route's scripts from its HTML, each fetched once; no other page does", async () => {
    const htmlOf = async (path: string) => (await fetch(site.origin + path)).text();
    const preloadsOf = (html: string) =>
      [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script"/g)].map(
        ([, href]) => href!,
      );
    const html = await htmlOf('/search');
    const preloaded = preloadsOf(html);
    const fileOf = (url: string) => new URL(url, site.origin).pathname;

    // The scripts the page loads with its preloads taken out, beyond those its HTML names (its
    // resource timing leaves out what its worker loads).
    const {page: unpreloaded} = await visit('/search?q=manager', {
      beforeLoad: (page) =>
        page.route(
          (url) => url.pathname === '/search',
          async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replace(/<link rel="preload"[^>]*>/g, '');
            await route.fulfill({response, body});
          },
        ),
    });
    await expect.poll(() => results(unpreloaded).count()).toBeGreaterThan(0);
    const ownScripts = [...html.matchAll(/<script src="?([^" >]+)/g)].map(([, src]) => src!);
    const needed = await unpreloaded.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        ({name, initiatorType}) => ({path: new URL(name).pathname, initiatorType}),
      ),
    );
    const routeScripts = needed
      .filter(
        ({path, initiatorType}) =>
          initiatorType === 'script' && path.endsWith('.js') && !ownScripts.includes(path),
      )
      .map(({path}) => path);
    expect(routeScripts.length).toBeGreaterThan(0);
    expect(preloaded.map(fileOf).sort()).toEqual(routeScripts.sort());

    const requested: string[] = [];
    const {page, problems} = await visit('/search?q=manager', {
      beforeLoad: (page) => page.on('request', (request) => requested.push(fileOf(request.url()))),
    });
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    for (const file of preloaded.map(fileOf))
      expect(
        requested.filter((path) => path === file),
        file,
      ).toHaveLength(1);
    expect(problems.errors).toEqual([]);

    for (const other of ['/', '/introduction/'])
      expect(preloadsOf(await htmlOf(other))).toEqual([]);
  });

  it('does not claim "Powered by Algolia" in embedded mode', async () => {
    const {page} = await visit('/search?q=manager');
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="https://www.algolia.com/"]').count()).toBe(0);
  });

  it('reads the sharded index in a worker: the page fetches the manifest and, before its answer, the table; the worker the rest', async () => {
    const manifest = /\/search-shards\/manifest\.[0-9a-f]+\.json$/;
    const table = /\/search-shards\/[0-9a-f]+-table\.json$/;
    let tableAsked = false;
    let tableAskedBeforeManifest = false;
    const {page} = await visit('/search?q=manager', {
      beforeLoad: async (page) => {
        page.on('request', (request) => {
          if (table.test(request.url())) tableAsked = true;
        });
        // The manifest's answer is held until the table is asked for, or for 5 s: one round trip
        // for both, not the table after the manifest.
        await page.route(manifest, async (route) => {
          for (let waited = 0; !tableAsked && waited < 5000; waited += 50)
            await new Promise((resolve) => setTimeout(resolve, 50));
          tableAskedBeforeManifest = tableAsked;
          await route.continue();
        });
      },
    });
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    expect(tableAskedBeforeManifest).toBe(true);
    // The page's own resource timing holds what the page fetched, not what its worker did.
    const fetchedByPage = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/search-shards/')),
    );
    expect(fetchedByPage).toHaveLength(2);
    expect(fetchedByPage).toEqual(
      expect.arrayContaining([expect.stringMatching(manifest), expect.stringMatching(table)]),
    );
    const workers = page.workers().map((worker) => new URL(worker.url()).pathname);
    expect(workers).toEqual([expect.stringMatching(/\/search-shards-worker\.[0-9a-f]+\.js$/)]);
  });

  it("shows 'Unable to fetch results' when the index cannot be fetched, and 'Try again' searches again", async () => {
    const index = /\/search-shards\/[^/]+\.json$/; // the sharded index's files
    const {page} = await visit('/search?q=manager', {
      beforeLoad: (page) => page.route(index, (route) => route.abort('connectionrefused')),
    });
    const alert = page.locator('main [role="alert"]');
    await expect.poll(() => alert.count(), {timeout: 15_000}).toBe(1);
    expect(await alert.innerText()).toContain('Unable to fetch results');
    expect(await alert.innerText()).toContain('You might want to check your network connection.');
    await page.unroute(index);
    await alert.getByRole('button', {name: 'Try again'}).click();
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    expect(await alert.count()).toBe(0);
  });

  it('keeps its layout while results arrive: cumulative layout shift below 0.1 on a phone', async () => {
    const {page} = await openPage(site.browser, site.origin, {
      viewport: {width: 412, height: 823},
      isMobile: true,
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as {__shifts: number[]}).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({type: 'layout-shift', buffered: true});
    });
    await page.goto(`${site.origin}/search?q=manager`);
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(() =>
      (window as unknown as {__shifts: number[]}).__shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThan(0.1);
    await page.context().close();
  });

  it('shows a query with markup as text, and nothing runs', async () => {
    let dialogs = 0;
    const query = '<img src=x onerror=alert(1)> "><script>window.__xss=1</script> manager';
    const {page} = await visit(`/search?q=${encodeURIComponent(query)}`, {
      // Before the load: the query runs (or not) as the page renders it.
      beforeLoad: (page) =>
        page.on('dialog', (dialog) => {
          dialogs += 1;
          void dialog.dismiss();
        }),
    });
    await expect
      .poll(() => page.locator('main h1').innerText())
      .toBe(`Search results for "${query}"`);
    // the search has answered (the unclosed quote makes the rest one phrase no page holds)
    await expect.poll(() => page.locator('main').innerText()).toContain('No results were found');
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as {__xss?: number}).__xss),
    ).toBeUndefined();
    expect(dialogs).toBe(0);
  });
});
