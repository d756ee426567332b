/**
 * Highlight and snippet values as text, whichever back end answered.
 *
 * Algolia returns `_highlightResult` and `_snippetResult` with the record's text as it is stored,
 * only the highlight tags inserted: a record holding `<img src=x>` would become markup where the
 * value is rendered as HTML (DocSearch's hits, the /search page). The embedded engine answers the
 * same way. So the site's client splits each value at the request's own tags, escapes the text
 * between them and joins it again with the tags: the tags are the only markup that remains.
 *
 * The tags themselves go to the back end unchanged, as the specification's request has them
 * (`<mark>`). A record whose text holds that very tag gets a highlight there, and nothing more: the
 * tag has no attributes and cannot load or run anything.
 */
import {escapeHtml} from './text';

/** Algolia's own tags, when a request names none. */
const DEFAULT_PRE = '<em>';
const DEFAULT_POST = '</em>';

export interface CallerTags {
  pre: string;
  post: string;
}

/** The tags one request asked for (nested `params` or flat, as liteClient takes both). */
export function requestTags(params: Record<string, unknown>): CallerTags {
  return {
    pre: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : DEFAULT_PRE,
    post: typeof params.highlightPostTag === 'string' ? params.highlightPostTag : DEFAULT_POST,
  };
}

/** `text` split at `separator` (not at all for an empty one), each piece mapped, joined again. */
const around = (text: string, separator: string, map: (piece: string) => string) =>
  separator ? text.split(separator).map(map).join(separator) : map(text);

/** One value: the text between the tags escaped, the tags kept. */
function safeValue(value: string, tags: CallerTags): string {
  return around(value, tags.pre, (piece) => around(piece, tags.post, escapeHtml));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A copy of a highlight or snippet tree made safe: every string in it, at any depth of objects and
 * arrays, whatever the entry around it holds. Algolia's entries are `{value, matchLevel, …}`, but
 * a back end may answer in another shape (an entry without `matchLevel`, a bare string), and
 * DocSearch and the /search page render whatever value they find there. The other strings are
 * escaped too: `matchLevel` is a plain word that escaping leaves as it is, and nothing on the site
 * reads `matchedWords`.
 */
function safeTree(node: unknown, tags: CallerTags): unknown {
  if (typeof node === 'string') return safeValue(node, tags);
  if (Array.isArray(node)) return node.map((child) => safeTree(child, tags));
  if (!isRecord(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [key, safeTree(child, tags)]),
  );
}

/** One result of a multi-query answer with every hit's highlights and snippets made safe. */
export function safeResult<R>(result: R, tags: CallerTags): R {
  if (!isRecord(result) || !Array.isArray(result.hits)) return result;
  return {
    ...result,
    hits: result.hits.map((hit: unknown) => {
      if (!isRecord(hit)) return hit;
      const safe: Record<string, unknown> = {...hit};
      for (const key of ['_highlightResult', '_snippetResult']) {
        if (key in hit) safe[key] = safeTree(hit[key], tags);
      }
      return safe;
    }),
  };
}
