/**
 * Learns the query-to-page prior (src/search/queryPrior.ts) from examples of what readers type for
 * a page: the judged queries of the train sets (never a heldout set's) and the best bets' patterns.
 * A writer teaches search by adding such phrasings; the build learns the table again.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {BestBet} from '../bestBets';
import {priorPagePath, priorWords, type QueryPrior} from '../queryPrior';

/**
 * The judged queries, relative to the site directory: the one place that names the file (the
 * search evaluation reads it from here too).
 */
export const JUDGED_QUERIES_FILE = path.join('packages', 'search', 'data', 'search-queries.json');

/** Something a reader typed and the pages that answer it. */
export interface PriorExample {
  text: string;
  /** Page paths without the base URL. */
  pages: readonly string[];
  /** How many examples it counts as. */
  weight: number;
}

export interface PriorSettings {
  /** The fusion weight λ. */
  lambda: number;
  /** Additive smoothing of P(word | page). */
  alpha: number;
  /** A word seen fewer times than this in all examples is left out of the table. */
  minWordCount: number;
  /** How many train queries a best bet's pattern counts as. */
  bestBetWeight: number;
}

/**
 * Chosen by leave-one-set-out cross-validation over the train sets only (`npm run
 * search:tune-prior`), the mean of MRR as ranked and in the modal's order; heldout sets are never
 * read for it. Over the 2,452 train queries: 0.955 as ranked and 0.946 in the modal's order, against
 * 0.935 and 0.922 without the prior.
 */
export const PRIOR_SETTINGS: PriorSettings = {
  lambda: 1,
  alpha: 0.5,
  minWordCount: 2,
  bestBetWeight: 4,
};

/**
 * The table: for every word of the examples (priorWords) that occurs at least `minWordCount`
 * times, how often it taught each page; pages and words in sorted order, so that the same examples
 * give the same file.
 */
export function learnPrior(
  examples: readonly PriorExample[],
  settings: PriorSettings,
  baseUrl = '/',
): QueryPrior {
  const base = baseUrl.replace(/\/+$/, '');
  const pageOf = (page: string) => priorPagePath(`${base}/${page.replace(/^\/+/, '')}`);
  const taught = new Map<string, number>();
  const counts = new Map<string, Map<string, number>>();
  for (const {text, pages, weight} of examples) {
    const words = priorWords(text);
    for (const page of new Set(pages.map(pageOf))) {
      taught.set(page, (taught.get(page) ?? 0) + weight);
      for (const word of words) {
        let byPage = counts.get(word);
        if (!byPage) counts.set(word, (byPage = new Map()));
        byPage.set(page, (byPage.get(page) ?? 0) + weight);
      }
    }
  }
  const pages = [...taught.keys()].sort();
  const indexOf = new Map(pages.map((page, i) => [page, i]));
  const words: Record<string, number[]> = {};
  for (const word of [...counts.keys()].sort()) {
    const byPage = counts.get(word) as Map<string, number>;
    const total = [...byPage.values()].reduce((a, b) => a + b, 0);
    if (total < settings.minWordCount) continue;
    words[word] = [...byPage]
      .map(([page, count]) => [indexOf.get(page) as number, count] as const)
      .sort((a, b) => a[0] - b[0])
      .flat();
  }
  return {
    format: 'fsc-search-prior',
    lambda: settings.lambda,
    alpha: settings.alpha,
    pages,
    examples: pages.map((page) => (taught.get(page) ?? 0) + 1),
    words,
  };
}

/** A judged query as the file holds it. */
export interface JudgedQuery {
  q: string;
  expect: string[];
  set: number;
}

/**
 * The judged queries of the train sets, read from the file's `sets` (a set's use is declared once
 * there). Heldout queries are dropped here, before anything else sees them.
 */
export async function readTrainQueries(file: string): Promise<JudgedQuery[]> {
  const data = JSON.parse(await readFile(file, 'utf8')) as {
    sets?: {set?: unknown; use?: unknown}[];
    queries?: {q?: unknown; expect?: unknown; set?: unknown}[];
  };
  const train = new Set((data.sets ?? []).filter((s) => s.use === 'train').map((s) => s.set));
  return (data.queries ?? []).flatMap((query) =>
    train.has(query.set) &&
    typeof query.q === 'string' &&
    Array.isArray(query.expect) &&
    query.expect.every((page) => typeof page === 'string')
      ? [{q: query.q, expect: query.expect as string[], set: query.set as number}]
      : [],
  );
}

/** The examples of train queries and best bets, the best bets weighted as `settings` say. */
export function priorExamples(
  queries: readonly JudgedQuery[],
  bets: readonly BestBet[],
  settings: PriorSettings,
): PriorExample[] {
  return [
    ...queries.map((query) => ({text: query.q, pages: query.expect, weight: 1})),
    ...bets.flatMap((bet) =>
      bet.patterns.map((pattern) => ({
        text: pattern,
        pages: [bet.page],
        weight: settings.bestBetWeight,
      })),
    ),
  ];
}
