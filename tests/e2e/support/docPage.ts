import type {Page} from 'playwright-core';
import type {ExpectStatic} from 'vitest';
import type {DocRoute} from './site';

/**
 * Asserts what the specification says every doc route shows: its title as the page's h1 and in
 * the window title, breadcrumbs to it through its section, and its own link current in the sidebar.
 * `expect` is the calling test's (concurrent tests each have their own).
 */
export async function expectDocPage(
  page: Page,
  route: DocRoute,
  expect: ExpectStatic,
): Promise<void> {
  await expect.poll(() => page.locator('article h1').textContent()).toBe(route.title);
  await expect.poll(() => page.title()).toBe(`${route.title} | FSC documentation`);

  const crumbs = page.locator('nav[aria-label="Breadcrumbs"] .breadcrumbs__item');
  // Home (an icon link), then the section, then the page itself.
  expect((await crumbs.allInnerTexts()).slice(1)).toEqual([route.category, route.title]);
  await expect
    .poll(() => page.locator('nav[aria-label="Breadcrumbs"] a[aria-label="Home page"]').count())
    .toBe(1);

  const currentLink = page.locator('.theme-doc-sidebar-item-link a[aria-current="page"]');
  expect(await currentLink.innerText()).toBe(route.title);
  expect(await currentLink.getAttribute('class')).toContain('menu__link--active');
}
