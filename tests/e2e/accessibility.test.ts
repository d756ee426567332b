import fs from 'node:fs';
import {createRequire} from 'node:module';
import type axe from 'axe-core';
import {describe, expect, it} from 'vitest';
import type {Page} from 'playwright-core';
import {openPage, waitForHydration} from './support/browser';
import {refuseClipboard} from './support/clipboard';
import {DIAGRAMS_BY_ROUTE, expectDiagrams} from './support/diagrams';
import {pagePool} from './support/pagePool';
import {serveBuildForTests} from './support/servedSite';
import {DOC_ROUTES} from './support/site';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG rules whose outcome the colour mode can change: the colours, and the images, since the
 * logo is a different image in each mode and Mermaid draws each diagram anew. Everything else axe
 * checks (names, roles, landmarks, structure, language) reads a DOM that the switch leaves as it
 * is, so light mode is scanned for these only: colour contrast, the most costly rule, still runs on
 * every node in both modes, and the rest of a second full scan found nothing the first could not.
 */
const RULES_THE_MODE_CHANGES = [
  'color-contrast',
  'link-in-text-block',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
];
const NOT_FOUND = '/this-page-does-not-exist';
const PAGES = ['/', ...DOC_ROUTES.map((route) => route.path), '/search?q=manager', NOT_FOUND];

const site = serveBuildForTests('published');

function describeViolations(
  violations: {id: string; help: string; nodes: {target: unknown[]}[]}[],
): string[] {
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** axe-core's minified build: a third of the size of the one `import 'axe-core'` gives as source. */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's WCAG 2.1 AA violations in what the page shows now (within `include`, when given).
 *
 * axe runs in the page, put there once per document: the second scan of a page (light mode) finds
 * it there. @axe-core/playwright, used before, put axe's unminified source (1.5 MB) into the page
 * twice for every scan, four times a page, at 0.1-0.4 s of the renderer's CPU each (2026-11-28).
 * Like its legacy mode, axe runs in the top document only: frames of another origin
 * would not be scanned, and the site has no frames at all, which the first assertion keeps true.
 * Only violations are collected in full: nothing else is read.
 */
async function violations(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  expect(page.frames()).toHaveLength(1);
  const options: axe.RunOptions = {
    runOnly: rules ? {type: 'rule', values: rules} : {type: 'tag', values: WCAG_TAGS},
    resultTypes: ['violations'],
  };
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({include, options}) =>
      (window as unknown as {axe: typeof axe}).axe.run(include ?? document, options),
    {include, options},
  );
  // The current axe-core (package.json pins it): 4.14 added checks 4.13 lacked.
  expect(results.testEngine.version).toMatch(/^4\.14\./);
  return describeViolations(results.violations);
}

/**
 * Switches the open page from dark to light mode as a visitor's system does (the site follows the
 * system's preference until the visitor picks a mode), and waits until the page shows light mode:
 * the theme attribute, every diagram drawn anew (Mermaid draws in the browser, in the mode's
 * colours) and the colour transitions ended (axe would read a colour halfway).
 */
