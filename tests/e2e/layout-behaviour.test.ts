import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Browser, Page} from 'playwright-core';
import {connectBrowser, openPage, waitForHydration} from './support/browser';
import {reusedPage} from './support/reusedPage';
import {startStaticServer, type StaticServer} from '../../support/staticServer.mjs';
import {BUILD_TIMEOUT_MS, builtSite} from './support/site';
import {throwingStorage} from './support/throwingStorage';

let site: StaticServer;
let variant: StaticServer;
let browser: Browser;

beforeAll(async () => {
  site = await startStaticServer(await builtSite('published'));
  variant = await startStaticServer(await builtSite('variant'));
  browser = await connectBrowser();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await variant?.close();
});

const reused = reusedPage(() => browser);
/** The shared page, reset and loaded at `path`: for the cases that need no fresh context. */
const visit = (server: StaticServer, path: string, options?: Parameters<typeof reused>[2]) =>
  reused(server.origin, path, options);

const navbarTop = (page: Page) =>
  page.locator('nav.navbar').evaluate((navbar) => navbar.getBoundingClientRect().bottom);

describe('skip link', () => {
  it('is the first focusable element and moves focus to the content', async () => {
    const {page} = await visit(site, '/introduction/components');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.innerText()).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    // The theme focuses the main content and then drops its temporary tabindex, so the next Tab
    // lands on the first link inside the content instead of the navbar.
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest('main') !== null &&
            !document.activeElement?.closest('nav.navbar'),
        ),
      )
      .toBe(true);
  });
});

describe('announcement bar (test build)', () => {
  it('shows its content in its colours, closes, stays closed and returns when its id changes', async () => {
    const {page} = await visit(variant, '/');
    const bar = page.locator('div[role="banner"]');
    expect(await bar.innerText()).toContain('FSC test announcement');
    const colours = await bar.evaluate((element) => [
      getComputedStyle(element).backgroundColor,
      getComputedStyle(element).color,
    ]);
    expect(colours).toEqual(['rgb(29, 78, 216)', 'rgb(255, 255, 255)']);
    await bar.locator('button[aria-label="Close"]').click();
    await expect.poll(() => bar.isVisible()).toBe(false);
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator('div[role="banner"]').isVisible()).toBe(false);
    // A dismissal stored under an older id does not hide the current bar.
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).find((key) => key.includes('announcement.id')),
    );
    expect(stored).toBeTruthy();
    await page.evaluate((key) => localStorage.setItem(key!, 'an-older-announcement'), stored);
    await page.reload();
    await expect.poll(() => page.locator('div[role="banner"]').isVisible()).toBe(true);
  });

  it('is absent from the published build', async () => {
    const {page} = await visit(site, '/');
    expect(await page.locator('div[role="banner"]').count()).toBe(0);
  });
});

describe('navbar on scroll', () => {
  it('hides when scrolling down, shows when scrolling up and near the top, hides on a hash link', async () => {
    const {page} = await visit(site, '/fsc-in-production/network-overview', {
      viewport: {width: 1280, height: 700},
    });
    for (let step = 0; step < 8; step += 1) {
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 250);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
    }
    await expect.poll(() => navbarTop(page)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => navbarTop(page)).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => navbarTop(page)).toBeGreaterThan(0);
    const anchor = page.locator('.table-of-contents a').last();
    await anchor.click();
    await expect.poll(() => navbarTop(page)).toBeLessThanOrEqual(0);
  });
});

