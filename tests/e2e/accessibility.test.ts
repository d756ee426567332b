import {AxeBuilder} from '@axe-core/playwright';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {BrowserContext} from 'playwright-core';
import {waitForHydration} from './support/browser';
import {refuseClipboard} from './support/clipboard';
import {serveBuildForTests} from './support/servedSite';
import {DOC_ROUTES} from './support/site';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PAGES = [
  '/',
  ...DOC_ROUTES.map((route) => route.path),
  '/search?q=manager',
  '/this-page-does-not-exist',
];

const site = serveBuildForTests('published');

function describeViolations(
  violations: {id: string; help: string; nodes: {target: unknown[]}[]}[],
): string[] {
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`WCAG 2.1 AA in ${colorScheme} mode`, () => {
    let context: BrowserContext;

    beforeAll(async () => {
      // The site respects the system preference, so the emulated scheme selects the colour mode.
      context = await site.browser.newContext({colorScheme});
    });

    afterAll(async () => {
      await context?.close();
    });

    // The pages are checked a few at a time (the e2e project's maxConcurrency): axe's work is in the
    // browser, and one page at a time left the second core idle. Three scans share one browser
    // beside another test file: on a slow 2-core host the longest pages took over the e2e default
    // of 60 s (a clean CI run on 2026-11-28), without a violation.
    it.concurrent.for(PAGES)('%s has no violations', {timeout: 180_000}, async (path, {expect}) => {
      const page = await context.newPage();
      await page.goto(site.origin + path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(
        colorScheme,
      );
      if (path.startsWith('/search')) {
        await page.locator('main article').first().waitFor();
      }
      const results = await new AxeBuilder({page}).withTags(WCAG_TAGS).analyze();
      // The current axe-core (package.json overrides it under @axe-core/playwright): 4.14 added checks 4.13 lacked.
      expect(results.testEngine.version).toMatch(/^4\.14\./);
      expect(describeViolations(results.violations)).toEqual([]);
      await page.close();
    });

    it('a narrow screen, where the search button shows only its icon, has no violations', async () => {
      const page = await context.newPage();
      await page.setViewportSize({width: 390, height: 844});
      await page.goto(site.origin + '/introduction/components');
      await waitForHydration(page);
      const results = await new AxeBuilder({page}).withTags(WCAG_TAGS).analyze();
      expect(describeViolations(results.violations)).toEqual([]);
      await page.close();
    });

    it('"Copy page" showing that the clipboard was refused has no violations', async () => {
      const page = await context.newPage();
      await refuseClipboard(page);
      await page.goto(site.origin + '/introduction/components');
      await waitForHydration(page);
      await page.getByRole('button', {name: 'Copy page'}).click();
      await expect.poll(() => page.getByRole('status').innerText()).toContain('did not allow');
      const results = await new AxeBuilder({page}).withTags(WCAG_TAGS).analyze();
      expect(describeViolations(results.violations)).toEqual([]);
      await page.close();
    });

    it('the open search modal with results has no violations', async () => {
      const page = await context.newPage();
      await page.goto(site.origin + '/introduction/');
      await waitForHydration(page);
      await page.locator('button.DocSearch-Button').click();
      await page.locator('input.DocSearch-Input').fill('outway');
      await page.locator('.DocSearch-Hit').first().waitFor();
      const results = await new AxeBuilder({page})
        .include('.DocSearch-Modal')
        .withTags(WCAG_TAGS)
        .analyze();
      expect(describeViolations(results.violations)).toEqual([]);
      await page.close();
    });

    it('a page opened from a hit, with its marks and their control, has no violations', async () => {
      const page = await context.newPage();
      await page.goto(site.origin + '/introduction/');
      await waitForHydration(page);
      await page.locator('button.DocSearch-Button').click();
      await page.locator('input.DocSearch-Input').fill('outway');
      await page.locator('.DocSearch-Hit').first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.theme-doc-markdown mark.search-hit-mark').first().waitFor();
      const results = await new AxeBuilder({page}).withTags(WCAG_TAGS).analyze();
      expect(describeViolations(results.violations)).toEqual([]);
      await page.close();
    });
  });
}

describe('keyboard only', () => {
  it('reaches the navbar items, search, colour toggle, sidebar and table of contents, with visible focus', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.origin + '/fsc-in-production/network-overview');
    await waitForHydration(page);
    const reached = new Set<string>();
    const withoutVisibleFocus: string[] = [];
    for (let step = 0; step < 160; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const regions: [string, string][] = [
          ['navbar', 'nav.navbar'],
          ['sidebar', '.theme-doc-sidebar-menu'],
          ['toc', '.table-of-contents'],
          ['main', 'main'],
          ['footer', 'footer'],
        ];
        const region = regions.find(([, selector]) => element.closest(selector))?.[0] ?? 'other';
        return {
          name: `${region}|${element.getAttribute('href') ?? element.className}`,
          visibleFocus: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        };
      });
      if (!focused) continue;
      reached.add(focused.name);
      if (!focused.visibleFocus) withoutVisibleFocus.push(focused.name);
    }
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
    await page.close();
  });
});
