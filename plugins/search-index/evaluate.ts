/**
 * Ranking evaluation against the judged reader queries (tests/data/search-queries.json): for each
 * query, where does the first expected page appear among the hits?
 * Shared by `npm run eval:search`, the search-quality test and the bench.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SearchEngine } from '../../src/search/engine';
import type { FacetFilters } from '../../src/search/types';

export interface EvalQuery {
  q: string;
  expect: string[];
}

export interface QueryOutcome extends EvalQuery {
  /** URLs of the first hits (with anchors), best first. */
  urls: string[];
  /** 1-based rank of the first hit on an expected page, null when none. */
  rank: number | null;
}

export interface EvalSummary {
  outcomes: QueryOutcome[];
  total: number;
  top1: number;
  top3: number;
  /** Mean reciprocal rank over the first `depth` hits. */
  mrr: number;
}

/** Relative to the repository root. */
export const QUERIES_FILE = path.join('tests', 'data', 'search-queries.json');
export const EVAL_DEPTH = 20;

/** What Docusaurus' contextual search sends with every query. */
export function docSearchFacetFilters(language = 'en', tags = ['default', 'docs-default-current']): FacetFilters {
  return [`language:${language}`, tags.map((t) => `docusaurus_tag:${t}`)];
}

/** Path of a hit URL without anchor or trailing slash ('/' stays '/'). */
export function pagePath(url: string): string {
  const p = new URL(url, 'https://x.invalid').pathname;
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export async function loadQueries(file: string): Promise<EvalQuery[]> {
  const data = JSON.parse(await readFile(file, 'utf8')) as { queries?: EvalQuery[] };
  if (!Array.isArray(data.queries) || data.queries.length === 0) throw new Error(`${file}: no queries`);
  return data.queries;
}

/** `run` returns the hit URLs of a query, best first. */
export function evaluate(queries: readonly EvalQuery[], run: (q: string) => string[]): EvalSummary {
  const outcomes = queries.map((query) => {
    const urls = run(query.q).slice(0, EVAL_DEPTH);
    const expected = new Set(query.expect.map(pagePath));
    const index = urls.findIndex((u) => expected.has(pagePath(u)));
    return { ...query, urls, rank: index === -1 ? null : index + 1 };
  });
  const total = outcomes.length;
  return {
    outcomes,
    total,
    top1: outcomes.filter((o) => o.rank === 1).length,
    top3: outcomes.filter((o) => o.rank !== null && o.rank <= 3).length,
    mrr: outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / Math.max(1, total),
  };
}

/** Runs the queries through the engine with DocSearch's parameters. */
export function evaluateEngine(engine: SearchEngine, queries: readonly EvalQuery[]): EvalSummary {
  return evaluate(queries, (q) =>
    engine
      .search({
        query: q,
        hitsPerPage: EVAL_DEPTH,
        facetFilters: docSearchFacetFilters(),
        attributesToRetrieve: ['url'],
      })
      .hits.map((h) => h.url ?? ''),
  );
}

export function formatReport(summary: EvalSummary): string {
  const lines: string[] = [];
  for (const o of summary.outcomes) {
    const mark = o.rank === 1 ? 'top-1' : o.rank !== null && o.rank <= 3 ? `top-3 (#${o.rank})` : o.rank ? `#${o.rank}` : 'MISS';
    lines.push(`${JSON.stringify(o.q).padEnd(28)} ${mark.padEnd(12)} expect ${o.expect.join(' | ')}`);
    o.urls.slice(0, 3).forEach((u, i) => lines.push(`    ${i + 1}. ${pagePath(u)}${u.includes('#') ? `#${u.split('#')[1]}` : ''}`));
  }
  lines.push(
    `MRR ${summary.mrr.toFixed(3)}   top-1 ${summary.top1}/${summary.total}   top-3 ${summary.top3}/${summary.total}`,
  );
  return lines.join('\n');
}
