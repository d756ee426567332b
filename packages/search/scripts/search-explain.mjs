#!/usr/bin/env node
// @ts-check
// npm run search:explain -- "a query"
// Prints the first 10 hits of the query as the site asks it, each with its ranking criteria as the
// engine computed them, and the synonyms and best bets that applied; with the build's query-to-page
// prior, in the order the prior gives them, each with its place in the engine's order, P(page |
// words) and the fused score. It ranks over the published build's index in the site's build/ (the
// root script makes it current first: scripts/built-site.mjs).
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadSearch} from '../support/loadSearch.mjs';

const {findIndexFile} = await loadSearch('build/findIndexFile');
const {readIndexFile} = await loadSearch('indexFileFormat');
const {createSearchEngine} = await loadSearch('engine');
const {findPriorFile} = await loadSearch('build/priorFile');
const {readPriorFile} = await loadSearch('queryPrior');
const {explainQuery} = await loadSearch('evaluation/searchExplain');

const query = process.argv.slice(2).join(' ');
if (!query.trim()) {
  console.error('search-explain: give a query: npm run search:explain -- "renew certificate"');
  process.exit(1);
}
const buildDir = path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'build');
const file = await findIndexFile(buildDir);
const priorFile = await findPriorFile(buildDir);
const prior = priorFile ? readPriorFile(await readFile(priorFile, 'utf8')) : null;
const {records, synonyms = [], rules = []} = readIndexFile(await readFile(file, 'utf8'));
const engine = createSearchEngine({records, synonyms, rules});
console.log(explainQuery(engine, {synonyms, rules}, query, 10, prior));
