/**
 * Per-query parameters for questions, added by the site's one search client (algoliaClient.ts) to
 * every search it sends, so that hosted Algolia and the embedded engine get the same request and
 * rank it the same way. Both are plain Algolia parameters:
 *
 * - `queryType: 'prefixNone'` when the query ends in a stop word ("what does the manager do"): that
 *   last word is complete, not the start of a word still being typed, so `removeStopWords` drops it
 *   instead of matching it as a prefix ("do" would match "docker", "domain", "download"). The same
 *   when it ends in a question mark ("which ports do I open?"): "open" is then the word, not the
 *   start of "OpenID".
 * - `optionalFilters` on the concept pages for a question that asks what something is, or why
 *   ("what does the manager do", "why do I need a transaction log"; see asksWhatOrWhy): the Introduction section
 *   defines the things the tutorials and production pages use, so its records come first among
 *   those holding the question's words (Algolia's `filters` criterion, right after `words`).
 */
import {STOP_WORDS} from './language';
import {terms} from './text';
import type {SearchParams} from './types';

/** The section whose pages define FSC's concepts (hierarchy.lvl0 of its records). */
export const CONCEPT_SECTION = 'Introduction';
export const CONCEPT_FILTER = `hierarchy.lvl0:${CONCEPT_SECTION}`;

/**
 * "what is …", "what's …", "what does … do" and "why …" ask for a definition or a reason; "what are
 * the …" and "what do I …" mostly ask for a list or a task ("what are the system requirements").
 */
function asksWhatOrWhy([first, second]: string[]): boolean {
  if (first === 'why' || first === 'waarom') return true;
  if (first === 'wat') return second === 'is' || second === 'doet'; // Dutch: "wat is", "wat doet"
  return first === 'what' && (second === 'is' || second === 'does' || second === 's');
}

export function questionParams(query: string): Pick<SearchParams, 'queryType' | 'optionalFilters'> {
  const words = terms(query);
  const hasSubject = words.some((word) => !STOP_WORDS.has(word));
  if (words.length < 2 || !hasSubject) return {};
  const params: Pick<SearchParams, 'queryType' | 'optionalFilters'> = {};
  const complete = query.trimEnd().endsWith('?');
  if (complete || STOP_WORDS.has(words[words.length - 1] as string))
    params.queryType = 'prefixNone';
  if (asksWhatOrWhy(words)) params.optionalFilters = [CONCEPT_FILTER];
  return params;
}