describe('mobile sidebar', () => {
  it('holds the primary menu and the docs sidebar, locks scrolling and closes at desktop width', async () => {
    const {page} = await visit(site, '/try-fsc/helm/6-manager', {
      viewport: {width: 800, height: 900},
    });
    // Rendered when first opened (src/theme/Navbar/MobileSidebar), not with the page.
    expect(await page.locator('.navbar-sidebar').count()).toBe(0);
    await page.locator('button.navbar__toggle').click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // On a doc page the docs sidebar (secondary menu) shows first, with a way back to the primary menu.
    await expect.poll(() => page.locator('.navbar-sidebar__items--show-secondary').count()).toBe(1);
    await expect.poll(() => page.locator('.navbar-sidebar').innerText()).toContain('6. Manager');
    await page.locator('button', {hasText: 'Back to main menu'}).click();
    await expect.poll(() => page.locator('.navbar-sidebar__items--show-secondary').count()).toBe(0);
    await expect
      .poll(() =>
        page.locator('.navbar-sidebar .menu__link', {hasText: 'Directory'}).first().isVisible(),
      )
      .toBe(true);
    await page.setViewportSize({width: 1200, height: 900});
    await expect.poll(() => page.locator('.navbar-sidebar--show').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
      .not.toBe('hidden');
  });
});

describe('colour mode', () => {
  it('starts on system, cycles light, dark, system; keeps the choice after a reload', async () => {
    const {page} = await visit(site, '/introduction/');
    const toggle = page.locator('nav.navbar button[title*="mode" i]').first();
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    const title = () => toggle.getAttribute('title');
    expect(await title()).toMatch(/system mode/i);
    await toggle.click();
    await expect.poll(title).toMatch(/light mode/i);
    await expect.poll(theme).toBe('light');
    await toggle.click();
    await expect.poll(title).toMatch(/dark mode/i);
    await expect.poll(theme).toBe('dark');
    await page.reload();
    await expect.poll(theme).toBe('dark');
    await expect.poll(title).toMatch(/dark mode/i);
    await toggle.click();
    await expect.poll(title).toMatch(/system mode/i);
  });

  it('renders the toggle disabled until the page is interactive', async () => {
    const html = await (await fetch(site.origin + '/introduction/')).text();
    expect(html).toMatch(/<button[^>]*disabled[^>]*title="[^"]*mode/i);
  });

  it('follows the system preference while on system', async () => {
    const {page} = await visit(site, '/introduction/', {colorScheme: 'dark'});
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(
      'dark',
    );
  });
});

describe('dropdowns (test build)', () => {
  it('open on hover, click or Enter and close on an outside press or when focus leaves', async () => {
    const {page} = await visit(variant, '/introduction/');
    const dropdown = page.locator('.navbar__item.dropdown', {hasText: 'Test menu'});
    const isOpen = () =>
      dropdown.evaluate(
        (element) =>
          element.classList.contains('dropdown--show') ||
          getComputedStyle(element.querySelector('.dropdown__menu')!).visibility === 'visible',
      );
    await dropdown.locator('> a, > button').first().hover();
    await expect.poll(isOpen).toBe(true);
    await page.mouse.move(5, 600);
    await page.mouse.click(5, 600);
    await expect.poll(isOpen).toBe(false);
    await dropdown.locator('> a, > button').first().focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dropdown.evaluate((element) => element.classList.contains('dropdown--show')))
      .toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => dropdown.evaluate((element) => element.classList.contains('dropdown--show')))
      .toBe(false);
  });

  it('offers the one docs version (Next) and the one locale (English)', async () => {
    const {page} = await visit(variant, '/introduction/');
    // With a single version the version item is a plain link to it; the locale item stays a dropdown.
    const texts = await page
      .locator('.navbar__items--right > a.navbar__link, .navbar__items--right .dropdown > a')
      .allInnerTexts();
    expect(texts.map((text) => text.trim())).toEqual(expect.arrayContaining(['Next', 'English']));
  });
});

