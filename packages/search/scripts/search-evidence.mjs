#!/usr/bin/env node
// @ts-check
// npm run search:evidence [-- --json file]
// For each synonym entry (data/synonyms.json) and each best bet (data/best-bets.json, as the
// index's query rules): the change in MRR when it is left out, on the evidence queries (the
// held-out sets but the newest, which stays fresh: it is measured, never selected on) and on the
// train queries, and its bytes in the index. The hits are re-ordered with the build's query-to-page
// prior as the site does, the prior held as built. Ranks over the published build's index in the
// site's build/ (the root script makes it current first: scripts/built-site.mjs). --json writes the
// figures to a file as well.
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadSearch} from '../support/loadSearch.mjs';

/** The site the package sits in. */
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const {findIndexFile} = await loadSearch('build/findIndexFile');
const {readIndexFile} = await loadSearch('indexFileFormat');
const {createSearchEngine} = await loadSearch('engine');
const {findPriorFile} = await loadSearch('build/priorFile');
const {readPriorFile} = await loadSearch('queryPrior');
const {loadQueries, QUERIES_FILE} = await loadSearch('evaluation/searchEvaluation');
const {entryEffects, formatEffects} = await loadSearch('evaluation/searchEvidence');

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt === -1 ? null : args[jsonAt + 1];
if ((jsonAt !== -1 && !jsonFile) || args.length !== (jsonAt === -1 ? 0 : 2)) {
  console.error('search-evidence: the one option is --json <file>');
  process.exit(1);
}

const buildDir = path.join(REPO_ROOT, 'build');
const file = await findIndexFile(buildDir);
const priorFile = await findPriorFile(buildDir);
const prior = priorFile ? readPriorFile(await readFile(priorFile, 'utf8')) : null;
const {records, synonyms = [], rules = []} = readIndexFile(await readFile(file, 'utf8'));
const engine = createSearchEngine({records, synonyms, rules});
const queries = await loadQueries(path.join(REPO_ROOT, QUERIES_FILE));
const heldOut = [...new Set(queries.filter((q) => q.use === 'heldout').map((q) => q.set))];
const fresh = Math.max(...heldOut);
/** @type {import('../src/evaluation/searchEvidence').QueryGroup} */
const groupOf = (query) => (query.set === fresh ? null : query.use === 'heldout');
const count = (/** @type {boolean | null} */ group) =>
  queries.filter((q) => groupOf(q) === group).length;
console.log(
  `search-evidence: ${records.length} records, ${synonyms.length} synonym entries and ${rules.length} best bets from ${path.relative(REPO_ROOT, file)}; ` +
    `evidence: held-out sets ${heldOut.filter((s) => s !== fresh).join(', ')} (${count(true)} queries); ` +
    `train: ${count(false)} queries; set ${fresh} (${count(null)} queries) left fresh; ` +
    (priorFile
      ? `hits re-ordered with ${path.relative(REPO_ROOT, priorFile)} as the site does (held as built)\n`
      : 'no query-to-page prior in the build\n'),
);
const started = Date.now();
const effects = entryEffects(engine, {synonyms, rules}, queries, groupOf, prior);
console.log(formatEffects(effects));
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (jsonFile) await writeFile(jsonFile, JSON.stringify(effects, null, 1));
