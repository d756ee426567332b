/**
 * The query-to-page prior: a table the build learns from the judged train queries and the best bets
 * (packages/search/src/build/learnPrior.ts), which says how likely each page is given a query's words
 * (multinomial naive Bayes). The site's one client fuses it with the order the back end returned,
 * `1/rank + λ·√P(page | words)`, so the embedded engine and hosted Algolia are re-ordered alike,
 * except that a first hit whose headings hold every word of the query stays first. It only
 * re-orders the hits the back end returned; it never adds a page.
 *
 * The file is `search-prior.<hash8>.json`, named in every built page by `<meta name="fsc:search-prior">`
 * (absent when the build was told SEARCH_PRIOR=off, and then nothing is re-ordered).
 */
import {pluralForms, STOP_WORDS} from './language';
import {expandPriorFile} from './priorFileFormat';
import {MAX_QUERY_WORDS} from './query';
import {terms} from './text';
import type {HighlightResult} from './types';

/** Name of the meta tag, in every built page, holding the prior file's URL. */
export const PRIOR_META_NAME = 'fsc:search-prior';
const PRIOR_FORMAT = 'fsc-search-prior';

/**
 * The learned table. Counts are integers (compact, exact); the client turns them into smoothed
 * probabilities. `words` maps a query word (priorWords) to pairs of page index and count, flat.
 */
export interface QueryPrior {
  format: typeof PRIOR_FORMAT;
  /** The fusion weight λ. */
  lambda: number;
  /** Additive (Laplace) smoothing of P(word | page), for a word of one page (SMOOTHING_POWER). */
  alpha: number;
  /** Page paths, base URL included, without trailing slash. */
  pages: string[];
  /** How many examples taught each page (its prior P(page), plus one). */
  examples: number[];
  words: Record<string, number[]>;
  /**
   * Each page's counts summed over every word of the table, and how many words it has: given when
   * `words` holds only a query's rows (the sharded index's, partialPrior), counted from `words`
   * otherwise.
   */
  totals?: number[];
  vocabulary?: number;
}

/**
 * The prior without its rows, as the sharded index's manifest holds it (shardFileFormat.ts): the
 * rows travel in the postings files of their words' range of the dictionary, so that a query
 * fetches only its words' rows.
 */
export type PriorHead = Omit<QueryPrior, 'format' | 'words'> & {
  totals: number[];
  vocabulary: number;
};

/** The prior of a query, given when it is asked for: the whole table, or its words' rows. */
export type PriorOf = (query: string) => Promise<QueryPrior>;

/**
 * How many letters of a longer word the prior keeps. Dutch readers type a word's forms and
 * compounds ("overeenkomsten", "certificaatbeheer", "transactielog") that the examples hold in
 * another form, or not at all, and the pages are English, so no dictionary of the site's words
 * could fold them; a word's first letters carry it to the examples of its stem and of the
 * compound's first part ("certif", "transa"). Chosen by leave-one-train-set-out cross-validation
 * (learnPrior.ts, PRIOR_SETTINGS): 5, 6, 7 and 8 letters all lift Dutch queries, 6 the most.
 */
const PRIOR_WORD_LETTERS = 6;

/** A query word as the prior counts it: a word of more letters cut to PRIOR_WORD_LETTERS. */
const priorWord = (word: string): string =>
  /^[a-z]+$/.test(word) ? word.slice(0, PRIOR_WORD_LETTERS) : word;

/**
 * A query's words as the prior counts them, each once: the engine's words (text.ts; its first
 * MAX_QUERY_WORDS), without stop words, each noun in one number (language.ts folds plurals:
 * "certificates" and "certificate" are one word) and cut to its first letters (priorWord). Codes,
 * numbers and words with other characters are kept whole.
 */
export function priorWords(query: string): string[] {
  const words = terms(query)
    .slice(0, MAX_QUERY_WORDS)
    .filter((word) => !STOP_WORDS.has(word))
    .map((word) => priorWord([word, ...pluralForms(word)].sort()[0] as string));
  return [...new Set(words)];
}

