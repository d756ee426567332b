#!/usr/bin/env node
// @ts-check
// npm run bench:search-phrasings
//
// Would readers' own phrasings, written onto the pages that answer them (a "questions this page
// answers" list), help other readers find those pages? The tuned judged queries are split in two
// halves by their order in packages/search/data/search-queries.tsv. One half's queries (all kinds but
// keyword, typo and short) become content records on their first expected page, in a section of
// their own. The other half is then measured with and without those records, and the same the
// other way round. Prints MRR per half and kind. The held-out queries take no part. Run
// `npm run build` first.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadSearch} from '../support/loadSearch.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const {findIndexFile} = await loadSearch('build/findIndexFile');
const {readIndexFile} = await loadSearch('indexFileFormat');
const {createSearchEngine} = await loadSearch('engine');
const {evaluateEngine, loadQueries, pagePath, QUERIES_FILE} = await loadSearch(
  'evaluation/searchEvaluation',
);

/** @typedef {import('../src/evaluation/searchEvaluation').EvalQuery} EvalQuery */
/** @typedef {import('../src/types').DocSearchRecord} DocSearchRecord */

/** Kinds that are not phrasings of a need: names as written, typing mistakes, single words. */
const NOT_PHRASINGS = new Set(['keyword', 'typo', 'short']);

const index = readIndexFile(await readFile(await findIndexFile(path.join(root, 'build')), 'utf8'));
const tuned = (await loadQueries(path.join(root, QUERIES_FILE))).filter((q) => q.use === 'train');
const half = Math.floor(tuned.length / 2);
const halves = [tuned.slice(0, half), tuned.slice(half)];
const pageRecords = new Map(
  index.records.filter((r) => r.type === 'lvl1').map((r) => [pagePath(r.url), r]),
);

/**
 * The queries as content records of their first expected page.
 * @param {EvalQuery[]} queries
 * @returns {DocSearchRecord[]}
 */
function phrasingRecords(queries) {
  return queries.flatMap((query, i) => {
    const page = pageRecords.get(pagePath(query.expect[0] ?? ''));
    if (!page || NOT_PHRASINGS.has(query.kind)) return [];
    return [
      {
        ...page,
        objectID: `phrasing-${i}`,
        type: 'content',
        url: `${page.url_without_anchor}#questions`,
        anchor: 'questions',
        hierarchy: {...page.hierarchy, lvl2: 'Questions this page answers'},
        content: query.q,
        // a content record (level 0), after the page's own records
        weight: {...page.weight, level: 0, position: 999},
      },
    ];
  });
}

/** @param {DocSearchRecord[]} records */
const engineOver = (records) =>
  createSearchEngine({records, synonyms: index.synonyms, rules: index.rules});

const base = engineOver(index.records);
for (const [written, measured] of [halves, [...halves].reverse()]) {
  const added = phrasingRecords(written ?? []);
  const queries = measured ?? [];
  console.log(`\n${queries.length} queries, with the ${added.length} phrasings of the other half:`);
  const sides = [
    {label: 'pages as built', engine: base},
    {label: 'with phrasings', engine: engineOver([...index.records, ...added])},
  ];
  for (const {label, engine} of sides) {
    const summary = evaluateEngine(engine, queries);
    const kinds = Object.entries(summary.byKind)
      .filter(([, figures]) => figures.total > 0)
      .map(([kind, figures]) => `${kind} ${figures.mrr.toFixed(3)}`);
    console.log(`  ${label.padEnd(15)} MRR ${summary.mrr.toFixed(3)}  ${kinds.join(', ')}`);
  }
}
