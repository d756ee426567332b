/**
 * Ranking evaluation against the judged reader queries (packages/search/data/search-queries.tsv): for each
 * query, where does the first expected page appear among the hits?
 * Shared by `npm run eval:search`, the search-quality test and the bench.
 */
import type {SearchEngine} from '../engine';
import {
  JUDGED_QUERIES_FILE,
  QUERY_KINDS,
  readJudgedQueries,
  type JudgedQuery,
  type QueryKind,
  type QueryUse,
} from '../build/judgedQueries';
import {MODAL_HITS_PER_SECTION} from '../modalGroups';
import {fusedPage, priorWindow, type QueryPrior} from '../queryPrior';
import {questionParams} from '../questionRules';
import type {FacetFilters, SearchHit} from '../types';

export {QUERY_KINDS, type QueryKind};

/** A judged query, as the evaluation ranks it. */
export type EvalQuery = JudgedQuery;

interface QueryOutcome extends EvalQuery {
  /** URLs of the first hits (with anchors), best first. */
  urls: string[];
  /** 1-based rank of the first hit on an expected page, null when none. */
  rank: number | null;
}

interface Figures {
  total: number;
  top1: number;
  top3: number;
  /** Mean reciprocal rank over the first EVAL_DEPTH hits. */
  mrr: number;
}

export interface EvalSummary extends Figures {
  outcomes: QueryOutcome[];
  byKind: Record<QueryKind, Figures>;
  /** The same figures over the queries of each use. */
  byUse: Record<QueryUse, {byKind: Record<QueryKind, Figures>} & Figures>;
  /** The figures of each set, in the order of the sets' numbers. */
  bySet: ({set: number; use: QueryUse} & Figures)[];
}

/** Relative to the repository root. */
export const QUERIES_FILE = JUDGED_QUERIES_FILE;
/** @public loaded by a script through jiti, which the unused-code check cannot follow */
export const EVAL_DEPTH = 20;

/** What Docusaurus' contextual search sends with every query.
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function docSearchFacetFilters(
  language = 'en',
  tags = ['default', 'docs-default-current'],
): FacetFilters {
  return [`language:${language}`, tags.map((t) => `docusaurus_tag:${t}`)];
}

/** Path of a hit URL without anchor or trailing slash ('/' stays '/').
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function pagePath(url: string): string {
  const p = new URL(url, 'https://x.invalid').pathname;
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/**
 * The judged queries, each with its set's number and use (readJudgedQueries: a line that does not
 * fit fails naming it).
 */
export const loadQueries = readJudgedQueries;

function figures(outcomes: readonly QueryOutcome[]): Figures {
  return {
    total: outcomes.length,
    top1: outcomes.filter((o) => o.rank === 1).length,
    top3: outcomes.filter((o) => o.rank !== null && o.rank <= 3).length,
    mrr: outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / Math.max(1, outcomes.length),
  };
}

/** `run` returns the hit URLs of a query, best first.
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function evaluate(queries: readonly EvalQuery[], run: (q: string) => string[]): EvalSummary {
  const outcomes = queries.map((query) => {
    const urls = run(query.q).slice(0, EVAL_DEPTH);
    const expected = new Set(query.expect.map(pagePath));
    const index = urls.findIndex((u) => expected.has(pagePath(u)));
    return {...query, urls, rank: index === -1 ? null : index + 1};
  });
  const ofUse = (use: QueryUse) => {
    const some = outcomes.filter((o) => o.use === use);
    return {byKind: byKindOf(some), ...figures(some)};
  };
  const sets = [...new Set(outcomes.map((o) => o.set))].sort((a, b) => a - b);
  return {
    outcomes,
    byKind: byKindOf(outcomes),
    byUse: {train: ofUse('train'), heldout: ofUse('heldout')},
    bySet: sets.map((set) => {
      const some = outcomes.filter((o) => o.set === set);
      return {set, use: some[0]!.use, ...figures(some)};
    }),
    ...figures(outcomes),
  };
}

function byKindOf(outcomes: readonly QueryOutcome[]): Record<QueryKind, Figures> {
  return Object.fromEntries(
    QUERY_KINDS.map((kind) => [kind, figures(outcomes.filter((o) => o.kind === kind))]),
  ) as Record<QueryKind, Figures>;
}

/**
 * The order in which DocSearch's modal (@docsearch/react 3.9) lists a response's hits: grouped by
 * section (hierarchy.lvl0), the sections in the order of their first hit, at most
 * `maxResultsPerGroup` (the site's MODAL_HITS_PER_SECTION) hits each, and within a section
 * grouped by page (hierarchy.lvl1). The /search page lists them as ranked. A hit ranked second can
 * so come sixth in the modal, behind more hits of the first hit's section.
 */