/** A page path as the prior names it: without trailing slash ('/' stays '/'). */
export function priorPagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

const totalsCache = new WeakMap<QueryPrior, {vocabulary: number; totals: number[]}>();

/** The table's vocabulary size and each page's word count, counted once per table. */
function totalsOf(prior: QueryPrior): {vocabulary: number; totals: number[]} {
  if (prior.totals && prior.vocabulary !== undefined)
    return {vocabulary: prior.vocabulary, totals: prior.totals};
  let found = totalsCache.get(prior);
  if (!found) {
    const totals = new Array<number>(prior.pages.length).fill(0);
    for (const counts of Object.values(prior.words))
      for (let i = 0; i < counts.length; i += 2)
        totals[counts[i] as number] =
          (totals[counts[i] as number] ?? 0) + (counts[i + 1] as number);
    found = {vocabulary: Object.keys(prior.words).length, totals};
    totalsCache.set(prior, found);
  }
  return found;
}

/** The table's head: everything but its rows, their sums counted (PriorHead). */
export function priorHead(prior: QueryPrior): PriorHead {
  const {lambda, alpha, pages, examples} = prior;
  return {lambda, alpha, pages, examples, ...totalsOf(prior)};
}

/**
 * The table of `head` with only `rows`: for a query whose words' rows they all are (a word
 * without a row has none in the whole table either), the same posterior as the whole table's.
 */
export const partialPrior = (head: PriorHead, rows: Record<string, number[]>): QueryPrior => ({
  format: PRIOR_FORMAT,
  ...head,
  words: rows,
});

/**
 * How the smoothing of a word grows with the number of pages its examples taught: `alpha·pages^¼`.
 * A word the examples hold for many pages ("fsc" taught all 33, "manage" 27) says little about
 * which one the reader means, so more smoothing flattens its factor; a word of one page keeps
 * `alpha`. Chosen by leave-one-train-set-out cross-validation (learnPrior.ts, PRIOR_SETTINGS): the
 * powers 0.15 to 0.35 all scored above a fixed alpha, Dutch queries most; an IDF weight on each
 * word's factor, or a power of the whole likelihood, scored less.
 */
const SMOOTHING_POWER = 0.25;

/**
 * P(page | words) for every page, by naive Bayes over the words the table knows; empty when it
 * knows none of them (then there is nothing to fuse). A word's smoothing is SMOOTHING_POWER's.
 */
export function pagePosterior(prior: QueryPrior, words: readonly string[]): Map<string, number> {
  const known = words.flatMap((word) => {
    const counts = Object.hasOwn(prior.words, word) ? prior.words[word] : undefined;
    return counts ? [{counts, alpha: prior.alpha * (counts.length / 2) ** SMOOTHING_POWER}] : [];
  });
  if (known.length === 0) return new Map();
  const {vocabulary, totals} = totalsOf(prior);
  const logs = prior.pages.map((_, page) => {
    let log = Math.log(prior.examples[page] ?? 1);
    for (const {counts, alpha} of known) {
      let count = 0;
      for (let i = 0; i < counts.length; i += 2) if (counts[i] === page) count = counts[i + 1] ?? 0;
      log += Math.log(count + alpha) - Math.log((totals[page] ?? 0) + alpha * vocabulary);
    }
    return log;
  });
  const max = Math.max(...logs);
  const weights = logs.map((log) => Math.exp(log - max));
  const sum = weights.reduce((a, b) => a + b, 0);
  return new Map(prior.pages.map((page, i) => [page, (weights[i] ?? 0) / sum]));
}

/** The path of a hit's page, as its URL gives it (null when it has none). */
function pageOfHit(hit: {url?: unknown}): string | null {
  if (typeof hit.url !== 'string') return null;
  try {
    return priorPagePath(new URL(hit.url, 'https://x.invalid').pathname);
  } catch {
    return null;
  }
}

/** A hit as the fusion reads it: its URL and the words the back end matched in its fields. */
type PriorHit = {url?: unknown; _highlightResult?: HighlightResult};

