/** A query as the engine reads it: its words ("slots"), each with how it may match, and the excluded words. */
import {pluralForms, STOP_WORDS} from './language';
import {NO_SYNONYMS, type SynonymTable} from './synonyms';
import {terms as toTerms, tokenizeWithOffsets, type Token} from './text';

/**
 * The most words of a query the engine reads. The words after them are dropped, as though the
 * query ended there (every word counts: stop words, phrase words and excluded words too); Algolia
 * bounds queries too (512 bytes) rather than rank on all of any length. The packed keys of
 * rankKey.ts have room for the criteria of this many words (checked when it loads): past it,
 * records matching different numbers of words would tie and counts could overflow their fields.
 * The /search page accepts 512 characters, a hundred words or more.
 */
export const MAX_QUERY_WORDS = 15;

/** Algolia defaults: 1 typo from 4 letters, 2 typos from 8. */
const MIN_WORD_SIZE_FOR_1_TYPO = 4;
const MIN_WORD_SIZE_FOR_2_TYPOS = 8;
/** The most typos a query word may have (see allowedTypos). */
export const MAX_WORD_TYPOS = 2;

export interface Slot {
  /** Normalised query word. */
  word: string;
  prefix: boolean;
  typos: number;
  /** Words of a quoted phrase share an id and must be adjacent. */
  phrase: number | null;
  /** Its singular or plural form, matched as the word itself (ignorePlurals). */
  forms: string[];
  /**
   * What the word, or the run of query words it belongs to, also finds (synonyms.ts): each
   * alternative a list of words, matched as a phrase when it has several.
   */
  alternatives: readonly (readonly string[])[];
  /** Whether the alternatives count as exact matches: those of a single query word (alternativesAsExact). */
  alternativesExact: boolean;
}

export interface ParsedQuery {
  slots: Slot[];
  excluded: string[];
}

export interface QueryRules {
  advancedSyntax: boolean;
  /** Algolia's queryType: the last word is a prefix ('prefixLast') or a whole word ('prefixNone'). */
  queryType: 'prefixLast' | 'prefixNone';
  removeStopWords: boolean;
  ignorePlurals: boolean;
}

function allowedTypos(word: string): number {
  if (/^\d+$/.test(word)) return 0; // allowTyposOnNumericTokens: false
  if (word.length >= MIN_WORD_SIZE_FOR_2_TYPOS) return MAX_WORD_TYPOS;
  if (word.length >= MIN_WORD_SIZE_FOR_1_TYPO) return 1;
  return 0;
}

/** The query up to the end of its `max`-th word. */
function leadingWords(query: string, max: number): string {
  const tokens = tokenizeWithOffsets(query);
  return tokens.length <= max ? query : query.slice(0, (tokens[max - 1] as Token).end);
}

/** Stop words may go where they are neither a prefix being typed nor part of a phrase. */
function isRemovableStopWord(slot: Slot): boolean {
  return !slot.prefix && slot.phrase === null && STOP_WORDS.has(slot.word);
}

/** The query without its stop words, unless nothing but stop words would remain (see language.ts). */
function withoutStopWords(slots: Slot[]): Slot[] {
  const kept = slots.filter((slot) => !isRemovableStopWord(slot));
  return kept.some((slot) => !STOP_WORDS.has(slot.word)) ? kept : slots;
}

/**
 * The synonyms of each word: the longest run of words starting at it that is a synonym's key
 * gives its alternatives to every word of the run (as Algolia matches a multi-word synonym); a
 * single word is also looked up in its other number.
 */
function alternativesOf(words: readonly string[], synonyms: SynonymTable): Slot['alternatives'][] {
  const out: Slot['alternatives'][] = words.map(() => []);
  for (let i = 0; i < words.length;) {
    let found = 0;
    for (let n = Math.min(synonyms.longestKey, words.length - i); n >= 1 && !found; n--) {
      const key = words.slice(i, i + n).join(' ');
      const keys = n === 1 ? [key, ...pluralForms(key)] : [key];
      const alternatives = keys.flatMap((k) => synonyms.alternatives.get(k) ?? []);
      if (alternatives.length === 0) continue;
      for (let j = i; j < i + n; j++) out[j] = alternatives;
      found = n;
    }
    i += Math.max(1, found);
  }
  return out;
}

export function parseQuery(
  query: string,
  rules: QueryRules,
  synonyms: SynonymTable = NO_SYNONYMS,
): ParsedQuery {
  const slots: Slot[] = [];
  const excluded: string[] = [];
  let rest = leadingWords(query, MAX_QUERY_WORDS);
  const phrases: string[][] = [];
  if (rules.advancedSyntax) {
    rest = rest.replace(/"([^"]*)"?/g, (_m, inner: string) => {
      const words = toTerms(inner);
      if (words.length > 0) phrases.push(words);
      return ' ';
    });
    rest = rest.replace(/(^|\s)-(\S+)/g, (_m, lead: string, word: string) => {
      excluded.push(...toTerms(word));
      return lead;
    });
  }
  const words = toTerms(rest);
  const alternatives = alternativesOf(words, synonyms);
  words.forEach((word, i) => {
    const own = alternatives[i] ?? [];
    slots.push({
      word,
      prefix: rules.queryType === 'prefixLast' && i === words.length - 1 && phrases.length === 0,
      typos: allowedTypos(word),
      phrase: null,
      forms: rules.ignorePlurals ? pluralForms(word) : [],
      alternatives: own,
      // a single query word's one-word alternatives only: a run's are shared by its words
      alternativesExact: own !== alternatives[i - 1] && own !== alternatives[i + 1],
    });
  });
  phrases.forEach((phrase, p) => {
    for (const word of phrase)
      slots.push({
        word,
        prefix: false,
        typos: 0,
        phrase: p,
        forms: [],
        alternatives: [],
        alternativesExact: false,
      });
  });
  return {slots: rules.removeStopWords ? withoutStopWords(slots) : slots, excluded};
}