export function inModalOrder<T extends Pick<SearchHit, 'hierarchy'>>(
  hits: readonly T[],
  maxResultsPerGroup = MODAL_HITS_PER_SECTION,
): T[] {
  const groups = (items: readonly T[], key: (hit: T) => unknown): T[][] => {
    const byKey = new Map<unknown, T[]>();
    for (const hit of items) {
      let group = byKey.get(key(hit));
      if (!group) byKey.set(key(hit), (group = []));
      if (group.length < maxResultsPerGroup) group.push(hit);
    }
    return [...byKey.values()];
  };
  return groups(hits, (hit) => hit.hierarchy?.lvl0).flatMap((section) =>
    groups(section, (hit) => hit.hierarchy?.lvl1).flat(),
  );
}

/** Whose order a hit's rank is counted in: the engine's (the /search page) or the modal's. */
export type HitOrder = 'ranked' | 'modal';

/**
 * The hits of a query as the site's client asks for them: DocSearch's facet filters and the
 * question parameters; `settings` are index settings sent along as query parameters (the engine
 * reads the query-time ones, as Algolia applies an index's settings to every query). Given the
 * build's query-to-page prior, the first page is re-ordered with it as the client does.
 */
export function searchAsTheSite(
  engine: SearchEngine,
  query: string,
  settings: Record<string, unknown> = {},
  prior: QueryPrior | null = null,
): SearchHit[] {
  const window = prior ? priorWindow(0, EVAL_DEPTH) : null;
  const hits = backEndHits(engine, query, settings, window?.hitsPerPage ?? EVAL_DEPTH);
  return prior && window ? fusedPage(hits, query, prior, window) : hits;
}

/**
 * The back end's first `hitsPerPage` hits of a query, asked for as the site's client asks (with the
 * prior, the client asks for the window it re-orders: priorWindow in packages/search/src/queryPrior.ts).
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function backEndHits(
  engine: SearchEngine,
  query: string,
  settings: Record<string, unknown>,
  hitsPerPage: number,
): SearchHit[] {
  return engine.search({
    ...settings,
    query,
    hitsPerPage,
    facetFilters: docSearchFacetFilters(),
    attributesToRetrieve: ['url', 'hierarchy'],
    ...questionParams(query),
  }).hits;
}

/**
 * Runs the queries through the engine as the site asks (searchAsTheSite, re-ordered with `prior`
 * when given), hits in `order`.
 */
export function evaluateEngine(
  engine: SearchEngine,
  queries: readonly EvalQuery[],
  settings: Record<string, unknown> = {},
  order: HitOrder = 'ranked',
  prior: QueryPrior | null = null,
): EvalSummary {
  return evaluate(queries, (q) => {
    const hits = searchAsTheSite(engine, q, settings, prior);
    return (order === 'modal' ? inModalOrder(hits) : hits).map((h) => h.url ?? '');
  });
}

export function formatReport(summary: EvalSummary): string {
  const lines: string[] = [];
  for (const o of summary.outcomes) {
    const mark =
      o.rank === 1
        ? 'top-1'
        : o.rank !== null && o.rank <= 3
          ? `top-3 (#${o.rank})`
          : o.rank
            ? `#${o.rank}`
            : 'MISS';
    lines.push(
      `${JSON.stringify(o.q).padEnd(44)} ${o.kind.padEnd(10)}${o.use === 'heldout' ? ' held-out' : ''} ${mark.padEnd(12)} expect ${o.expect.join(' | ')}`,
    );
    o.urls
      .slice(0, 3)
      .forEach((u, i) =>
        lines.push(`    ${i + 1}. ${pagePath(u)}${u.includes('#') ? `#${u.split('#')[1]}` : ''}`),
      );
  }
  lines.push('', formatTable(summary));
  return lines.join('\n');
}

/** Wide enough for a cell of four-digit counts ("0.921 1070/1107 1107/1107") and a space. */
const CELL = 26;

/** MRR, top-1 and top-3 in a table cell. */
const cell = (f: Figures): string =>
  (f.total === 0 ? '-' : `${f.mrr.toFixed(3)} ${f.top1}/${f.total} ${f.top3}/${f.total}`).padEnd(
    CELL,
  );

/** Per kind: all queries, those of train sets (tuned) and of heldout sets (MRR, top-1, top-3 each).
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function formatTable(summary: EvalSummary): string {
  const header = ['all', 'tuned', 'held-out'].map((h) => h.padEnd(CELL));
  const lines = [`${'kind'.padEnd(11)}${header.join('')}(MRR, top-1, top-3)`];
  const row = (label: string, all: Figures, tuned: Figures, held: Figures) =>
    lines.push(`${label.padEnd(11)}${cell(all)}${cell(tuned)}${cell(held)}`.trimEnd());
  const {train, heldout} = summary.byUse;
  for (const kind of QUERY_KINDS)
    row(kind, summary.byKind[kind], train.byKind[kind], heldout.byKind[kind]);
  row('all', summary, train, heldout);
  return lines.join('\n');
}

/** Per set: its use, then MRR, top-1 and top-3.
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function formatSetTable(summary: EvalSummary): string {
  const lines = [`${'set'.padEnd(5)}${'use'.padEnd(9)}(MRR, top-1, top-3)`];
  for (const {set, use, ...figures} of summary.bySet)
    lines.push(`${String(set).padEnd(5)}${use.padEnd(9)}${cell(figures)}`.trimEnd());
  return lines.join('\n');
}
