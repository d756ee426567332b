import fs from 'node:fs';
import {createRequire} from 'node:module';
import type axe from 'axe-core';
import type {Page} from 'playwright-core';
import type {ExpectStatic} from 'vitest';

type Mode = 'light' | 'dark';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG rules whose outcome the colour mode can change: the colours, and the images, since the
 * logo is a different image in each mode and Mermaid draws each diagram anew. Everything else axe
 * checks (names, roles, landmarks, structure, language) reads a DOM that the switch leaves as it
 * is, so the second mode is scanned for these only: colour contrast, the most costly rule, still
 * runs on every node in both modes, and the rest of a second full scan found nothing the first
 * could not.
 */
const RULES_THE_MODE_CHANGES = [
  'color-contrast',
  'link-in-text-block',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
];

/** What a page without violations gives `violationsInBothModes`. */
export const NO_VIOLATIONS = {dark: [], light: []};

/** axe-core's minified build: a third of the size of the one `import 'axe-core'` gives as source. */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

function describeViolations(
  violations: {id: string; help: string; nodes: {target: unknown[]}[]}[],
): string[] {
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * axe's WCAG 2.1 AA violations in what the page shows now (within `include`, when given).
 *
 * axe runs in the page, put there once per document: the second scan of a page finds it there.
 * @axe-core/playwright, used before, put axe's unminified source (1.5 MB) into the page twice for
 * every scan, four times a page, at 0.1-0.4 s of the renderer's CPU each (2026-11-28). Like its
 * legacy mode, axe runs in the top document only: frames of another origin would not be scanned,
 * and the site has no frames at all, which the first assertion keeps true. Only violations are
 * collected in full: nothing else is read. A page.evaluate is not a script of the page's, so the
 * production Content-Security-Policy lets axe run (and axe itself evaluates nothing).
 */
async function violations(
  page: Page,
  expect: ExpectStatic,
  include?: string,
  rules?: string[],
): Promise<string[]> {
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
 * Switches the open page to the other colour mode as a visitor's system does (the site follows
 * the system's preference until the visitor picks a mode), and waits until the page shows it: the
 * theme attribute, every diagram drawn anew (Mermaid draws in the browser, in the mode's colours)
 * and the colour transitions ended (axe would read a colour halfway).
 */
async function switchMode(page: Page, to: Mode): Promise<void> {
  await page.evaluate(() => {
    for (const svg of document.querySelectorAll('.docusaurus-mermaid-container svg'))
      svg.setAttribute('data-drawn-before-switch', '');
  });
  await page.emulateMedia({colorScheme: to});
  await page.waitForFunction((to) => {
    const containers = [...document.querySelectorAll('.docusaurus-mermaid-container')];
    return (
      document.documentElement.dataset.theme === to &&
      containers.every((container) =>
        container.querySelector('svg:not([data-drawn-before-switch])'),
      )
    );
  }, to);
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
 * The violations of the page as it is, in the mode it shows (every rule), then, switched to the
 * other mode, for the rules the mode can change: one load serves both modes, and the state a test
 * brought the page into (an open modal, a message) is scanned in both. The page is left in the
 * other mode, its diagrams drawn anew. `expect` is the calling test's (concurrent tests each have
 * their own).
 */
export async function violationsInBothModes(
  page: Page,
  expect: ExpectStatic,
  include?: string,
): Promise<{dark: string[]; light: string[]}> {
  const shown = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(shown === 'dark' || shown === 'light', `data-theme is ${shown}`).toBe(true);
  const first = shown as Mode;
  const other: Mode = first === 'dark' ? 'light' : 'dark';
  const all = await violations(page, expect, include);
  await switchMode(page, other);
  const changed = await violations(page, expect, include, RULES_THE_MODE_CHANGES);
  return first === 'dark' ? {dark: all, light: changed} : {dark: changed, light: all};
}
