/**
 * Highlight and snippet values as text, whichever back end answered.
 *
 * Algolia returns `_highlightResult` and `_snippetResult` with the record's text as it is stored,
 * only the highlight tags inserted: a record holding `<img src=x>` would become markup where the
 * value is rendered as HTML (DocSearch's hits, the /search page). The embedded engine answers the
 * same way. So the site's client asks either back end for private tags, escapes the value, and only
 * then puts the caller's tags where the private ones are: the tags are the only markup that remains.
 */
import {escapeHtml} from './text';

/** Characters of Unicode's private use area: no page text uses them, and escaping leaves them be. */
const PRIVATE_PRE = '\uE000';
const PRIVATE_POST = '\uE001';
/** Algolia's own tags, when a request names none. */
const DEFAULT_PRE = '<em>';
const DEFAULT_POST = '</em>';

type Params = Record<string, unknown>;

export interface CallerTags {
  pre: string;
  post: string;
}

/** The caller's tags of one request, and the request with private tags in their place. */
export function withPrivateTags(params: Params): {params: Params; tags: CallerTags} {
  const tags = {
    pre: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : DEFAULT_PRE,
    post: typeof params.highlightPostTag === 'string' ? params.highlightPostTag : DEFAULT_POST,
  };
  return {
    params: {...params, highlightPreTag: PRIVATE_PRE, highlightPostTag: PRIVATE_POST},
    tags,
  };
}

/** One value: escaped, then the caller's tags where the back end put the private ones. */
export function safeValue(value: string, tags: CallerTags): string {
  return escapeHtml(value).replaceAll(PRIVATE_PRE, tags.pre).replaceAll(PRIVATE_POST, tags.post);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A copy of a highlight or snippet tree (objects, arrays, `{value, matchLevel}` leaves) made safe. */
function safeTree(node: unknown, tags: CallerTags): unknown {
  if (Array.isArray(node)) return node.map((child) => safeTree(child, tags));
  if (!isRecord(node)) return node;
  if (typeof node.value === 'string' && typeof node.matchLevel === 'string') {
    return {...node, value: safeValue(node.value, tags)};
  }
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
