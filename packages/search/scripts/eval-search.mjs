#!/usr/bin/env node
// @ts-check
// npm run eval:search [-- [build directory] [--update-top3]]
// Runs packages/search/data/search-queries.tsv through the embedded engine over the
// built index (build/search-index.*.json) with DocSearch's facet filters and
// prints, per query, the top 3 hits, then MRR, top-1 and top-3 per kind, for
// all queries, the tuned ones (train sets) and the held-out ones (heldout sets), and
// per set, with the hits as ranked (the /search page's order) and in the order the
// modal lists them. Then the figures for what `npm run search:push` would send to
// Algolia (its records, synonyms, rules and index settings) through the same engine,
// since Algolia is not reachable here. The hits are re-ordered with the build's query-to-page
// prior (search-prior.*.json) as the site's client does; the figures without it follow (the
// SEARCH_PRIOR=off A/B). --update-top3 rewrites packages/search/data/search-top3.tsv
// (each query's top 3 pages, which the search-quality test compares) and prints the
// queries whose top 3 moved.
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadSearch} from '../support/loadSearch.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const {findIndexFile} = await loadSearch('build/findIndexFile');
const {engineFromIndexFile} = await loadSearch('engineFromIndexFile');
const {createSearchEngine} = await loadSearch('engine');
const {loadBuiltIndex} = await loadSearch('build/push');
const {INDEX_SETTINGS} = await loadSearch('indexSettings');
const {findPriorFile} = await loadSearch('build/priorFile');
const {readPriorFile} = await loadSearch('queryPrior');
const {
  evaluate,
  evaluateEngine,
  formatReport,
  formatSetTable,
  formatTable,
  inModalOrder,
  loadQueries,
  QUERIES_FILE,
  searchAsTheSite,
} = await loadSearch('evaluation/searchEvaluation');
const {MODAL_HITS_PER_SECTION} = await loadSearch('modalGroups');
const {formatTop3, parseTop3, top3Changes, top3Of, TOP3_FILE} =
  await loadSearch('evaluation/searchTop3');

const args = process.argv.slice(2);
const updateTop3 = args.includes('--update-top3');
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--update-top3');
if (unknown.length > 0) {
  console.error(`eval-search: unknown option ${unknown.join(', ')} (there is --update-top3)`);
  process.exit(1);
}
const buildDir = path.resolve(root, args.find((arg) => !arg.startsWith('--')) ?? 'build');
let file;
try {
  file = await findIndexFile(buildDir);
} catch (e) {
  // findIndexFile throws only Errors, with a message for the reader.
  console.error(`eval-search: ${/** @type {Error} */ (e).message}`);
  process.exit(1);
}
const queriesFile = path.resolve(root, process.env.SEARCH_QUERIES ?? QUERIES_FILE);
const queries = await loadQueries(queriesFile);
const engine = engineFromIndexFile(await readFile(file, 'utf8'));
const priorFile = await findPriorFile(buildDir);
const prior = priorFile ? readPriorFile(await readFile(priorFile, 'utf8')) : null;
console.log(
  `eval-search: ${engine.records.length} records from ${path.relative(root, file)}, ${queries.length} queries from ${queriesFile}, ` +
    (priorFile
      ? `hits re-ordered with ${path.relative(root, priorFile)} (lambda ${prior?.lambda})\n`
      : 'no query-to-page prior in the build (SEARCH_PRIOR=off)\n'),
);
const summary = evaluateEngine(engine, queries, {}, 'ranked', prior);
console.log(formatReport(summary));
console.log(`\n${formatSetTable(summary)}`);
console.log(
  `\nin the modal, which groups the hits by section (at most ${MODAL_HITS_PER_SECTION} each) and those by page:`,
);
const modalSummary = evaluateEngine(engine, queries, {}, 'modal', prior);
console.log(formatTable(modalSummary));
console.log(`\n${formatSetTable(modalSummary)}`);
// The figures MODAL_HITS_PER_SECTION was chosen by (packages/search/src/modalGroups.ts).
console.log('\nthe modal with 1 to 5 hits per section:');
const siteHits = new Map(queries.map((q) => [q.q, searchAsTheSite(engine, q.q, {}, prior)]));
for (let perSection = 1; perSection <= 5; perSection++) {
  const {byUse, outcomes} = evaluate(queries, (q) =>
    inModalOrder(siteHits.get(q) ?? [], perSection).map((hit) => hit.url ?? ''),
  );
  const heldout = outcomes.filter((o) => o.use === 'heldout');
  const listed = heldout.filter((o) => o.rank !== null).length / Math.max(1, heldout.length);
  console.log(
    `  ${perSection}: MRR train ${byUse.train.mrr.toFixed(3)}, held-out ${byUse.heldout.mrr.toFixed(3)}; the page listed for ${(100 * listed).toFixed(1)}% of the held-out queries`,
  );
}
if (prior) {
  for (const order of /** @type {const} */ (['ranked', 'modal'])) {
    const without = evaluateEngine(engine, queries, {}, order);
    console.log(
      `\nwithout the prior (SEARCH_PRIOR=off), ${order === 'ranked' ? 'as ranked' : "in the modal's order"}:`,
    );
    console.log(formatTable(without));
    console.log(`\n${formatSetTable(without)}`);
  }
}

const pushed = await loadBuiltIndex(buildDir);
const pushedSummary = evaluateEngine(
  createSearchEngine({records: pushed.records, synonyms: pushed.synonyms, rules: pushed.rules}),
  queries,
  INDEX_SETTINGS,
  'ranked',
  prior,
);
console.log(
  `\nwhat search:push sends (${pushed.records.length} records, ${pushed.synonyms.length} synonyms, ${pushed.rules.length} rules, its index settings):`,
);
console.log(formatTable(pushedSummary));

if (updateTop3) {
  const top3File = path.join(root, TOP3_FILE);
  const pinned = await readFile(top3File, 'utf8').then(parseTop3, () => new Map());
  const top3 = top3Of(summary);
  const changes = top3Changes(pinned, top3);
  await writeFile(top3File, formatTop3(top3));
  console.log(`\n${TOP3_FILE}: written, ${changes.length} of ${top3.size} queries' top 3 moved`);
  for (const change of changes) console.log(`  ${change}`);
}