const HEADING_LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/**
 * Whether the back end matched every word of the query (`words`, priorWords) in the hit's headings,
 * its page title and section headings, as the hit's highlights name the matched words (both back
 * ends return them). Then the reader typed the docs' own name for that section: keyword queries
 * were what the prior cost most when it could move such a hit down (cross-validated figures in
 * learnPrior.ts, PRIOR_SETTINGS).
 */
function headingsHoldQuery(hit: PriorHit, words: readonly string[]): boolean {
  const hierarchy = hit._highlightResult?.hierarchy;
  if (words.length === 0 || typeof hierarchy !== 'object' || hierarchy === null) return false;
  // Hosted hits are read as they came: a field that is not a list of words matches nothing.
  const matched = new Set(
    HEADING_LEVELS.flatMap((level) => {
      const found: unknown = hierarchy[level]?.matchedWords;
      return Array.isArray(found)
        ? found.flatMap((word) => (typeof word === 'string' ? priorWords(word) : []))
        : [];
    }),
  );
  return words.every((word) => matched.has(word));
}

/**
 * The power the posterior is raised to in the fusion. Naive Bayes multiplies one factor per word as
 * if the words were independent, so its posterior is sharper than the evidence: most of the mass
 * on one page, little left for a second page that is as likely. Its square root lets a page the
 * table gives a fair share move up (at λ = 1, a second hit with P > 0.25 passes a first hit the
 * table does not know). Chosen by leave-one-train-set-out cross-validation beside λ, the
 * smoothing and the words kept (learnPrior.ts, PRIOR_SETTINGS).
 */
const POSTERIOR_POWER = 0.5;

/** How many of a query's words (priorWords) the table knows: k in fusedScores's weight. */
export const knownWordCount = (prior: QueryPrior, words: readonly string[]): number =>
  words.filter((word) => Object.hasOwn(prior.words, word)).length;

/**
 * Each hit's fused score, `1/rank + λ·k/n·P(page | words)^power` (rank 1-based in the back end's
 * order, the page the hit's URL names; k of the query's n words are in the table, so a posterior
 * learned from some of its words weighs less than one from all of them; the power POSTERIOR_POWER
 * unless search:tune-prior compares another); the first hit scores Infinity, and so stays first,
 * when its headings hold the whole query (headingsHoldQuery), unless `keepHeadingMatch` is false
 * (as search:tune-prior compares). Null when the table knows none of the query's words.
 */
export function fusedScores(
  hits: readonly PriorHit[],
  query: string,
  prior: QueryPrior,
  keepHeadingMatch = true,
  power = POSTERIOR_POWER,
): number[] | null {
  const words = priorWords(query);
  const posterior = pagePosterior(prior, words);
  if (posterior.size === 0) return null;
  const weight = (prior.lambda * knownWordCount(prior, words)) / words.length;
  return hits.map((hit, i) => {
    if (i === 0 && keepHeadingMatch && headingsHoldQuery(hit, words)) return Infinity;
    const page = pageOfHit(hit);
    return 1 / (i + 1) + weight * (page === null ? 0 : (posterior.get(page) ?? 0)) ** power;
  });
}

/**
 * The hits in fused order (fusedScores), ties kept in the back end's order, each page's best hit
 * before any page's second: a page's further sections follow once every page in the window has
 * shown one, so that a page the engine matched in many sections does not push the next page out
 * of the reader's sight (and a hit without a URL counts as a page of its own).
 */
export function fuseHits<T extends PriorHit>(
  hits: readonly T[],
  query: string,
  prior: QueryPrior,
  keepHeadingMatch = true,
  power = POSTERIOR_POWER,
): T[] {
  const scores = fusedScores(hits, query, prior, keepHeadingMatch, power);
  if (!scores) return [...hits];
  const shown = new Set<string>();
  return hits
    .map((hit, i) => ({hit, i, score: scores[i] as number}))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((entry) => {
      const page = pageOfHit(entry.hit);
      const again = page !== null && shown.has(page);
      if (page !== null) shown.add(page);
      return {...entry, again};
    })
    .sort((a, b) => Number(a.again) - Number(b.again))
    .map((entry) => entry.hit);
}

