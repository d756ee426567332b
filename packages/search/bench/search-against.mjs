#!/usr/bin/env node
// @ts-check
// npm run bench:search-against -- <git revision> [rounds]
//
// What a keystroke costs the site's search client in this checkout against another revision, on
// the same keystrokes: every keystroke of this checkout's judged queries on the real site (each
// side with its own built index and question rules), and of the first 40 queries of the synthetic
// 2,000-page site (both sides on this build's records; each applies the synonyms and best bets it
// knows). This checkout's side is timed as the client runs it: the engine's search, then the
// query-to-page prior's fusion of its hits (clientKeystroke), with the build's prior on the real
// site and, on the synthetic site, a prior learned as the build learns one (syntheticPrior). The
// other side is its engine alone: a revision from before the prior has none to fuse with. The
// other revision is checked out in a temporary git worktree, which borrows this checkout's
// node_modules (but its own workspace packages), and built there. Prints p50 and p95 per side and
// their ratio. Figures only: nothing here asserts timings. Run `npm run build` first.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createJiti} from 'jiti';
import {
  clientKeystroke,
  keystrokes,
  latencies,
  SYNTHETIC_LATENCY_QUERIES,
} from '../support/searchLatency.mjs';
import {SITE_SYNTHETIC_PAGES, siteSyntheticCorpus} from '../support/syntheticCorpus.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const [revision, roundsArg] = process.argv.slice(2);
if (!revision) {
  console.error('bench:search-against: name a git revision to compare with, such as a commit');
  process.exit(1);
}
/** Rounds per corpus: the real site's keystrokes are many, the synthetic site's few. */
const REAL_ROUNDS = Number(roundsArg ?? 2);
const SYNTHETIC_ROUNDS = REAL_ROUNDS * 10;
/**
 * Judged train queries per page that teach the synthetic site's prior: about as many as the real
 * site's train sets give each of its pages (3,342 queries over 33 pages on 2026-11-28).
 */
const SYNTHETIC_PRIOR_QUERIES_PER_PAGE = 100;

/**
 * @typedef {import('../src/types').SearchParams} SearchParams
 * @typedef {{search: (params: SearchParams) => unknown}} Engine
 * @typedef {object} Checkout
 * @property {Engine} site the engine over the checkout's own built index
 * @property {(data: object) => Engine} create an engine over other records
 * @property {(query: string) => object} questionParams its question rules (none before they existed)
 */

/**
 * A checkout's engine, through the modules its revision has: the index file was read by
 * engineFromIndexFile.ts, before that by indexData.ts.
 * @param {string} dir
 * @returns {Promise<Checkout>}
 */
async function loadCheckout(dir) {
  const jiti = createJiti(path.join(dir, 'bench', 'search-against.mjs'), {moduleCache: false});
  /** @param {string} file */
  const module = (file) =>
    /** @type {Promise<Record<string, any>>} */ (jiti.import(path.join(dir, file)));
  /** @param {string} file */
  const exists = (file) =>
    readdirSync(path.join(dir, path.dirname(file))).includes(path.basename(file));
  const buildDir = path.join(dir, 'build');
  const indexName = readdirSync(buildDir).find((f) => /^search-index\..*\.json$/.test(f));
  if (!indexName) throw new Error(`no search index in ${buildDir}`);
  const text = await readFile(path.join(buildDir, indexName), 'utf8');
  // The engine's folder: the search package's since it exists, src/search before.
  const src = existsSync(path.join(dir, 'packages', 'search', 'src'))
    ? 'packages/search/src'
    : 'src/search';
  const site = exists(`${src}/engineFromIndexFile.ts`)
    ? (await module(`${src}/engineFromIndexFile.ts`)).engineFromIndexFile(text)
    : (await module(`${src}/indexData.ts`)).loadIndex(JSON.parse(text));
  const {createSearchEngine} = await module(`${src}/engine.ts`);
  const questionParams = exists(`${src}/questionRules.ts`)
    ? (await module(`${src}/questionRules.ts`)).questionParams
    : () => ({});
  return {site, create: createSearchEngine, questionParams};
}

/**
 * @param {Checkout} checkout
 * @param {Engine} engine
 * @param {object} filters
 * @param {import('../support/searchLatency.mjs').PriorFusion | null} fusion
 */
const runOf = (checkout, engine, filters, fusion) =>
  clientKeystroke(
    (params) =>
      /** @type {{hits: object[]}} */ (engine.search(/** @type {SearchParams} */ (params))),
    filters,
    checkout.questionParams,
    fusion,
  );

/**
 * The worktree's node_modules: this checkout's packages, but its own workspace packages
 * (`@fsc-docs/*` from its `packages/`), as npm links them; borrowing this checkout's node_modules
 * whole would build the other revision with this checkout's search package.
 * @param {string} dir
 */
function linkNodeModules(dir) {
  const nodeModules = path.join(dir, 'node_modules');
  mkdirSync(path.join(nodeModules, '@fsc-docs'), {recursive: true});
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@fsc-docs')
      symlinkSync(path.join(root, 'node_modules', entry), path.join(nodeModules, entry));
  }
  const packages = path.join(dir, 'packages');
  for (const name of existsSync(packages) ? readdirSync(packages) : []) {
    const manifest = path.join(packages, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const {name: packageName} = JSON.parse(readFileSync(manifest, 'utf8'));
    if (packageName?.startsWith('@fsc-docs/'))
      symlinkSync(path.join(packages, name), path.join(nodeModules, packageName));
  }
}

const worktree = mkdtempSync(path.join(tmpdir(), 'fsc-bench-against-'));
const git = (/** @type {string[]} */ ...args) =>
  execFileSync('git', args, {cwd: root, stdio: 'pipe'});
