/**
 * Algolia-style `_highlightResult` / `_snippetResult` values.
 *
 * As Algolia does, the record's text is returned as it is stored, with only the caller's pre/post
 * tags inserted: the site's client (safeHighlights.ts) escapes the values of both back ends alike.
 */
import {tokenizeWithOffsets, type Token} from './text';
import type {HighlightResultOption, MatchLevel, SnippetResultOption} from './types';

/** How a matched document term relates to the query word(s) it matched. */
export interface TermMatch {
  /** Normalised query words this term satisfies. */
  words: readonly string[];
  /**
   * For a prefix match ('outw' -> 'outway'), the length of the query word:
   * only that many leading characters are highlighted, as Algolia does.
   */
  prefixLength?: number;
}

/** Which document terms to highlight (a Map will do). */
export interface TermMatcher {
  get(term: string): TermMatch | undefined;
  has(term: string): boolean;
}

export interface Tags {
  pre: string;
  post: string;
}

function matchLevelFor(matched: ReadonlySet<string>, queryWords: readonly string[]): MatchLevel {
  if (matched.size === 0) return 'none';
  return queryWords.every((w) => matched.has(w)) ? 'full' : 'partial';
}

/** Renders `text[from, to)` with matched tokens wrapped in the tags. */
function render(
  text: string,
  tokens: readonly Token[],
  from: number,
  to: number,
  matcher: TermMatcher,
  tags: Tags,
  matched: Set<string>,
): {html: string; highlightedTokens: number} {
  let html = '';
  let cursor = from;
  let highlightedTokens = 0;
  for (const token of tokens) {
    if (token.start < from || token.end > to) continue;
    const match = matcher.get(token.term);
    if (!match) continue;
    html += text.slice(cursor, token.start);
    const original = text.slice(token.start, token.end);
    // Partial highlight only when offsets map 1:1 onto the normalised term.
    const cut =
      match.prefixLength !== undefined &&
      match.prefixLength < original.length &&
      original.length === token.term.length
        ? match.prefixLength
        : original.length;
    html += tags.pre + original.slice(0, cut) + tags.post + original.slice(cut);
    cursor = token.end;
    highlightedTokens++;
    for (const w of match.words) matched.add(w);
  }
  html += text.slice(cursor, to);
  return {html, highlightedTokens};
}

export function highlight(
  text: string,
  matcher: TermMatcher,
  queryWords: readonly string[],
  tags: Tags,
  tokens: readonly Token[] = tokenizeWithOffsets(text),
): HighlightResultOption {
  const matched = new Set<string>();
  const {html, highlightedTokens} = render(text, tokens, 0, text.length, matcher, tags, matched);
  const result: HighlightResultOption = {
    value: html,
    matchLevel: matchLevelFor(matched, queryWords),
    matchedWords: queryWords.filter((w) => matched.has(w)),
  };
  if (result.matchLevel !== 'none') {
    result.fullyHighlighted = highlightedTokens === tokens.length;
  }
  return result;
}

/**
 * A window of `words` words around the first matched word (the text's start
 * when nothing matched), with `ellipsis` where the text was cut.
 */
export function snippet(
  text: string,
  matcher: TermMatcher,
  queryWords: readonly string[],
  words: number,
  ellipsis: string,
  tags: Tags,
  tokens: readonly Token[] = tokenizeWithOffsets(text),
): SnippetResultOption {
  const matched = new Set<string>();
  if (tokens.length <= words) {
    const {html} = render(text, tokens, 0, text.length, matcher, tags, matched);
    return {value: html, matchLevel: matchLevelFor(matched, queryWords)};
  }
  const first = Math.max(
    0,
    tokens.findIndex((t) => matcher.has(t.term)),
  );
  let start = Math.max(0, first - Math.floor((words - 1) / 2));
  const end = Math.min(tokens.length, start + words);
  start = Math.max(0, end - words);
  const from = start === 0 ? 0 : (tokens[start]?.start ?? 0);
  const to = end === tokens.length ? text.length : (tokens[end - 1]?.end ?? text.length);
  const {html} = render(text, tokens, from, to, matcher, tags, matched);
  const value = (start > 0 ? ellipsis : '') + html.trim() + (end < tokens.length ? ellipsis : '');
  return {value, matchLevel: matchLevelFor(matched, queryWords)};
}
