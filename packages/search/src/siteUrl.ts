/**
 * The one rule for a URL that search hands to a link, `window.open` or the history: it must name a
 * page of the site. Used for hits as the back end returns them (algoliaClient.ts) and for the
 * recent and favourite searches the browser stores (theme/SearchBar/storedSearches.ts).
 *
 * Checking the text (a leading `/`, no `//`) is not enough: the URL parser drops tabs and newlines
 * and reads `\` as `/`, so `/\t/evil.example/x` passes such a check and then names another host.
 * The rule therefore asks the parser itself, twice: the URL resolved against the site's origin must
 * stay on it, and so must its path alone, which is what the site links to (a record's
 * `https://site//evil.example/x` is on the site, but its path `//evil.example/x` is not).
 */

/** `value` resolved against `origin` when it names a page there, else null (never throws). */
export function urlOnSite(value: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname + url.search + url.hash;
  return new URL(path, origin).origin === origin ? url : null;
}