describe('scroll after navigation', () => {
  it('goes to the hash target, to the top without a hash, and stays when only the query changes', async () => {
    const {page} = await visit(site, '/introduction/components', {
      viewport: {width: 1280, height: 700},
    });
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    const tocLink = page.locator('.table-of-contents a').nth(2);
    const hash = (await tocLink.getAttribute('href'))!;
    await tocLink.click();
    await expect
      .poll(() =>
        page.evaluate(
          (id) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top) < 150,
          hash.slice(1),
        ),
      )
      .toBe(true);

    await page.evaluate(() => window.scrollTo(0, 900));
    const before = await page.evaluate(() => window.scrollY);
    await page.evaluate(() => {
      window.history.pushState(null, '', `${location.pathname}?tab=linux${location.hash}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // The router renders the new location and runs its effects (where a scroll would happen) before the second frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.location.search)).toBe('?tab=linux');
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });
});

/**
 * Records the paths the page asks Docusaurus to prefetch (window.docusaurus.prefetch, which a link calls
 * when it comes into view) and, per path, what the call returned (false, or a promise that settles
 * once the prefetch links it inserted have loaded).
 */
const recordPrefetches = (page: Page) =>
  page.addInitScript(() => {
    type Client = {prefetch: (path: string) => Promise<unknown> | boolean};
    const state = window as unknown as {
      __prefetched: string[];
      __prefetchResults: Record<string, unknown>;
    };
    state.__prefetched = [];
    state.__prefetchResults = {};
    let docusaurus: Client | undefined;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => docusaurus,
      set: (value: Client) => {
        docusaurus = {
          ...value,
          prefetch: (path) => {
            state.__prefetched.push(path);
            const result = value.prefetch(path);
            state.__prefetchResults[path] = result;
            return result;
          },
        };
      },
    });
  });
const prefetchedPaths = (page: Page) =>
  page.evaluate(() => (window as unknown as {__prefetched: string[]}).__prefetched);

interface ProgressBarState {
  __sawProgressBar: boolean;
  /** The ARIA roles inside the bar, and whether the bar is hidden from assistive technology. */
  __progressBarMarkup: {roles: string[]; hidden: boolean} | null;
}

/** Records whether the progress bar (#nprogress) appears at any moment from now on, and its markup. */
const watchProgressBar = (page: Page) =>
  page.evaluate(() => {
    const state = window as unknown as ProgressBarState;
    state.__sawProgressBar = false;
    state.__progressBarMarkup = null;
    new MutationObserver(() => {
      const bar = document.getElementById('nprogress');
      if (!bar) return;
      state.__sawProgressBar = true;
      state.__progressBarMarkup ??= {
        roles: [...bar.querySelectorAll('[role]')].map((el) => el.getAttribute('role') ?? ''),
        hidden: bar.querySelector('.bar')?.getAttribute('aria-hidden') === 'true',
      };
    }).observe(document.body, {childList: true, subtree: true});
  });
const sawProgressBar = (page: Page) =>
  page.evaluate(() => (window as unknown as ProgressBarState).__sawProgressBar);

describe('route loading', () => {
  it('shows the progress bar during a slow navigation and not during a fast one', async () => {
    // Data-saver mode turns prefetching off, so the next route's files load only on navigation.
    const {page} = await visit(site, '/introduction/', {
      initScripts: [
        (page) =>
          page.addInitScript(() =>
            Object.defineProperty(navigator, 'connection', {get: () => ({saveData: true})}),
          ),
      ],
    });
    // The route's files are held until the bar shows (it starts 200 ms into a navigation), so the
    // navigation is slow for as long as the bar needs, however busy the machine; if the bar never
    // shows, they are released after 10 s and the assertion below fails.
    await page.route('**/assets/js/*.js', async (route) => {
      await page
        .waitForSelector('#nprogress', {state: 'attached', timeout: 10_000})
        .catch(() => {});
      await route.continue();
    });
    await watchProgressBar(page);
    await page
      .locator('.theme-doc-sidebar-menu a[href="/fsc-in-production/system-requirements"]')
      .click();
    await expect
      .poll(() => page.locator('article h1').innerText(), {timeout: 10_000})
      .toBe('System requirements');
    expect(await sawProgressBar(page)).toBe(true);
    // nprogress's own markup has role="bar", which is no ARIA role (axe: aria-roles): the site's
    // bar has no roles and is hidden from assistive technology (src/clientModules/progressBar.ts)
    expect(
      await page.evaluate(() => (window as unknown as ProgressBarState).__progressBarMarkup),
    ).toEqual({roles: [], hidden: true});

    // A fast navigation: the route's files were prefetched, as they normally are.
    const {page: fastPage} = await visit(site, '/introduction/');
    await fastPage.locator('.theme-doc-sidebar-menu a[href="/introduction/components"]').hover();
    await fastPage.waitForLoadState('networkidle');
    await watchProgressBar(fastPage);
    await fastPage.locator('.theme-doc-sidebar-menu a[href="/introduction/components"]').click();
    // The bar can only start while the route loads: once the page shows, the navigation is over.
    await expect.poll(() => fastPage.locator('article h1').innerText()).toBe('Components');
    expect(await sawProgressBar(fastPage)).toBe(false);
  });

  it('reloads the whole page when the next route files fail to load', async () => {
    const {page} = await visit(site, '/introduction/');
    await page.evaluate(() => {
      (window as unknown as {__sameDocument: boolean}).__sameDocument = true;
    });
    // Fail the route's files only once, as a flaky network would; the full reload then succeeds.
    let failed = 0;
    await page.route('**/assets/js/*.js', async (route) => {
      if (failed < 20) {
        failed += 1;
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });
    const navigation = page.waitForEvent('load', {timeout: 15_000});
    await page.locator('.theme-doc-sidebar-menu a[href="/support/release-strategy"]').click();
    await navigation;
    expect(failed).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as {__sameDocument?: boolean}).__sameDocument),
    ).toBeUndefined();
  });

  it.each([
    ['data-saver on', {saveData: true, effectiveType: '4g'}],
    ['a 2g connection', {saveData: false, effectiveType: '2g'}],
  ])('does not prefetch routes with %s', async (_, connection) => {
    const prefetchLinks = async (override?: object) => {
      const withConnection = (page: Page) =>
        page.addInitScript(
          (value) => Object.defineProperty(navigator, 'connection', {get: () => value}),
          override,
        );
      const {page} = await visit(site, '/introduction/', {
        initScripts: override ? [withConnection, recordPrefetches] : [recordPrefetches],
      });
      await page.locator('.theme-doc-sidebar-menu a[href="/support/contact"]').hover();
      // In view, the link asks Docusaurus to prefetch; what it inserts, it inserts before its promise settles.
      await expect.poll(() => prefetchedPaths(page)).toContain('/support/contact');
      await page.evaluate(
        () =>
          (window as unknown as {__prefetchResults: Record<string, unknown>}).__prefetchResults[
            '/support/contact'
          ],
      );
      return page.locator('link[rel="prefetch"]').count();
    };
    expect(await prefetchLinks()).toBeGreaterThan(0);
    expect(await prefetchLinks(connection)).toBe(0);
  });

  // The theme renders the closed phone menu at load, touching the screen's edge, which counts as
  // visible for Docusaurus's link prefetching: every page load on a phone fetched every page's
  // code. src/theme/Navbar/MobileSidebar renders the menu when it first opens.
  it('on a phone, prefetches the routes in the menu only once the menu is open', async () => {
    const {page} = await visit(site, '/introduction/', {
      viewport: {width: 412, height: 823},
      initScripts: [recordPrefetches],
    });
    const prefetched = () => prefetchedPaths(page);
    // A page linked from the menu only, high enough in it to be on screen once the menu is open.
    expect(await prefetched()).not.toContain('/try-fsc/helm/3-postgresql');
    await page.locator('button.navbar__toggle').click();
    await expect.poll(prefetched).toContain('/try-fsc/helm/3-postgresql');
  });
});

describe('crash page (test build)', () => {
  it("shows 'This page crashed.', the error with its cause, and 'Try again'", async () => {
    const {page} = await openPage(browser, variant.origin);
    await page.goto(variant.origin + '/__test/crash');
    await expect.poll(() => page.locator('h1').first().innerText()).toBe('This page crashed.');
    const text = await page.locator('body').innerText();
    expect(text).toContain('Test page failed on purpose');
    expect(text).toContain('Root cause for the crash test');
    await expect
      .poll(() => page.locator('button', {hasText: 'Try again'}).count())
      .toBeGreaterThan(0);
    await page.context().close();
  });

  it('is not part of the published site', async () => {
    const response = await fetch(site.origin + '/__test/crash');
    expect(response.status).toBe(404);
  });
});

describe('stored preferences', () => {
  it('survive a reload where local storage works', async () => {
    const {page} = await visit(site, '/introduction/');
    await page.locator('nav.navbar button[title*="mode" i]').first().click();
    await page.locator('nav.navbar button[title*="mode" i]').first().click();
    await page.goto(site.origin + '/support/contact');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme')))
      .toBe('dark');
  });

  it('break nothing where local storage throws', async () => {
    const {page, problems} = await visit(site, '/introduction/', {
      initScripts: [throwingStorage],
    });
    await page.locator('nav.navbar button[title*="mode" i]').first().click();
    await page.locator('nav.navbar button[title*="mode" i]').first().click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme')))
      .toBe('dark');
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => page.locator('article h1').innerText()).not.toBe('Introduction');
    expect(problems.errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  });
});