async function switchToLight(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const svg of document.querySelectorAll('.docusaurus-mermaid-container svg'))
      svg.setAttribute('data-drawn-dark', '');
  });
  await page.emulateMedia({colorScheme: 'light'});
  await page.waitForFunction(() => {
    const containers = [...document.querySelectorAll('.docusaurus-mermaid-container')];
    return (
      document.documentElement.dataset.theme === 'light' &&
      containers.every((container) => container.querySelector('svg:not([data-drawn-dark])'))
    );
  });
  await page.evaluate(async () => {
    // A transition starts with the style update of the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * The violations of the page as it is, in dark mode (the mode it was opened in), then in light
 * mode for the rules the mode can change. One load serves both modes, and the state a test brought
 * the page into (an open modal, a message) is scanned in both; the modes do not differ in anything
 * but the switch itself.
 */
async function violationsInBothModes(
  page: Page,
  include?: string,
): Promise<{dark: string[]; light: string[]}> {
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  const dark = await violations(page, include);
  await switchToLight(page);
  return {dark, light: await violations(page, include, RULES_THE_MODE_CHANGES)};
}

const NONE = {dark: [], light: []};

/** A page opened in dark mode (the site follows the system's preference, which this emulates). */
function openDark(options: {viewport?: {width: number; height: number}} = {}) {
  return openPage(site.browser, site.origin, {colorScheme: 'dark', ...options});
}

/** Dark pages kept open from scan to scan, back in dark mode before each (a scan ends in light). */
const withDarkPage = pagePool(openDark, ({page}) => page.emulateMedia({colorScheme: 'dark'}));

describe('WCAG 2.1 AA in dark and light mode', () => {
  // The pages are checked a few at a time (the e2e project's maxConcurrency): axe's work is in the
  // browser, and one page at a time left the second core idle. Three pages share one browser
  // beside another test file: on a slow 2-core host the longest pages took over the e2e default of
  // 60 s (a clean CI run on 2026-11-28), without a violation. Each is loaded in a page of the pool,
  // which the page checked before it left in light mode.
  it.concurrent.for(PAGES)(
    '%s has no violations and logs no error',
    {timeout: 180_000},
    (path, {expect}) =>
      withDarkPage(async ({page, problems}) => {
        await page.goto(site.origin + path);
        await waitForHydration(page);
        if (path.startsWith('/search')) {
          await page.locator('main article').first().waitFor();
        }
        // A doc page's diagrams, drawn in dark mode (the pages test's check, on this load), and
        // scanned drawn.
        if (DIAGRAMS_BY_ROUTE.has(path)) await expectDiagrams(page, path, expect);
        expect(await violationsInBothModes(page)).toEqual(NONE);
        // The serving test reads the console of every page opened in light mode; this of dark mode.
        // Chromium reports the not-found page's own status as an error.
        expect(problems.errors).toEqual(
          path === NOT_FOUND
            ? [
                'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
              ]
            : [],
        );
      }),
  );

  it('a narrow screen, where the search button shows only its icon, has no violations', async () => {
    const {page} = await openDark({viewport: {width: 390, height: 844}});
    await page.goto(site.origin + '/introduction/components');
    await waitForHydration(page);
    expect(await violationsInBothModes(page)).toEqual(NONE);
    await page.context().close();
  });

  it('"Copy page" showing that the clipboard was refused has no violations', async () => {
    const {page} = await openDark();
    await refuseClipboard(page);
    await page.goto(site.origin + '/introduction/components');
    await waitForHydration(page);
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('did not allow');
    expect(await violationsInBothModes(page)).toEqual(NONE);
    expect(await page.getByRole('status').innerText()).toContain('did not allow');
    await page.context().close();
  });

  /** A dark page of the introduction with the search modal open on the hits for "outway". */
  async function openModalWithResults() {
    const {page} = await openDark();
    await page.goto(site.origin + '/introduction/');
    await waitForHydration(page);
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('outway');
    await page.locator('.DocSearch-Hit').first().waitFor();
    return page;
  }

  it('the open search modal with results has no violations', async () => {
    const page = await openModalWithResults();
    expect(await violationsInBothModes(page, '.DocSearch-Modal')).toEqual(NONE);
    expect(await page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('a page opened from a hit, with its marks and their control, has no violations', async () => {
    const page = await openModalWithResults();
    await page.keyboard.press('Enter');
    await page.locator('.theme-doc-markdown mark.search-hit-mark').first().waitFor();
    expect(await violationsInBothModes(page)).toEqual(NONE);
    expect(await page.locator('.theme-doc-markdown mark.search-hit-mark').count()).toBeGreaterThan(
      0,
    );
    await page.context().close();
  });
});

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
