/**
 * A tab opened before a deploy still runs the old release: its search chunks and its index file
 * (content-hashed names) may be gone from the server. The cure is the new release's page, so the
 * page reloads, once: a second failure within GUARD_MS (the reload did not help, e.g. the server
 * itself is broken) leaves the reload out, and the caller shows its error state with a way to retry.
 * The query of an open search modal survives the reload, and the modal opens again with it.
 */
const RELOADED_AT_KEY = 'fsc:search-reloaded-at';
const REOPEN_KEY = 'fsc:search-reopen';
const GUARD_MS = 60_000;

/**
 * Reloads the page unless that was just done; true when the reload is under way. Without session
 * storage there is no guard against a reload loop, so there is no reload either.
 * @param reopenQuery the modal's query, to open it again with after the reload
 */
export function reloadForNewRelease(reopenQuery?: string): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    if (last && Date.now() - last < GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    if (reopenQuery !== undefined) window.sessionStorage.setItem(REOPEN_KEY, reopenQuery);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * The query the modal had before a reload for a new release (once), or null. Session storage is
 * read only when the page was reloaded: a page's first use of it waits for the browser process
 * (3-30 ms measured in Chromium), which a load that is no reload need not spend.
 */
export function takeQueryToReopen(): string | null {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation && navigation.type !== 'reload') return null;
  try {
    const query = window.sessionStorage.getItem(REOPEN_KEY);
    window.sessionStorage.removeItem(REOPEN_KEY);
    return query;
  } catch {
    return null;
  }
}

/** Whether DocSearch's modal is open (it marks the body while it is). */
export function isSearchModalOpen(): boolean {
  return document.body.classList.contains('DocSearch--active');
}