try {
  git('worktree', 'add', '--detach', worktree, revision);
  linkNodeModules(worktree);
  console.log(`bench:search-against: building ${revision} in ${worktree}`);
  execFileSync('npm', ['run', 'build'], {cwd: worktree, stdio: 'ignore'});

  const jiti = createJiti(import.meta.url);
  const {terms} = /** @type {typeof import('../src/text')} */ (await jiti.import('../src/text.ts'));
  const {readIndexFile} = /** @type {typeof import('../src/indexFileFormat')} */ (
    await jiti.import('../src/indexFileFormat.ts')
  );
  const {findIndexFile} = /** @type {typeof import('../src/build/findIndexFile')} */ (
    await jiti.import('../src/build/findIndexFile.ts')
  );
  const {docSearchFacetFilters, loadQueries, QUERIES_FILE} =
    /** @type {typeof import('../src/evaluation/searchEvaluation')} */ (
      await jiti.import('../src/evaluation/searchEvaluation.ts')
    );
  const queryPrior = /** @type {typeof import('../src/queryPrior')} */ (
    await jiti.import('../src/queryPrior.ts')
  );
  const {findPriorFile} = /** @type {typeof import('../src/build/priorFile')} */ (
    await jiti.import('../src/build/priorFile.ts')
  );
  const {learnPrior, priorExamples, PRIOR_SETTINGS} =
    /** @type {typeof import('../src/build/learnPrior')} */ (
      await jiti.import('../src/build/learnPrior.ts')
    );
  const buildDir = path.join(root, 'build');
  const index = readIndexFile(await readFile(await findIndexFile(buildDir), 'utf8'));
  const priorFile = await findPriorFile(buildDir);
  const queries = await loadQueries(path.join(root, QUERIES_FILE));
  const synthetic = siteSyntheticCorpus(
    index.records,
    terms,
    SYNTHETIC_LATENCY_QUERIES + SITE_SYNTHETIC_PAGES * SYNTHETIC_PRIOR_QUERIES_PER_PAGE,
  );
  // The synthetic site's prior, learned as the build learns the site's (learnPrior.ts) from its
  // queries with a known answer, those the benchmark times left out. Its best bets and writers'
  // phrasings name pages of the real site, so they teach it nothing.
  const syntheticPrior = learnPrior(
    priorExamples(
      synthetic.queries.slice(SYNTHETIC_LATENCY_QUERIES).map((query) => ({
        q: query.q,
        expect: [new URL(query.url).pathname],
      })),
      [],
      PRIOR_SETTINGS,
    ),
    PRIOR_SETTINGS,
  );
  const {synonymHits} = /** @type {typeof import('../src/build/push')} */ (
    await jiti.import('../src/build/push.ts')
  );
  const data = {
    records: synthetic.records,
    // In Algolia's format, one input per entry: what every revision reads (an entry with a list of
    // inputs is newer than some).
    synonyms: synonymHits(index.synonyms ?? []),
    rules: index.rules ?? [],
  };
  const sides = {
    [revision]: await loadCheckout(worktree),
    'this checkout': await loadCheckout(root),
  };

  const [other, own] = Object.values(sides);
  if (!other || !own) throw new Error('two sides to compare');
  /** @param {import('../src/queryPrior').QueryPrior | null} prior */
  const fusionWith = (prior) => (prior ? {prior, module: queryPrior} : null);
  const sitePrior = priorFile ? queryPrior.readPriorFile(await readFile(priorFile, 'utf8')) : null;
  console.log(
    `this checkout: engine and prior fusion, with ${
      priorFile
        ? `the build's ${path.basename(priorFile)} (${sitePrior?.pages.length} pages)`
        : 'no prior on the real site (the build has none: engine only)'
    }; on 2,000 pages a prior learned from ${
      synthetic.queries.length - SYNTHETIC_LATENCY_QUERIES
    } synthetic queries (${syntheticPrior.pages.length} pages, ${
      Object.keys(syntheticPrior.words).length
    } words). ${revision}: engine only`,
  );
  const filters = {facetFilters: docSearchFacetFilters()};
  const corpora = [
    {
      label: `real site, ${queries.length} queries`,
      keys: keystrokes(queries.map((q) => q.q)),
      rounds: REAL_ROUNDS,
      runs: [
        runOf(other, other.site, filters, null),
        runOf(own, own.site, filters, fusionWith(sitePrior)),
      ],
    },
    {
      label: `synthetic 2,000 pages, ${SYNTHETIC_LATENCY_QUERIES} queries`,
      keys: keystrokes(synthetic.queries.slice(0, SYNTHETIC_LATENCY_QUERIES).map((q) => q.q)),
      rounds: SYNTHETIC_ROUNDS,
      runs: [
        runOf(other, other.create(data), {}, null),
        runOf(own, own.create(data), {}, fusionWith(syntheticPrior)),
      ],
    },
  ];
  for (const {label, keys, rounds, runs} of corpora) {
    const [before, after] = latencies(runs, keys, rounds);
    if (!before || !after) continue;
    console.log(`\n${label}: ${keys.length} keystrokes x ${rounds} rounds`);
    Object.keys(sides).forEach((name, i) => {
      const lat = i === 0 ? before : after;
      console.log(
        `  ${name.padEnd(14)} p50 ${lat.p50.toFixed(3)} ms  p95 ${lat.p95.toFixed(3)} ms`,
      );
    });
    console.log(`  p95 ratio      ${(after.p95 / before.p95).toFixed(2)}x`);
  }
} finally {
  git('worktree', 'remove', '--force', worktree);
}
