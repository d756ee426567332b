import {describe, expect, it} from 'vitest';
import {openPage} from './support/browser';
import {pagePool} from './support/pagePool';
import {serveBuildForTests} from './support/servedSite';
import {DOC_ROUTES} from './support/site';

const site = serveBuildForTests('published');
/** One page for the whole file (its tests run one at a time), navigated from test to test. */
const withPage = pagePool(() => openPage(site.browser, site.origin));

describe('every route of the specification', () => {
  it('has 33 documentation routes', () => {
    expect(DOC_ROUTES).toHaveLength(33);
  });

  // Each route's page (title, breadcrumbs, sidebar) is checked where the serving test opens every
  // route in Chromium, served as in production: one load for both.
});

describe('sidebar', () => {
  it('lists every route in the specified order and grouping, and cannot be collapsed or hidden', () =>
    withPage(async ({page}) => {
      await page.goto(`${site.origin}/introduction/`);
      const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
      const categories = await sidebar
        .locator('.theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible')
        .allInnerTexts();
      expect(categories).toEqual([
        'Introduction',
        'Try FSC with Docker',
        'Try FSC with Helm',
        'FSC in production',
        'Support',
      ]);
      // Category labels are text, not anchors without an address.
      expect(
        await sidebar
          .locator('.theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible a')
          .count(),
      ).toBe(0);
      expect(await sidebar.locator('a:not([href])').count()).toBe(0);
      const hrefs = await sidebar
        .locator('.theme-doc-sidebar-item-link a.menu__link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(DOC_ROUTES.map((route) => route.path));
      await expect.poll(() => sidebar.locator('button.clean-btn.menu__caret').count()).toBe(0);
      await expect.poll(() => page.locator('button[title="Collapse sidebar"]').count()).toBe(0);
    }));
});

const titleOf = (routePath: string) => DOC_ROUTES.find((route) => route.path === routePath)!.title;

describe('addresses and not-found', () => {
  it.each([
    ['/support/contact.html', '/support/contact', '/support/contact'],
    ['/introduction/index.html', '/introduction', '/introduction/'],
    ['/try-fsc/helm/8-inway.html', '/try-fsc/helm/8-inway', '/try-fsc/helm/8-inway'],
    ['/try-fsc/helm/8-inway/index.html', '/try-fsc/helm/8-inway', '/try-fsc/helm/8-inway'],
  ])('%s normalises to %s', (address, route, docRoute) =>
    withPage(async ({page, problems}) => {
      await page.goto(site.origin + address);
      // The clean address, with or without the trailing slash the directory form of a page has.
      await expect.poll(() => new URL(page.url()).pathname.replace(/\/$/, '')).toBe(route);
      await expect.poll(() => page.locator('article h1').textContent()).toBe(titleOf(docRoute));
      expect(problems.errors).toEqual([]);
    }),
  );

  it.each(['/does-not-exist', '/try-fsc/helm/12-extra', '/introduction/components/extra'])(
    '%s shows the not-found page with status 404',
    (address) =>
      withPage(async ({page}) => {
        const response = await page.goto(site.origin + address);
        expect(response?.status()).toBe(404);
        await expect.poll(() => page.locator('main h1').textContent()).toBe('Page Not Found');
        await expect
          .poll(() => page.locator('main').innerText())
          .toContain('We could not find what you were looking for.');
      }),
  );
});
