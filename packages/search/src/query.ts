/** A query as the engine reads it: its words (QueryWord), each with how it may match, and the excluded words. */
import {INDEX_SETTINGS} from './indexSettings';
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

/** The index settings' typo sizes (Algolia's defaults): 1 typo from 4 letters, 2 typos from 8. */
const MIN_WORD_SIZE_FOR_1_TYPO = INDEX_SETTINGS.minWordSizefor1Typo;
const MIN_WORD_SIZE_FOR_2_TYPOS = INDEX_SETTINGS.minWordSizefor2Typos;
/** The most typos a query word may have (see allowedTypos). */
export const MAX_WORD_TYPOS = 2;

export interface QueryWord {
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
  /** A word of optionalWords: records need not match it. */
  optional: boolean;
}

export interface ParsedQuery {
  queryWords: QueryWord[];
  excluded: string[];
}

export interface QueryRules {
  advancedSyntax: boolean;
  /** Algolia's queryType: the last word is a prefix ('prefixLast') or a whole word ('prefixNone'). */
  queryType: 'prefixLast' | 'prefixNone';
  removeStopWords: boolean;
  ignorePlurals: boolean;
  optionalWords: ReadonlySet<string>;
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
function isRemovableStopWord(queryWord: QueryWord): boolean {
  return !queryWord.prefix && queryWord.phrase === null && STOP_WORDS.has(queryWord.word);
}

/** The query without its stop words, unless nothing but stop words would remain (see language.ts). */
function withoutStopWords(queryWords: QueryWord[]): QueryWord[] {
  const kept = queryWords.filter((queryWord) => !isRemovableStopWord(queryWord));
  return kept.some((queryWord) => !STOP_WORDS.has(queryWord.word)) ? kept : queryWords;
}

/** A run of the query in its order: free words, or the words of one quoted phrase. */
interface Run {
  words: string[];
  phrase: boolean;
}

/**
 * The query's free words and quoted phrases in the order they were typed (proximity pairs
 * neighbours), with excluded words (`-word`) collected apart. Without advanced syntax, quotes and
 * minus signs are ordinary characters.
 */
function runsOf(text: string, advancedSyntax: boolean, excluded: string[]): Run[] {
  if (!advancedSyntax) return [{words: toTerms(text), phrase: false}];
  const runs: Run[] = [];
  let from = 0;
  // A phrase (its closing quote optional), or a word after a minus at the start or after a space
  // or quote, up to the next space or quote.
  for (const match of text.matchAll(/"([^"]*)"?|(?<=^|[\s"])-([^\s"]+)/g)) {
    runs.push({words: toTerms(text.slice(from, match.index)), phrase: false});
    if (match[1] !== undefined) runs.push({words: toTerms(match[1]), phrase: true});
    else excluded.push(...toTerms(match[2] ?? ''));
    from = match.index + match[0].length;
  }
  runs.push({words: toTerms(text.slice(from)), phrase: false});
  return runs.filter((run) => run.words.length > 0);
}

/** A run of query words that is a synonym's key, and the keys it was found under. */
interface SynonymRun {
  start: number;
  length: number;
  /** The run's words joined by spaces, or for a single word also its other number. */
  keys: string[];
}

/**
 * Where a query's words meet the synonyms: at each word, the longest run of words starting there
 * that is a synonym's key (as Algolia matches a multi-word synonym), the words after it next; a
 * single word is also looked up in its other number.
 */
export function synonymRuns(words: readonly string[], synonyms: SynonymTable): SynonymRun[] {
  const runs: SynonymRun[] = [];
  for (let i = 0; i < words.length;) {
    let found = 0;
    for (let n = Math.min(synonyms.longestKey, words.length - i); n >= 1 && !found; n--) {
      const key = words.slice(i, i + n).join(' ');
      const keys = (n === 1 ? [key, ...pluralForms(key)] : [key]).filter((k) =>
        synonyms.alternatives.has(k),
      );
      if (keys.length === 0) continue;
      runs.push({start: i, length: n, keys});
      found = n;
    }
    i += Math.max(1, found);
  }
  return runs;
}

/** The synonyms of each word: a run's alternatives are shared by every word of it (synonymRuns). */
function alternativesOf(
  words: readonly string[],
  synonyms: SynonymTable,
): QueryWord['alternatives'][] {
  const out: QueryWord['alternatives'][] = words.map(() => []);
  for (const {start, length, keys} of synonymRuns(words, synonyms)) {
    const alternatives = keys.flatMap((k) => synonyms.alternatives.get(k) ?? []);
    for (let j = start; j < start + length; j++) out[j] = alternatives;
  }
  return out;
}

export function parseQuery(
  query: string,
  rules: QueryRules,
  synonyms: SynonymTable = NO_SYNONYMS,
): ParsedQuery {
  const excluded: string[] = [];
  const runs = runsOf(leadingWords(query, MAX_QUERY_WORDS), rules.advancedSyntax, excluded);
  const hasPhrase = runs.some((run) => run.phrase);
  const freeWords = runs.flatMap((run) => (run.phrase ? [] : run.words)).length;
  const queryWords: QueryWord[] = [];
  let phraseId = 0;
  let freeWord = 0;
  for (const run of runs) {
    if (run.phrase) {
      for (const word of run.words) {
        queryWords.push({
          word,
          prefix: false,
          typos: 0,
          phrase: phraseId,
          forms: [],
          alternatives: [],
          alternativesExact: false,
          optional: rules.optionalWords.has(word),
        });
      }
      phraseId += 1;
      continue;
    }
    // A synonym's words are typed side by side: looked up within a run of free words.
    const alternatives = alternativesOf(run.words, synonyms);
    run.words.forEach((word, i) => {
      freeWord += 1;
      const own = alternatives[i] ?? [];
      queryWords.push({
        word,
        // prefixLast: the last free word, unless the query quotes a phrase (typed whole, so done).
        prefix: rules.queryType === 'prefixLast' && freeWord === freeWords && !hasPhrase,
        typos: allowedTypos(word),
        phrase: null,
        forms: rules.ignorePlurals ? pluralForms(word) : [],
        alternatives: own,
        // a single query word's one-word alternatives only: a run's are shared by its words
        alternativesExact: own !== alternatives[i - 1] && own !== alternatives[i + 1],
        optional: rules.optionalWords.has(word),
      });
    });
  }
  return {queryWords: rules.removeStopWords ? withoutStopWords(queryWords) : queryWords, excluded};
}
