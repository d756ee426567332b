import type {Page} from 'playwright-core';
import {describe, expect, it} from 'vitest';
import {NO_VIOLATIONS, violationsInBothModes} from './support/accessibilityScan';
import {refuseClipboard} from './support/clipboard';
import {reusedPage} from './support/reusedPage';
import {serveBuildForTests} from './support/servedSite';

// Every page of the site, the home page, the doc pages, the search page with hits and the
// not-found page, is scanned where the serving test opens it (serving.test.ts, ROUTE_LOADS): in
// the mode it opens in, then switched to the other. This file scans the states a visitor brings a
// page into, and the site's keyboard use.

const site = serveBuildForTests('published');

/** The page the cases share, reset before each (support/reusedPage.ts). */
const reused = reusedPage(() => site.browser);
/** The shared page at `path`, opened in dark mode (the site follows the system's preference). */
const visitDark = (path: string, options: Parameters<typeof reused>[2] = {}) =>
  reused(site.origin, path, {colorScheme: 'dark', ...options});

describe('WCAG 2.1 AA in dark and light mode', () => {
  it('a narrow screen, where the search button shows only its icon, has no violations', async () => {
    const {page} = await visitDark('/introduction/components', {
      viewport: {width: 390, height: 844},
    });
    expect(await violationsInBothModes(page, expect)).toEqual(NO_VIOLATIONS);
  });

  it('"Copy page" showing that the clipboard was refused has no violations', async () => {
    const {page} = await visitDark('/introduction/components', {beforeLoad: refuseClipboard});
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('did not allow');
    expect(await violationsInBothModes(page, expect)).toEqual(NO_VIOLATIONS);
    expect(await page.getByRole('status').innerText()).toContain('did not allow');
  });

  let modalPage: Page | undefined;

  /**
   * The introduction with the search modal open on the hits for "outway", opened in dark mode. The
   * case of the page a hit opens takes over the modal's case's page, scanned (and so switched to
   * light mode) with the modal still open on its hits: one load, one first opening of the modal
   * and one search for both. Run alone, or after another case loaded the shared page, it gets one
   * of its own.
   */
  async function openModalWithResults() {
    const page = modalPage;
    if (
      page &&
      !page.isClosed() &&
      (await page.evaluate(() => 'fscModalWithResults' in window).catch(() => false)) &&
      (await page.locator('.DocSearch-Modal').isVisible()) &&
      (await page.locator('input.DocSearch-Input').inputValue()) === 'outway'
    )
      return page;
    const loaded = (await visitDark('/introduction/')).page;
    await loaded.evaluate(() => Object.assign(window, {fscModalWithResults: true}));
    await loaded.locator('button.DocSearch-Button').click();
    await loaded.locator('input.DocSearch-Input').fill('outway');
    await loaded.locator('.DocSearch-Hit').first().waitFor();
    modalPage = loaded;
    return loaded;
  }

  it('the open search modal with results has no violations', async () => {
    const page = await openModalWithResults();
    expect(await violationsInBothModes(page, expect, '.DocSearch-Modal')).toEqual(NO_VIOLATIONS);
    expect(await page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
  });

  it('a page opened from a hit, with its marks and their control, has no violations', async () => {
    const page = await openModalWithResults();
    await page.keyboard.press('Enter');
    await page.locator('.theme-doc-markdown mark.search-hit-mark').first().waitFor();
    expect(await violationsInBothModes(page, expect)).toEqual(NO_VIOLATIONS);
    expect(await page.locator('.theme-doc-markdown mark.search-hit-mark').count()).toBeGreaterThan(
      0,
    );
  });
});

describe('keyboard only', () => {
  it('reaches the navbar items, search, colour toggle, sidebar and table of contents, with visible focus', async () => {
    const {page} = await reused(site.origin, '/fsc-in-production/network-overview');
    // The page notes where each Tab took the focus, read once after the walk: a round trip to
    // the page after each of the 160 keys cost more than the keys themselves.
    await page.evaluate(() => {
      const walk: {name: string; visibleFocus: boolean}[] = [];
      Object.assign(window, {focusWalk: walk});
      document.addEventListener(
        'keyup',
        (event) => {
          const element = document.activeElement as HTMLElement | null;
          if (event.key !== 'Tab' || !element || element === document.body) return;
          const style = getComputedStyle(element);
          const regions: [string, string][] = [
            ['navbar', 'nav.navbar'],
            ['sidebar', '.theme-doc-sidebar-menu'],
            ['toc', '.table-of-contents'],
            ['main', 'main'],
            ['footer', 'footer'],
          ];
          const region = regions.find(([, selector]) => element.closest(selector))?.[0] ?? 'other';
          walk.push({
            name: `${region}|${element.getAttribute('href') ?? element.className}`,
            visibleFocus: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
          });
        },
        true,
      );
    });
    for (let step = 0; step < 160; step += 1) await page.keyboard.press('Tab');
    const walk = await page.evaluate(
      () => (window as unknown as {focusWalk: {name: string; visibleFocus: boolean}[]}).focusWalk,
    );
    const reached = new Set(walk.map((focused) => focused.name));
    const withoutVisibleFocus = walk
      .filter((focused) => !focused.visibleFocus)
      .map((focused) => focused.name);
    const names = [...reached];
    for (const expected of [
      '|/try-fsc/docker/introduction',
      '|https://directory-ui.demo.fsc.nlx.io',
      '|https://fsc-standaard.nl',
      '|/support/contact',
      'DocSearch-Button',
    ]) {
      expect(
        names.some((name) => name.startsWith('navbar') && name.includes(expected)),
        expected,
      ).toBe(true);
    }
    expect(
      names.some((name) => name.startsWith('navbar') && /toggle|colorMode|clean-btn/i.test(name)),
    ).toBe(true);
    expect(names.filter((name) => name.startsWith('sidebar')).length).toBeGreaterThan(30);
    expect(names.some((name) => name.startsWith('toc'))).toBe(true);
    expect(withoutVisibleFocus).toEqual([]);
  });
});
