/**
 * What a page opened from a search hit marks: the words of the hit that the
 * search engine highlighted (so its own matching decides: a prefix, a typo,
 * a plural), handed to the page in the history entry's state.
 *
 * History state rather than a URL parameter: the address of the opened page
 * stays the page's own, so a link a reader copies or shares opens without
 * marks, and marks appear only on the entry a search opened (also after a
 * reload or on coming back to it), never when a page is reached another way.
 */

import {unescapeHtml} from './text';

/** A word to mark on the opened page, as the hit's highlight showed it. */
export interface MarkedWord {
  /** The highlighted text, lower case. */
  text: string;
  /** True when the highlight ended inside a word (a prefix match): mark word starts, not whole words. */
  prefix: boolean;
}

export interface OpenedHitState {
  searchHighlight: MarkedWord[];
}

/** Words longer than this are not marked (no reader types them; bounds the pattern built from them). */
const MAX_WORD = 64;
const MAX_WORDS = 16;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

const stripTags = (html: string): string => html.replace(/<[^>]*>/g, '');

function collectValues(value: unknown, out: string[]): void {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.value === 'string' && record.matchLevel !== 'none') out.push(record.value);
  else for (const child of Object.values(record)) collectValues(child, out);
}

/** A highlighted fragment: the highlight tags (DocSearch's <mark>, Algolia's <em> or a span) around escaped text. */
const HIGHLIGHTED = /<([a-z]+)\b[^>]*>([^<]*)<\/\1>/gi;

/**
 * The marked words of a hit: every highlighted fragment in its
 * `_highlightResult` (hierarchy and content), with whether the fragment
 * ended inside a word. At most MAX_WORDS distinct words.
 */
export function markedWords(hit: {_highlightResult?: unknown}): MarkedWord[] {
  const values: string[] = [];
  collectValues(hit._highlightResult, values);
  const words = new Map<string, MarkedWord>();
  for (const value of values) {
    for (const match of value.matchAll(HIGHLIGHTED)) {
      const text = unescapeHtml(match[2] ?? '')
        .trim()
        .toLowerCase();
      if (!text || text.length > MAX_WORD) continue;
      const after = (match.index ?? 0) + match[0].length;
      const prefix = WORD_CHAR.test(
        unescapeHtml(stripTags(value.slice(after, after + 16))).charAt(0),
      );
      const known = words.get(text);
      // a word seen whole anywhere is marked whole
      if (!known) words.set(text, {text, prefix});
      else if (known.prefix && !prefix) known.prefix = false;
    }
  }
  return [...words.values()].slice(0, MAX_WORDS);
}

/** The state to push with a hit's URL (undefined when nothing was highlighted). */
export function openedHitState(hit: {_highlightResult?: unknown}): OpenedHitState | undefined {
  const words = markedWords(hit);
  return words.length > 0 ? {searchHighlight: words} : undefined;
}

/** The marked words of a history entry's state; anything else found there is ignored. */
export function wordsFromState(state: unknown): MarkedWord[] {
  const words = (state as Partial<OpenedHitState> | null | undefined)?.searchHighlight;
  if (!Array.isArray(words)) return [];
  return words
    .filter(
      (w): w is MarkedWord =>
        !!w &&
        typeof w === 'object' &&
        typeof w.text === 'string' &&
        w.text.length > 0 &&
        w.text.length <= MAX_WORD &&
        typeof w.prefix === 'boolean',
    )
    .slice(0, MAX_WORDS);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern for all words: each at the start of a word, and a whole word
 * unless it was a prefix match. Longer words first, so that "managers" wins
 * over "manager" where both would match.
 */
export function markPattern(words: readonly MarkedWord[]): RegExp | null {
  if (words.length === 0) return null;
  const alternatives = [...words]
    .sort((a, b) => b.text.length - a.text.length)
    .map((w) => `${escapeRegExp(w.text)}${w.prefix ? '' : '(?![\\p{L}\\p{N}_])'}`);
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})`, 'giu');
}
