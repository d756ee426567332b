import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {expect, it} from 'vitest';
import {
  evaluateEngine,
  formatReport,
  loadQueries,
  QUERIES_FILE,
} from '../../plugins/search-index/evaluate';
import {findIndexFile} from '../../plugins/search-index/indexFile';
import {loadIndex} from '../../src/search/indexData';
import {builtSite, REPO_ROOT} from '../../support/builds.mjs';

/**
 * Floors a little below the figures of 2026-11-24 (keywords MRR 0.953, top-3 50/51; questions MRR
 * 0.953, top-3 41/42): a ranking change that loses more than a query or two fails here.
 */
const FLOORS = {
  keyword: {mrr: 0.92, top3: 0.94},
  question: {mrr: 0.92, top3: 0.93},
} as const;

it('ranks the judged reader queries, keywords and questions, at least as well as the floors (built site)', async () => {
  const file = await findIndexFile(await builtSite('published'));
  const queries = await loadQueries(path.join(REPO_ROOT, QUERIES_FILE));
  const summary = evaluateEngine(loadIndex(await readFile(file, 'utf8')), queries);
  const report = formatReport(summary);
  console.log(report);
  for (const [kind, floor] of Object.entries(FLOORS) as [
    keyof typeof FLOORS,
    (typeof FLOORS)[keyof typeof FLOORS],
  ][]) {
    const figures = summary.byKind[kind];
    expect(figures.total, `${kind} queries in the judged set`).toBeGreaterThanOrEqual(30);
    expect(
      figures.mrr,
      `${kind} MRR ${figures.mrr.toFixed(3)} < ${floor.mrr}:\n${report}`,
    ).toBeGreaterThanOrEqual(floor.mrr);
    expect(
      figures.top3 / figures.total,
      `${kind} top-3 ${figures.top3}/${figures.total}:\n${report}`,
    ).toBeGreaterThanOrEqual(floor.top3);
  }
}, 600_000); // the first run makes the build
