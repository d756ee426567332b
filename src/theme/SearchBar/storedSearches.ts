import {urlOnSite} from '@fsc-docs/search/siteUrl';
import {escapeHtml, unescapeHtml} from '@fsc-docs/search/text';
import {HIERARCHY_LEVELS} from '@fsc-docs/search/types';

const HIT_TYPES = new Set<string>([...HIERARCHY_LEVELS, 'content']);
const LEVELS = HIERARCHY_LEVELS;

/** The keys under which DocSearch 3 keeps a site's recent and favorite searches. */
export function storedSearchKeys(indexName: string): string[] {
  return [
    `__DOCSEARCH_RECENT_SEARCHES__${indexName}`,
    `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`,
  ];
}

type SavedHit = {
  objectID: string;
  url: string;
  type: string;
  hierarchy: Record<(typeof LEVELS)[number], string | null>;
  content: string | null;
  __docsearch_parent: null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextOrNull = (value: unknown): value is string | null | undefined =>
  value === null || value === undefined || typeof value === 'string';

/**
 * DocSearch renders a stored hit's text as HTML. What it stored itself is escaped text (the site's
 * transformItems escapes every live hit before it can be saved), so decoding that one escape and
 * escaping again leaves it as it was, while anything else becomes plain text.
 */
function safeText(text: string): string {
  return escapeHtml(unescapeHtml(text));
}

/**
 * A stored entry as a hit DocSearch can show safely, or null when it does not have the shape of a
 * saved hit or its URL leaves the site at `origin`. Only the fields DocSearch uses are kept, the
 * URL as the path the parser read (the site stores its hits as paths).
 */
export function toSavedHit(entry: unknown, origin: string): SavedHit | null {
  if (!isRecord(entry) || !isRecord(entry.hierarchy)) return null;
  const {objectID, url, type, hierarchy, content} = entry;
  if (typeof objectID !== 'string' || typeof url !== 'string') return null;
  const onSite = urlOnSite(url, origin);
  if (!onSite) return null;
  if (
    typeof type !== 'string' ||
    !HIT_TYPES.has(type) ||
    !isTextOrNull(content)
  )
    return null;
  if (
    !LEVELS.every((level) => isTextOrNull(hierarchy[level])) ||
    typeof hierarchy.lvl0 !== 'string'
  )
    return null;
  return {
    objectID,
    url: onSite.pathname + onSite.search + onSite.hash,
    type,
    hierarchy: Object.fromEntries(
      LEVELS.map((level) => {
        const text = hierarchy[level];
        return [level, typeof text === 'string' ? safeText(text) : null];
      }),
    ) as SavedHit['hierarchy'],
    content: typeof content === 'string' ? safeText(content) : null,
    __docsearch_parent: null,
  };
}

/**
 * Escaped entries are longer than raw ones, so the cleaned write can fail on a full storage
 * (QuotaExceededError): then the raw entry must not stay behind for DocSearch to read.
 */
function writeOrRemove(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    window.localStorage.removeItem(key);
  }
}

/**
 * Whatever is in the browser's storage may have been put there by anyone (another script on the
 * origin, a shared profile, a hand edit), so the stored searches are cleaned before DocSearch reads
 * them: entries without the shape of a saved hit are dropped and the text of the others escaped.
 */
export function cleanStoredSearches(indexName: string): void {
  for (const key of storedSearchKeys(indexName)) {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
      const hits = Array.isArray(parsed)
        ? parsed
            .map((entry) => toSavedHit(entry, window.location.origin))
            .filter((hit) => hit !== null)
        : [];
      writeOrRemove(key, JSON.stringify(hits));
    } catch {
      // Storage that throws (blocked by the browser) holds nothing DocSearch can read either.
    }
  }
}
