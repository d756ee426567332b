import {themes} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import {readablePrismTheme} from '../../config/readablePrismTheme';
import {openPage, waitForHydration} from './support/browser';
import {reusedPage} from './support/reusedPage';
import {serveBuildForTests} from './support/servedSite';
import {DIAGRAMS_BY_ROUTE} from './support/diagrams';
import {DOC_ROUTES, SPEC_DOC_PATHS} from './support/site';

const site = serveBuildForTests('published');
/** The page the code block cases navigate, reset before each. */
const visit = reusedPage(() => site.browser);

describe('page structure', () => {
  it.each(DOC_ROUTES.map((route) => route.path))(
    '%s has one h1, a description and at least one h2',
    async (path) => {
      const html = await (await fetch(site.origin + path)).text();
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      const description = /<meta[^>]+name="?description"?[^>]+content="([^"]+)"/.exec(html)?.[1];
      expect(description?.length ?? 0).toBeGreaterThan(40);
      expect((html.match(/<h2[\s>]/g) ?? []).length).toBeGreaterThan(0);
    },
  );
});

describe('Mermaid diagrams', () => {
  // Each page with diagrams is checked where it is loaded anyway (support/diagrams.ts): by the
  // serving test, under the production policy, in the mode the page opened in and again in the
  // other mode, which its accessibility scan switches to. This keeps those checks from passing on
  // a site without diagrams.
  it('the docs have at least three diagrams', () => {
    const diagrams = [...DIAGRAMS_BY_ROUTE.values()].reduce((sum, count) => sum + count, 0);
    expect(diagrams).toBeGreaterThanOrEqual(3);
  });
});

describe('tutorial steps', () => {
  for (const {category, paths} of SPEC_DOC_PATHS.filter((section) =>
    section.category.startsWith('Try FSC'),
  )) {
    it(`${category}: previous and next links follow the step order`, async () => {
      for (const [index, path] of paths.entries()) {
        const html = await (await fetch(site.origin + path)).text();
        const previous = /pagination-nav__link--prev"? href="?([^"\s>]+)/.exec(html)?.[1];
        const next = /pagination-nav__link--next"? href="?([^"\s>]+)/.exec(html)?.[1];
        if (index > 0) expect(previous, `${path} previous`).toBe(paths[index - 1]);
        if (index < paths.length - 1) expect(next, `${path} next`).toBe(paths[index + 1]);
      }
    });
  }

  it('code blocks have a copy button that copies the code', async () => {
    const {page} = await openPage(site.browser, site.origin, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto(site.origin + '/try-fsc/helm/1-create-namespace');
    await waitForHydration(page);
    const blocks = page.locator('.theme-code-block');
    expect(await blocks.count()).toBeGreaterThan(0);
    expect(
      await page.locator('.theme-code-block button[aria-label="Copy code to clipboard"]').count(),
    ).toBe(await blocks.count());
    const first = blocks.first();
    await first.hover();
    await first.locator('button[aria-label="Copy code to clipboard"]').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe((await first.locator('code').innerText()).trim());
    await page.context().close();
  });

  // src/theme/CodeBlock/Content renders the code only when it changes; the word-wrap button still
  // wraps and unwraps (it styles the code element directly).
  it('code blocks too wide for a phone offer a word-wrap button that wraps and unwraps', async () => {
    const {page} = await visit(site.origin, '/try-fsc/helm/8-inway', {
      viewport: {width: 390, height: 800},
    });
    const wrapButton = page.locator('button[aria-label="Toggle word wrap"]');
    const block = page.locator('.theme-code-block', {has: wrapButton}).first();
    const button = block.locator('button[aria-label="Toggle word wrap"]');
    await button.waitFor();
    const whiteSpace = () =>
      block.locator('code').evaluate((code) => getComputedStyle(code).whiteSpace);
    const scrolls = () => block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
    expect(await whiteSpace()).toBe('pre');
    expect(await scrolls()).toBe(true);
    await button.click();
    expect(await whiteSpace()).toBe('pre-wrap');
    expect(await scrolls()).toBe(false);
    await button.click();
    expect(await whiteSpace()).toBe('pre');
    expect(await scrolls()).toBe(true);
  });

  // The highlighter and its languages load with the first code block, not at start-up
  // (plugins/dependency-patches): a page reached from one without code must still highlight them.
  it('highlights bash and yaml after a client-side navigation from a page without code', async () => {
    const path = '/try-fsc/helm/8-inway';
    const {page, problems} = await visit(site.origin, '/');
    expect(await page.locator('.theme-code-block').count()).toBe(0);
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.locator('.theme-code-block.language-bash').first().waitFor();
    // The languages come from prismjs, registered with the first code block (the highlighter's
    // bundled ones are cut: plugins/dependency-patches).
    expect(
      await page.locator('.language-bash .token.variable, .language-bash .token.string').count(),
    ).toBeGreaterThan(0);
    expect(await page.locator('.language-yaml .token.key').count()).toBeGreaterThan(0);
    // The same tokens as the page served directly (rendered on the server with the languages).
    const served = await (await fetch(site.origin + path)).text();
    expect(await page.locator('.theme-code-block .token:not(.plain)').count()).toBe(
      (served.match(/class="token (?!plain)[^"]*"/g) ?? []).length,
    );
    expect(problems.errors).toEqual([]);
  });

  // src/theme/CodeBlock does not remount code blocks after hydration as the theme's does: the
  // dark Prism theme must still replace the server's light one, on load and on a toggle.
  it('code blocks take the Prism theme of the colour mode, on load and after a toggle', async () => {
    const light = readablePrismTheme(themes.github).plain.backgroundColor!;
    const dark = readablePrismTheme(themes.dracula).plain.backgroundColor!;
    const {page, problems} = await visit(site.origin, '/try-fsc/helm/8-inway', {
      colorScheme: 'dark',
    });
    /** A colour in the notation the browser gives inline styles. */
    const normalised = (colour: string) =>
      page.evaluate((value) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = value;
        return probe.style.backgroundColor;
      }, colour);
    /** The distinct inline backgrounds of the code blocks. */
    const backgrounds = () =>
      page.evaluate(() => [
        ...new Set(
          [...document.querySelectorAll<HTMLElement>('pre.prism-code')].map(
            (pre) => pre.style.backgroundColor,
          ),
        ),
      ]);
    // The dark theme arrives in the re-render that follows hydration.
    await expect.poll(backgrounds, {timeout: 5_000}).toEqual([await normalised(dark)]);
    const toggle = page.locator('nav.navbar button[title*="mode" i]').first();
    await toggle.click(); // system (dark here) -> light
    await expect
      .poll(async () => (await page.locator('html').getAttribute('data-theme')) ?? '')
      .toBe('light');
    await expect.poll(backgrounds, {timeout: 5_000}).toEqual([await normalised(light)]);
    expect(problems.errors).toEqual([]);
  });
});