/**
 * How many of the back end's first hits the fusion may re-order (rounded up to a multiple of the
 * page size): DocSearch's and /search's first page of 20, so no more hits are asked for than
 * without the prior. Cross-validated over the train sets, windows of 20, 40 and 60 hits gave the
 * same MRR (0.955, 0.954, 0.954 as ranked; 0.946 each in the modal's order), and asking the
 * embedded engine for 60 hits took the p95 time of a keystroke from about 3 to 5 ms.
 */
export const PRIOR_WINDOW = 20;

/**
 * Paging with the prior: the first pages, as many as fill PRIOR_WINDOW hits, are cut from one
 * re-ordered window of the back end's first hits, so they neither repeat nor skip a hit; pages past
 * the window are the back end's own (the window holds the same hits in either order). Returns the
 * window to request and the slice of it that is the page, or null when the page is past it.
 */
export function priorWindow(
  page: number,
  hitsPerPage: number,
): {hitsPerPage: number; start: number; end: number} | null {
  if (hitsPerPage <= 0) return null;
  const window = Math.ceil(PRIOR_WINDOW / hitsPerPage) * hitsPerPage;
  const start = page * hitsPerPage;
  return start + hitsPerPage <= window
    ? {hitsPerPage: window, start, end: start + hitsPerPage}
    : null;
}

/** One page of a window the back end returned (priorWindow), in fused order (fuseHits). */
export function fusedPage<T extends PriorHit>(
  hits: readonly T[],
  query: string,
  prior: QueryPrior,
  window: {start: number; end: number},
): T[] {
  return fuseHits(hits, query, prior).slice(window.start, window.end);
}

function fail(message: string): never {
  throw new Error(`Invalid search prior file: ${message}`);
}

const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** Parses and checks a prior file (a JSON string or the parsed value). */
export function readPriorFile(json: unknown): QueryPrior {
  return checkPrior(expandPriorFile(typeof json === 'string' ? JSON.parse(json) : json, fail));
}

/** Checks the head of a prior (what the sharded index's manifest holds of it). */
export function readPriorHead(data: unknown): PriorHead {
  if (data === null || typeof data !== 'object') fail('not an object');
  const prior = checkPrior({...data, format: PRIOR_FORMAT, words: {}});
  if (!prior.totals || prior.vocabulary === undefined) fail('the totals are missing');
  return priorHead(prior);
}

function checkPrior(data: unknown): QueryPrior {
  if (data === null || typeof data !== 'object') fail('not an object');
  const prior = data as Partial<QueryPrior>;
  if (prior.format !== PRIOR_FORMAT) fail(`unknown format ${JSON.stringify(prior.format)}`);
  if (typeof prior.lambda !== 'number' || !(prior.lambda >= 0)) fail('lambda is not a weight');
  if (typeof prior.alpha !== 'number' || !(prior.alpha > 0)) fail('alpha is not positive');
  const {pages, examples, words} = prior;
  if (!Array.isArray(pages) || !pages.every((p) => typeof p === 'string')) fail('pages missing');
  if (!Array.isArray(examples) || examples.length !== pages.length || !examples.every(isCount))
    fail('examples do not match the pages');
  if (words === null || typeof words !== 'object') fail('words missing');
  for (const [word, counts] of Object.entries(words)) {
    const pairs = counts as unknown;
    if (
      !Array.isArray(pairs) ||
      pairs.length % 2 !== 0 ||
      !pairs.every(isCount) ||
      !pairs.every((n, i) => i % 2 === 1 || n < pages.length)
    )
      fail(`the counts of ${JSON.stringify(word)} are not pairs of page and count`);
  }
  const {totals, vocabulary} = prior;
  if (
    (totals !== undefined &&
      (!Array.isArray(totals) || totals.length !== pages.length || !totals.every(isCount))) ||
    (vocabulary !== undefined && !isCount(vocabulary))
  )
    fail('the totals do not match the pages');
  return prior as QueryPrior;
}
