// Pages read in full without JavaScript: every panel of a Tabs block shows (the theme hides all
// but the selected one, and without JavaScript no tab can be selected), and /search says that
// search needs JavaScript.
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

async function withoutJavaScript(path: string) {
  const {page} = await openPage(site.browser, site.origin, {javaScriptEnabled: false});
  await page.goto(site.origin + path);
  return page;
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
      await page.context().close();
    });
  }

  it('/search says that search needs JavaScript', async () => {
    const page = await withoutJavaScript('/search?q=manager');
    expect(await page.locator('main').innerText()).toContain('Search needs JavaScript');
    await page.context().close();
  });
});
