#!/usr/bin/env node
// @ts-check
// npm run eval:search [-- build directory]
// Runs tests/data/search-queries.json through the embedded engine over the
// built index (build/search-index.*.json) with DocSearch's facet filters and
// prints, per query, the top 3 hits, then MRR, top-1 and top-3 per kind, for
// all queries, the tuned ones (train sets) and the held-out ones (heldout sets), and
// per set, with the hits as ranked (the /search page's order) and in the order the
// modal lists them. Then the figures for what `npm run search:push` would send to
// Algolia (its records, synonyms, rules and index settings) through the same engine,
// since Algolia is not reachable here.
import {createJiti} from 'jiti';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

// Loads the project's TypeScript modules (jiti transpiles them; `npm run typecheck` checks them).
const jiti = createJiti(import.meta.url);

const root = fileURLToPath(new URL('..', import.meta.url));
const {findIndexFile} = /** @type {typeof import('../plugins/search-index/findIndexFile')} */ (
  await jiti.import('../plugins/search-index/findIndexFile.ts')
);
const {engineFromIndexFile} = /** @type {typeof import('../src/search/engineFromIndexFile')} */ (
  await jiti.import('../src/search/engineFromIndexFile.ts')
);
const {createSearchEngine} = /** @type {typeof import('../src/search/engine')} */ (
  await jiti.import('../src/search/engine.ts')
);
const {DOCSEARCH_SETTINGS, loadBuiltIndex} =
  /** @type {typeof import('../plugins/search-index/push')} */ (
    await jiti.import('../plugins/search-index/push.ts')
  );
const {evaluateEngine, formatReport, formatSetTable, formatTable, loadQueries, QUERIES_FILE} =
  /** @type {typeof import('./lib/searchEvaluation')} */ (
    await jiti.import('./lib/searchEvaluation.ts')
  );

const buildDir = path.resolve(root, process.argv[2] ?? 'build');
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
console.log(
  `eval-search: ${engine.records.length} records from ${path.relative(root, file)}, ${queries.length} queries from ${queriesFile}\n`,
);
const summary = evaluateEngine(engine, queries);
console.log(formatReport(summary));
console.log(`\n${formatSetTable(summary)}`);
console.log('\nin the modal, which groups the hits by section (at most 5 each) and those by page:');
const modalSummary = evaluateEngine(engine, queries, {}, 'modal');
console.log(formatTable(modalSummary));
console.log(`\n${formatSetTable(modalSummary)}`);

const pushed = await loadBuiltIndex(buildDir);
const pushedSummary = evaluateEngine(
  createSearchEngine({records: pushed.records, synonyms: pushed.synonyms, rules: pushed.rules}),
  queries,
  DOCSEARCH_SETTINGS,
);
console.log(
  `\nwhat search:push sends (${pushed.records.length} records, ${pushed.synonyms.length} synonyms, ${pushed.rules.length} rules, its index settings):`,
);
console.log(formatTable(pushedSummary));
