import type {Browser, BrowserContextOptions, Disposable, Page} from 'playwright-core';
import {recordProblems, waitForHydration, type PageProblems} from './browser';

/** What a fresh context of Playwright's defaults would give a case. */
const DEFAULT_VIEWPORT = {width: 1280, height: 720};

type VisitOptions = {
  viewport?: {width: number; height: number};
  colorScheme?: 'light' | 'dark';
  /** Runs on the reset page just before it loads `path`: to install a route or a listener. */
  beforeLoad?: (page: Page) => unknown;
  /** Each adds a script (page.addInitScript) for the documents of this case, removed at the next visit. */
  initScripts?: ((page: Page) => Promise<Disposable>)[];
};

/**
 * One page that the cases of a test file share, each case navigating it with `visit`. A fresh
 * context per case starts a renderer process with cold caches: loading a page that way took 2.4
 * times the CPU of navigating a page already open (measured on the 2-core CI machine, 2026-11-28).
 *
 * `visit` first undoes what the case before can have left, so that any case passes alone or after
 * any other: pages it opened are closed, its routes and listeners removed, the viewport and colour
 * scheme set again, the cookies and the target origin's local and session storage cleared, and the
 * page loaded anew (which closes a modal and scrolls to the top), its init scripts removed. What
 * cannot be undone on a page (context options such as isMobile or a user agent) needs a fresh
 * context, or a shared page of its own: `contextOptions` are those of the shared page's context.
 *
 * `visit` returns the page, the problems it records from the load of `path` on, and every address
 * it requested since then. `browser` is read at the first visit: files launch it in `beforeAll`.
 */
export function reusedPage(browser: () => Browser, contextOptions: BrowserContextOptions = {}) {
  let shared: Page | undefined;
  let caseScripts: Disposable[] = [];
  return async function visit(
    origin: string,
    path: string,
    options: VisitOptions = {},
  ): Promise<{page: Page; problems: PageProblems; requests: string[]}> {
    // A case that closed the page gets the next one a new page.
    if (!shared || shared.isClosed())
      shared = await (await browser().newContext(contextOptions)).newPage();
    const page = shared;
    await Promise.all(
      page
        .context()
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    await Promise.all(caseScripts.map((script) => script.dispose()));
    await page.unrouteAll({behavior: 'ignoreErrors'});
    for (const event of ['console', 'pageerror', 'request', 'dialog'])
      page.removeAllListeners(event);
    await page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
    await page.emulateMedia({colorScheme: options.colorScheme ?? 'light'});
    await page.context().clearCookies();
    const problems = recordProblems(page, origin);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await options.beforeLoad?.(page);
    // The storage is cleared in the document of `path` itself, before the site's code runs, and for
    // this load only (a reload in the case keeps what the case stored). Another document to clear
    // it in would cost a load, and a document without an icon makes the browser ask for
    // /favicon.ico, a 404 that can land among the case's console errors. Added first, it runs
    // before the case's scripts, which may store something of their own.
    const clearStorage = await page.addInitScript(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    caseScripts = [];
    // One after the other: they run in the order they were added.
    for (const add of options.initScripts ?? []) caseScripts.push(await add(page));
    try {
      await page.goto(origin + path);
    } finally {
      await clearStorage.dispose();
    }
    await waitForHydration(page);
    return {page, problems, requests};
  };
}
