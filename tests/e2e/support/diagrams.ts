import type {Page} from 'playwright-core';
import type {ExpectStatic} from 'vitest';
import {docSource, DOC_ROUTES} from './site';

/** How many diagrams each doc route's page has: its source's `mermaid` code blocks. */
export const DIAGRAMS_BY_ROUTE = new Map(
  DOC_ROUTES.map(({path}) => [
    path,
    (docSource(path).match(/^\s*(```|~~~)mermaid\b/gm) ?? []).length,
  ]),
);

/**
 * Asserts that the open page of doc route `path` has drawn each of its diagrams (Mermaid draws in
 * the browser, after hydration, in the colours of the mode) as an SVG of a diagram's width, with
 * an accessible title and a description. The serving test calls it on its load of each page, in
 * the mode the page opened in, and again once its accessibility scan has switched the page to the
 * other mode: loading the pages with diagrams again, once in each mode, to check only this cost
 * about 40 s of CPU a run (2026-11-28). `expect` is the calling test's (concurrent tests each have
 * their own).
 */
export async function expectDiagrams(
  page: Page,
  path: string,
  expect: ExpectStatic,
): Promise<void> {
  const expected = DIAGRAMS_BY_ROUTE.get(path);
  if (expected === undefined) throw new Error(`${path} is not a doc route`);
  const containers = page.locator('.docusaurus-mermaid-container');
  // The theme renders a diagram's container after hydration: on a busy machine it may not be
  // there yet when the page has hydrated.
  await expect.poll(() => containers.count(), {timeout: 15_000}).toBe(expected);
  for (let index = 0; index < expected; index += 1) {
    const svg = containers.nth(index).locator('svg');
    await svg.waitFor({timeout: 15_000});
    const box = await svg.boundingBox();
    expect(box!.width, `${path} diagram ${index}`).toBeGreaterThan(100);
    const label = await svg.evaluate(
      (element) =>
        element.getAttribute('aria-labelledby') ??
        element.querySelector('title')?.textContent ??
        '',
    );
    expect(label.length, `${path} diagram ${index} has an accessible title`).toBeGreaterThan(0);
    expect(
      await svg.locator('desc').count(),
      `${path} diagram ${index} has a description`,
    ).toBeGreaterThan(0);
  }
}
