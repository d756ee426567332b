import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {expect, it} from 'vitest';
import {
  evaluateEngine,
  formatReport,
  loadQueries,
  QUERIES_FILE,
  QUERY_KINDS,
  type QueryKind,
} from '../../scripts/lib/searchEvaluation';
import {findIndexFile} from '../../plugins/search-index/findIndexFile';
import {engineFromIndexFile} from '../../src/search/engineFromIndexFile';
import {builtSite, REPO_ROOT} from '../../support/builds.mjs';

/**
 * Floors per kind, a little below the figures of 2026-11-25 on main with shell code blocks indexed
 * (eval:search, all queries of a kind, MRR and top-3: keyword 0.956 50/51, question 0.934 46/49,
 * config-key 0.788 10/11, symptom 1.000 23/23, command 0.917 8/9, task 0.900 9/10, synonym 0.833
 * 13/14, typo 1.000 7/7, short 0.629 5/7, dutch 0.979 24/24): a ranking change that loses more than
 * a query or two of a kind fails here. The held-out queries' own figures are in eval:search's report.
 */
const FLOORS: Record<QueryKind, {mrr: number; top3: number; queries: number}> = {
  keyword: {mrr: 0.93, top3: 0.94, queries: 30},
  question: {mrr: 0.9, top3: 0.9, queries: 30},
  'config-key': {mrr: 0.72, top3: 0.8, queries: 10},
  symptom: {mrr: 0.95, top3: 0.95, queries: 20},
  command: {mrr: 0.8, top3: 0.77, queries: 8},
  task: {mrr: 0.8, top3: 0.8, queries: 10},
  synonym: {mrr: 0.76, top3: 0.78, queries: 10},
  typo: {mrr: 0.9, top3: 0.85, queries: 7},
  short: {mrr: 0.55, top3: 0.57, queries: 7},
  dutch: {mrr: 0.88, top3: 0.9, queries: 20},
};

it('ranks the judged reader queries of every kind at least as well as the floors (built site)', async () => {
  const file = await findIndexFile(await builtSite('published'));
  const queries = await loadQueries(path.join(REPO_ROOT, QUERIES_FILE));
  const summary = evaluateEngine(engineFromIndexFile(await readFile(file, 'utf8')), queries);
  const report = formatReport(summary);
  for (const kind of QUERY_KINDS) {
    const floor = FLOORS[kind];
    const figures = summary.byKind[kind];
    expect(figures.total, `${kind} queries in the judged set`).toBeGreaterThanOrEqual(
      floor.queries,
    );
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
