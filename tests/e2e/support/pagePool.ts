import type {PageProblems} from './browser';

/**
 * Lends open pages to tests, each to one test at a time, which navigates it with `page.goto`
 * instead of opening a page of its own: the page's renderer process, HTTP cache and compiled
 * scripts serve the next test too. A load in an open page took Chromium less than half the CPU of
 * a load in a new context (1.4 s against 3.3 s a doc page, 2026-11-28). The pool opens a page only
 * when all of its pages are lent, so it holds as many as tests run at once.
 *
 * Before each test, the page's problems are emptied (the test asserts its own only) and `prepare`
 * undoes what a test before may have changed and the next one depends on, such as the emulated
 * colour scheme: a test must pass alone as well as after any other.
 */
export function pagePool<Lent extends {problems: PageProblems}>(
  open: () => Promise<Lent>,
  prepare: (lent: Lent) => Promise<void> = async () => {},
): <T>(test: (lent: Lent) => Promise<T>) => Promise<T> {
  const idle: Lent[] = [];
  return async (test) => {
    const lent = idle.pop() ?? (await open());
    lent.problems.errors.length = 0;
    lent.problems.foreignRequests.length = 0;
    await prepare(lent);
    const result = await test(lent);
    // Only after a test passed: a page a test failed on may be in any state (left open for the
    // browser to close).
    idle.push(lent);
    return result;
  };
}
