// "Copy page" beside the breadcrumbs of every doc page: the page's Markdown twin onto the
// clipboard, by keyboard, announced in a live region; a refused clipboard is said plainly; nothing
// is fetched before it is used. "View as Markdown" opens the twin.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {describe, expect, it} from 'vitest';
import {refuseClipboard} from './support/clipboard';
import {reusedPage} from './support/reusedPage';
import {serveBuildForTests} from './support/servedSite';
import {DOC_ROUTES} from './support/site';
// The published build's files, read after serveBuildForTests has made it current.
import {BUILD_DIR} from '../../support/builds.mjs';

const site = serveBuildForTests('published');
const ROUTE = '/try-fsc/docker/setup-your-environment';
const twin = () => fs.readFileSync(path.join(BUILD_DIR, `${ROUTE}.md`), 'utf8');

// One page for the three cases: the clipboard permissions make no difference to "View as Markdown".
const reused = reusedPage(() => site.browser, {permissions: ['clipboard-read', 'clipboard-write']});

async function visit(refused = false) {
  const opened = await reused(site.origin, ROUTE, {
    beforeLoad: (page) => refused && refuseClipboard(page),
  });
  const twinRequests = () => opened.requests.filter((url) => new URL(url).pathname.endsWith('.md'));
  return {...opened, twinRequests};
}

describe('Copy page', () => {
  it('copies the Markdown twin with the keyboard and announces "Copied", fetching nothing before', async () => {
    const {page, problems, twinRequests} = await visit();
    const button = page.getByRole('button', {name: 'Copy page'});
    expect(twinRequests()).toEqual([]);
    await button.focus();
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({hasText: 'Copied'});
    await expect.poll(() => status.count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin());
    expect(twinRequests()).toEqual([`${site.origin}${ROUTE}.md`]);
    expect(problems.errors).toEqual([]);
  });

  it('says so when the browser refuses the clipboard', async () => {
    const {page} = await visit(true);
    await page.getByRole('button', {name: 'Copy page'}).click();
    const status = page.getByRole('status');
    await expect
      .poll(() => status.innerText())
      .toBe(
        'The browser did not allow copying to the clipboard. Open "View as Markdown" and copy the text there.',
      );
  });

  it('"View as Markdown" opens the twin, and every doc page links its twin', async () => {
    const {page} = await visit();
    const link = page.getByRole('link', {name: 'View as Markdown'});
    expect(await link.getAttribute('href')).toBe(`${ROUTE}.md`);
    for (const route of DOC_ROUTES) {
      const html = fs.readFileSync(
        path.join(BUILD_DIR, route.path.replace(/\/$/, ''), 'index.html'),
        'utf8',
      );
      const twinPath = route.path.endsWith('/') ? `${route.path}index.md` : `${route.path}.md`;
      const alternate = cheerio.load(html)('head link[rel="alternate"][type="text/markdown"]');
      expect(alternate.attr('href'), route.path).toBe(twinPath);
    }
    const [response] = await Promise.all([page.waitForResponse(/\.md$/), link.click()]);
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe(twin());
  });
});
