import {chromium, type Browser, type BrowserContextOptions, type Page} from 'playwright-core';
import {inject} from 'vitest';

/**
 * The run's Chromium (support/browserServer.ts), for one test file: closing it closes the file's
 * contexts and pages, and leaves the browser to the other files.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'), {timeout: 30_000});
}

export type PageProblems = {
  /** Console errors and uncaught exceptions, as text. */
  errors: string[];
  /** Requests that left the site's own origin. */
  foreignRequests: string[];
};

/** Opens a page that records every console error, page error and request to another origin. */
export async function openPage(
  browser: Browser,
  origin: string,
  options: BrowserContextOptions = {},
): Promise<{page: Page; problems: PageProblems}> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return {page, problems: recordProblems(page, origin)};
}

/** From now on, records the page's console errors, page errors and requests to another origin. */
export function recordProblems(page: Page, origin: string): PageProblems {
  const problems: PageProblems = {errors: [], foreignRequests: []};
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.errors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.foreignRequests.push(url);
    }
  });
  return problems;
}

/**
 * Waits until the page has loaded and React has hydrated it. `networkidle` alone is not enough:
 * on a busy machine the bundle can still be running 500 ms after the last request, and until it
 * has hydrated the page shows the server's HTML (light Prism theme, search button without effect).
 * The theme disables its colour-mode toggle until hydration, so an enabled toggle marks the end
 * (attached rather than visible: on a phone the navbar hides it).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('nav.navbar button[title*="mode" i]:not([disabled])')
    .first()
    .waitFor({state: 'attached', timeout: 15_000});
}
