// "Copy page" beside the breadcrumbs of every doc page: the page's Markdown twin onto the
// clipboard, by keyboard, announced in a live region; a refused clipboard is said plainly; nothing
// is fetched before it is used. "View as Markdown" opens the twin.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {describe, expect, it} from 'vitest';
import {openPage, waitForHydration} from './support/browser';
import {refuseClipboard} from './support/clipboard';
import {serveBuildForTests} from './support/servedSite';
import {DOC_ROUTES} from './support/site';
// The published build's files, read after serveBuildForTests has made it current.
import {BUILD_DIR} from '../../support/builds.mjs';

const site = serveBuildForTests('published');
const ROUTE = '/try-fsc/docker/setup-your-environment';
const twin = () => fs.readFileSync(path.join(BUILD_DIR, `${ROUTE}.md`), 'utf8');

async function visit(permissions: string[], refused = false) {
  const opened = await openPage(site.browser, site.origin, {permissions});
  if (refused) await refuseClipboard(opened.page);
  const twinRequests: string[] = [];
  opened.page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.md')) twinRequests.push(request.url());
  });
  await opened.page.goto(site.origin + ROUTE);
  await waitForHydration(opened.page);
  return {...opened, twinRequests};
}

describe('Copy page', () => {
  it('copies the Markdown twin with the keyboard and announces "Copied", fetching nothing before', async () => {
    const {page, problems, twinRequests} = await visit(['clipboard-read', 'clipboard-write']);
    const button = page.getByRole('button', {name: 'Copy page'});
    expect(twinRequests).toEqual([]);
    await button.focus();
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({hasText: 'Copied'});
    await expect.poll(() => status.count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin());
    expect(twinRequests).toEqual([`${site.origin}${ROUTE}.md`]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('says so when the browser refuses the clipboard', async () => {
    const {page} = await visit(['clipboard-read', 'clipboard-write'], true);
    await page.getByRole('button', {name: 'Copy page'}).click();
    const status = page.getByRole('status');
    await expect
      .poll(() => status.innerText())
      .toBe(
        'The browser did not allow copying to the clipboard. Open "View as Markdown" and copy the text there.',
      );
    await page.context().close();
  });

  it('"View as Markdown" opens the twin, and every doc page links its twin', async () => {
    const {page} = await visit([]);
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
    await page.context().close();
  });
});
