// Pages read in full without JavaScript: every panel of a Tabs block shows (the theme hides all
// but the selected one, and without JavaScript no tab can be selected), and /search says that
// search needs JavaScript.
import type {Page} from 'playwright-core';
import {describe, expect, it} from 'vitest';
import {openPage} from './support/browser';
import {serveBuildForTests} from './support/servedSite';

const site = serveBuildForTests('published');

/** The pages with Tabs blocks (the macOS, Linux and Windows steps among them). */
const PAGES_WITH_TABS = [
  '/try-fsc/docker/setup-your-environment',
  '/try-fsc/docker/retrieve-a-demo-certificate',
  '/try-fsc/helm/0-preparation',
];

/**
 * One page without JavaScript serves every case, each loading its own path: a load in an open page
 * costs Chromium less than half a load in a new context, and with no script running a case leaves
 * nothing (storage, a changed document) that the next load would keep.
 */
let shared: Page | undefined;
async function withoutJavaScript(path: string): Promise<Page> {
  shared ??= (await openPage(site.browser, site.origin, {javaScriptEnabled: false})).page;
  await shared.goto(site.origin + path);
  return shared;
}

describe('without JavaScript', () => {
  for (const path of PAGES_WITH_TABS) {
    it(`${path} shows every tab panel`, async () => {
      const page = await withoutJavaScript(path);
      const panels = page.locator('[role="tabpanel"]');
      const count = await panels.count();
      expect(count).toBeGreaterThan(1);
      const visible = await panels.evaluateAll((elements) =>
        elements.map((element) => (element as HTMLElement).offsetHeight > 0),
      );
      expect(visible).toEqual(Array.from({length: count}, () => true));
    });
  }

  it('/search says that search needs JavaScript', async () => {
    const page = await withoutJavaScript('/search?q=manager');
    expect(await page.locator('main').innerText()).toContain('Search needs JavaScript');
  });
});
