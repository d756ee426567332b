#!/usr/bin/env node
// @ts-check
// npm run bench:search-scale [-- --large] [-- --warm-only] [-- <buildDir>]
//
// This site's search beside Pagefind as the site grows (issue 38): the real site (the records of
// the published build's index file; `npm run bench:search-scale` makes that build current first),
// and the site plus 2,000 generated pages (with --large also plus 10,000; left out by default, see
// below). The generated pages are records made directly (packages/search/support/syntheticCorpus.mjs,
// over the site's own words), not built by Docusaurus. Each size's records are written with the
// package's own writers, as the build writes them (serializeIndex, the build's writeShardFiles),
// and, for Pagefind, as plain HTML pages of the same text (a page's title, headings and
// paragraphs), handed to its Node API. Three searches on the same pages:
//   - whole: the whole index file, what the browser loads today (engineFromIndexFile.ts);
//   - sharded: the sharded index through the reader's opener for one thread (openShardsInThread),
//     its manifest and table asked for while its code loads, as the site's page does;
//   - Pagefind 1.6.0 through its JS API: search, then the first 10 results' data().
// Ours are bundled for the browser with Rspack (installed for Docusaurus faster), as the site
// bundles them; Pagefind's files are its own. Pagefind is no dependency of the project: it is
// installed here on first use, at its pinned version, into node_modules/.cache/bench-pagefind.
//
// For one-word, three-word, typo and Dutch queries, typed one keystroke at a time in Chromium,
// each answer awaited before the next keystroke (a reader typing slowly), served by a Node
// server on 127.0.0.1 with gzip, over HTTP/2 (packages/search/support/gzipServer.mjs says why),
// it prints:
//   - first KB: gzip bytes as sent from the first keystroke to its answer, a cold cache (code,
//     index data, and for the sharded reader its manifest and table: nothing is fetched before the
//     first interaction), and the code's share of it; trips: the round trips in sequence among them;
//   - next KB/key: the bytes of each later keystroke, on average; at once KB: the bytes of the
//     whole query searched at once from a cold cache (a /search?q= link, a pasted query);
//   - warm p95: each keystroke again once everything is fetched, 3 rounds, timed in the page;
//   - cold 4G: the first keystroke's answer from a cold cache with Lighthouse's slow-4G
//     throttling through CDP (150 ms latency, 1.6 Mbps down, 750 kbps up);
//   - found: the full query's nbHits (ours: records) or results (Pagefind: pages).
// With --warm-only, only the warm p95 of the sharded index at the site plus 10,000 pages (no
// whole index, no Pagefind, no cold or at-once runs, no other size), and the slowest keystrokes of
// each query with their prefix and round: the figure a change of the ranking moves, in a minute or
// two. Beside it the p95 of each keystroke's thread time (the CPU of the page's main thread, from a
// trace of the warm rounds): on a busy host the wall time also counts waiting for a core. Its
// shard files are kept under node_modules/.cache and written again only when the records or the
// package's sources change.
// Figures only: nothing here asserts timings. A run of the default sizes takes a few minutes on a
// 2-core machine; 10,000 pages add several more (the whole index is megabytes over slow 4G and
// its engine is built in the page), hence --large.
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {createJiti} from 'jiti';
import {chromium} from 'playwright-core';
import {rspack} from '@rspack/core';
import {startGzipServer} from '../support/gzipServer.mjs';
import {loadSearch} from '../support/loadSearch.mjs';
import {keystrokes, percentile} from '../support/searchLatency.mjs';
import {siteSyntheticCorpus} from '../support/syntheticCorpus.mjs';
import {roundTrips} from '../support/requestLog.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const src = fileURLToPath(new URL('../src', import.meta.url));
const cacheDir = path.join(root, 'node_modules', '.cache', 'bench-search-scale');
const args = process.argv.slice(2);
const large = args.includes('--large');
const warmOnlyRun = args.includes('--warm-only');
const buildDir = path.resolve(root, args.find((a) => !a.startsWith('--')) ?? 'build');

const PAGEFIND_VERSION = '1.6.0';
const PAGEFIND_PREFIX = path.join(root, 'node_modules', '.cache', 'bench-pagefind');
/** Generated pages added to the site, per size (0: the site alone). */
const SIZES = warmOnlyRun ? [10000] : large ? [0, 2000, 10000] : [0, 2000];
const QUERIES = [
  {kind: 'one word', q: 'outway'},
  {kind: 'three words', q: 'load balancer inway'},
  {kind: 'typo', q: 'certifcate renewel'},
  {kind: 'Dutch', q: 'certificaat vernieuwen'},
];
const ENGINES = /** @type {const} */ (['whole', 'sharded', 'Pagefind']);
const WARM_ROUNDS = 3;
/** --warm-only: the slowest keystrokes printed per query (see slowest). */
const SLOWEST_SHOWN = 4;
/** Lighthouse's slow 4G, as the issue states it (CDP takes bytes per second). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/**
 * How long the server holds each answer to the first keystroke, so that requests made together
 * have all arrived before the first is answered: on a busy 2-core host Pagefind's worker makes the
 * ten fragment requests of one Promise.all over up to 300 ms.
 */
const FIRST_KEY_DELAY_MS = 400;
const INDEX_NAME = 'docs-fsc';

const {findIndexFile} = await loadSearch('build/findIndexFile');
const {writeShardFiles} = await loadSearch('build/shardFiles');
const {readIndexFile, serializeIndex} = await loadSearch('indexFileFormat');
const {terms: toTerms} = await loadSearch('text');
const {questionParams} = await loadSearch('questionRules');
const {docSearchFacetFilters} = await loadSearch('evaluation/searchEvaluation');
/** @type {typeof import('../support/docSearchRequest')} */
const {docSearchRequest} = await createJiti(import.meta.url).import(
  '../support/docSearchRequest.ts',
);

/**
 * @typedef {import('../src/types').DocSearchRecord} DocSearchRecord
 * @typedef {typeof ENGINES[number]} EngineName
 * @typedef {import('../support/gzipServer.mjs').GzipServer} GzipServer
 * @typedef {{kind: EngineName, base: string, manifest: string, table: string}} EngineSpec what the
 *   page opens (the sharded index's manifest and table, as the site's pages name them)
 * @typedef {{query: string, indexName: string, params: object}} PageRequest
 * @typedef {object} PagefindIndex
 * @property {(file: {url: string, content: string}) => Promise<{errors: string[]}>} addHTMLFile
 * @property {(options: {outputPath: string}) => Promise<{errors: string[]}>} writeFiles
 * @property {() => Promise<unknown>} deleteIndex
 * @typedef {object} PagefindService the part of pagefind's Node API used here (the package is
 *   installed on first use, so its own types are not there for the type check)
 * @property {(config?: object) => Promise<{errors: string[], index?: PagefindIndex}>} createIndex
 * @property {() => Promise<unknown>} close
 * @typedef {{label: string, spec: EngineSpec, kind: string, figures: Awaited<ReturnType<typeof measure>>}} Row
 * @typedef {object} Harness what the harness page (HARNESS) gives the benchmark
 * @property {(spec: EngineSpec) => Promise<void>} benchOpen the first interaction: what the
 *   engine loads before a query is known
 * @property {(spec: EngineSpec, request: PageRequest) => Promise<number>} benchSearch one search:
 *   the full query's nbHits (ours) or results (Pagefind)
 * @property {(spec: EngineSpec, requests: PageRequest[], rounds: number) => Promise<number[]>} benchTimes
 *   the time of each search, every request once per round
 */

/** Pagefind at its pinned version, installed on first use (never a dependency of the project). */
async function pagefindModule() {
  const pkg = path.join(PAGEFIND_PREFIX, 'node_modules', 'pagefind');
  const installed = existsSync(path.join(pkg, 'package.json'))
    ? JSON.parse(await readFile(path.join(pkg, 'package.json'), 'utf8')).version
    : null;
  if (installed !== PAGEFIND_VERSION) {
    console.log(
      `installing pagefind@${PAGEFIND_VERSION} into ${path.relative(root, PAGEFIND_PREFIX)} (not saved in package.json)`,
    );
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--prefix',
        PAGEFIND_PREFIX,
        `pagefind@${PAGEFIND_VERSION}`,
      ],
      {stdio: 'inherit'},
    );
  }
  /** @type {PagefindService} */
  const pagefind = await import(pathToFileURL(path.join(pkg, 'lib', 'index.js')).href);
  return pagefind;
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The records as plain HTML pages for Pagefind, one per page URL: its title, then each record's
 * heading or text in order (the text the records hold, nothing of a theme around it).
 * @param {DocSearchRecord[]} records
 * @returns {Map<string, string>} path to HTML
 */
function htmlPages(records) {
  /** @type {Map<string, string[]>} */
  const pages = new Map();
  for (const record of records) {
    const url = new URL(record.url_without_anchor);
    const key = `/${url.hostname}${url.pathname.replace(/\/?$/, '/')}`;
    let parts = pages.get(key);
    if (!parts) {
      parts = [`<h1>${escapeHtml(record.hierarchy.lvl1 ?? '')}</h1>`];
      pages.set(key, parts);
    }
    const id = record.anchor ? ` id="${escapeHtml(record.anchor)}"` : '';
    if (record.type === 'lvl2')
      parts.push(`<h2${id}>${escapeHtml(record.hierarchy.lvl2 ?? '')}</h2>`);
    else if (record.type === 'lvl3')
      parts.push(`<h3${id}>${escapeHtml(record.hierarchy.lvl3 ?? '')}</h3>`);
    else if (record.type === 'content' && record.content)
      parts.push(`<p>${escapeHtml(record.content)}</p>`);
  }
  return new Map(
    [...pages].map(([key, parts]) => [
      key,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${parts[0]?.replace(/<\/?h1>/g, '')}</title></head>` +
        `<body><main data-pagefind-body>${parts.join('')}</main></body></html>`,
    ]),
  );
}

/**
 * One size's files under `dir`: the whole index and the sharded index as the build writes them,
 * and Pagefind's index of the same pages.
 * @param {string} dir
 * @param {DocSearchRecord[]} records
 * @param {{synonyms: import('../src/synonyms').SynonymEntry[], rules: import('../src/queryRules').QueryRule[]}} data
 * @param {PagefindService} pagefind
 * @returns {Promise<{shards: {manifest: string, table: string} | Error, pagefindMs: number}>} the
 *   paths of the manifest and the table under dir, or why the build's writer refused the sharded
 *   index (a limit of its own): the other two are still measured
 */
async function writeSize(dir, records, data, pagefind) {
  await rm(dir, {recursive: true, force: true});
  await mkdir(dir, {recursive: true});
  await writeFile(path.join(dir, 'search-index.json'), serializeIndex(records, data));
  /** @type {{manifest: string, table: string} | Error} */
  const shards = await writeShardFiles(dir, records, data, () => {}).catch(
    (/** @type {Error} */ error) => error,
  );
  const started = performance.now();
  const {index, errors} = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  for (const [url, content] of htmlPages(records)) {
    const added = await index.addHTMLFile({url, content});
    if (added.errors.length > 0) throw new Error(`pagefind ${url}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({outputPath: path.join(dir, 'pagefind')});
  if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await index.deleteIndex();
  /** @param {string} file */
  const urlPath = (file) => file.split(path.sep).join('/');
  return {
    shards:
      shards instanceof Error
        ? shards
        : {manifest: urlPath(shards.manifest), table: urlPath(shards.table)},
    pagefindMs: performance.now() - started,
  };
}

/**
 * The sharded index alone under `dir`, for --warm-only: kept from an earlier run when it was
 * written from the same records, search data and package sources (a hash of them in `dir`).
 * @param {string} dir
 * @param {DocSearchRecord[]} records
 * @param {{synonyms: import('../src/synonyms').SynonymEntry[], rules: import('../src/queryRules').QueryRule[]}} data
 * @returns {Promise<{manifest: string, table: string}>}
 */
async function shardsOnly(dir, records, data) {
  const hash = createHash('sha256').update(JSON.stringify([records, data]));
  const sources = (await readdir(src, {recursive: true})).filter((f) => f.endsWith('.ts')).sort();
  for (const file of sources) hash.update(file).update(await readFile(path.join(src, file)));
  const stamp = path.join(dir, 'written-from.txt');
  const digest = hash.digest('hex');
  const kept = existsSync(stamp) && (await readFile(stamp, 'utf8')) === digest;
  if (!kept) {
    await rm(dir, {recursive: true, force: true});
    await mkdir(dir, {recursive: true});
  }
  const written = kept
    ? JSON.parse(await readFile(path.join(dir, 'shards.json'), 'utf8'))
    : await writeShardFiles(dir, records, data, () => {});
  /** @param {string} file */
  const urlPath = (file) => file.split(path.sep).join('/');
  const shards = {manifest: urlPath(written.manifest), table: urlPath(written.table)};
  if (!kept) {
    await writeFile(path.join(dir, 'shards.json'), JSON.stringify(shards));
    await writeFile(stamp, digest);
  }
  return shards;
}

/**
 * Our two readers bundled for the browser, each an ES module of its own: whole.js opens the whole
 * index file, sharded.js the sharded index's reader with the browser's fetch, given the manifest
 * and table the page asked for while the module loaded.
 * @param {string} out
 */
async function bundleOurs(out) {
  await mkdir(out, {recursive: true});
  const entries = {
    whole:
      `import {engineFromIndexFile} from ${JSON.stringify(path.join(src, 'engineFromIndexFile.ts'))};\n` +
      'export async function open(url) {\n' +
      '  const response = await fetch(url, {headers: {accept: "application/json"}});\n' +
      '  const engine = engineFromIndexFile(await response.json());\n' +
      '  return async ({indexName, params}) => engine.search(params, indexName).nbHits;\n}\n',
    sharded:
      `import {openShardsInThread} from ${JSON.stringify(path.join(src, 'shardsInThread.ts'))};\n` +
      'export async function open(manifestUrl, early) {\n' +
      '  const fetchFile = (url, init) => fetch(url, init);\n' +
      '  const search = await openShardsInThread({manifestUrl, early, fetchFile, timeoutMs: 60000});\n' +
      '  return async ({indexName, params}) => (await search.search([{...params, indexName}]))[0].nbHits;\n}\n',
  };
  const entryDir = path.join(out, 'entries');
  await mkdir(entryDir, {recursive: true});
  for (const [name, code] of Object.entries(entries))
    await writeFile(path.join(entryDir, `${name}.mjs`), code);
  const compiler = rspack({
    mode: 'production',
    target: 'web',
    context: root,
    devtool: false,
    entry: Object.fromEntries(
      Object.keys(entries).map((name) => [name, path.join(entryDir, `${name}.mjs`)]),
    ),
    output: {
      path: out,
      filename: '[name].js',
      module: true,
      chunkFormat: 'module',
      library: {type: 'module'},
    },
    experiments: {outputModule: true},
    optimization: {splitChunks: false},
    resolve: {extensions: ['.ts', '.mjs', '.js']},
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: {jsc: {parser: {syntax: 'typescript'}, target: 'es2022'}},
          type: 'javascript/auto',
        },
      ],
    },
  });
  await new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({all: false, errors: true})));
      else compiler.close(() => resolve(undefined));
    }),
  );
}

/**
 * The page the browser runs the searches in. Opening an engine is what the first interaction with
 * search loads, before a query is known: its code, then for the whole index the index (the site's
 * embedded requester preloads it on the first hover or focus), for the sharded index its manifest
 * and table, asked for while the code loads as the site's embedded requester asks for them, and
 * for Pagefind what its init needs (an empty search waits for it).
 */
const HARNESS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>search-scale</title></head><body><script type="module">
const openers = {
  whole: async ({base}) => (await import('/code/whole.js')).open(base + 'search-index.json'),
  sharded: async ({base, manifest, table}) => {
    const early = new Map(
      [base + manifest, base + table].map((url) => [
        url,
        fetch(url, {headers: {accept: 'application/json'}}).then((response) => response.text()),
      ]),
    );
    return (await import('/code/sharded.js')).open(base + manifest, early);
  },
  Pagefind: async ({base}) => {
    const pagefind = await import(base + 'pagefind/pagefind.js');
    await pagefind.init();
    await pagefind.search('');
    return async ({query}) => {
      const found = await pagefind.search(query);
      await Promise.all(found.results.slice(0, 10).map((result) => result.data()));
      return found.results.length;
    };
  },
};
let search = null;
window.benchOpen = async (spec) => {
  search ??= await openers[spec.kind](spec);
};
window.benchSearch = async (spec, request) => {
  await window.benchOpen(spec);
  return search(request);
};
window.benchTimes = async (spec, requests, rounds) => {
  const times = [];
  // A measure before the first keystroke and after each: a trace gives each its thread time.
  performance.measure('bench keystroke');
  for (let round = 0; round < rounds; round++)
    for (const request of requests) {
      const started = performance.now();
      await window.benchSearch(spec, request);
      times.push(performance.now() - started);
      performance.measure('bench keystroke');
    }
  return times;
};
</script></body></html>`;

/**
 * What a query's keystrokes send: the request of the site's modal, with the question parameters
 * the site's client adds (algoliaClient.ts); Pagefind takes the query alone.
 * @param {string} query
 * @returns {PageRequest}
 */
function pageRequest(query) {
  const {indexName, ...params} = {
    ...docSearchRequest(query, INDEX_NAME, docSearchFacetFilters()),
    ...questionParams(query),
  };
  return {query, indexName, params};
}

/**
 * A page in a context of its own (an empty cache) on the harness.
 * @param {import('playwright-core').Browser} browser
 * @param {GzipServer} server
 */
async function freshPage(browser, server) {
  const context = await browser.newContext({ignoreHTTPSErrors: true});
  const page = await context.newPage();
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => 'benchSearch' in globalThis);
  server.take();
  return {page, context};
}

/** @param {{bytes: number}[]} list */
const bytesOf = (list) => list.reduce((sum, f) => sum + f.bytes, 0);

/**
 * One search in the harness page: the full query's nbHits (ours) or results (Pagefind).
 * @param {import('playwright-core').Page} page
 * @param {EngineSpec} spec
 * @param {PageRequest} request
 */
const searchIn = (page, spec, request) =>
  page.evaluate(
    ([s, r]) => /** @type {Harness} */ (/** @type {unknown} */ (globalThis)).benchSearch(s, r),
    /** @type {const} */ ([spec, request]),
  );

/**
 * The first interaction, then the query typed key by key, from a cold cache; then each keystroke
 * again with everything fetched, WARM_ROUNDS times.
 * @param {import('playwright-core').Browser} browser
 * @param {GzipServer} server
 * @param {EngineSpec} spec
 * @param {string} query
 */
async function typedThenWarm(browser, server, spec, query, traced = false) {
  const requests = keystrokes([query]).map(pageRequest);
  const typed = await freshPage(browser, server);
  server.setDelay(FIRST_KEY_DELAY_MS);
  await typed.page.evaluate(
    (s) => /** @type {Harness} */ (/** @type {unknown} */ (globalThis)).benchOpen(s),
    spec,
  );
  const opened = server.take();
  const perKey = [];
  for (const request of requests) {
    server.setDelay(perKey.length === 0 ? FIRST_KEY_DELAY_MS : 0);
    await searchIn(typed.page, spec, request);
    perKey.push(server.take());
  }
  const found = await searchIn(typed.page, spec, pageRequest(query));
  const trace = traced ? await startTrace(typed.page) : null;
  const times = await typed.page.evaluate(
    ([s, r, n]) => /** @type {Harness} */ (/** @type {unknown} */ (globalThis)).benchTimes(s, r, n),
    /** @type {const} */ ([spec, requests, WARM_ROUNDS]),
  );
  const threadTimes = trace ? keystrokeThreadTimes(await trace.stop(), times.length) : null;
  await typed.context.close();
  return {requests, opened, perKey, found, times, threadTimes};
}

/**
 * @typedef {{name: string, ph: string, ts: number, tts?: number}} TraceEvent a Chromium trace event
 *   (times in microseconds; tts, the thread's CPU time, on events that have one)
 */

/**
 * Records a Chromium trace of the page's timeline (CDP Tracing) until `stop`, which gives its events.
 * @param {import('playwright-core').Page} page
 */
async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  /** @type {TraceEvent[]} */
  const events = [];
  // CDP types a trace event as a string map; its ts and tts are numbers.
  cdp.on('Tracing.dataCollected', ({value}) =>
    events.push(.../** @type {TraceEvent[]} */ (/** @type {unknown} */ (value))),
  );
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    // The timeline's UserTiming::Measure events (with thread time) come with the user timing's.
    traceConfig: {includedCategories: ['devtools.timeline', 'blink.user_timing']},
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      await cdp.send('Tracing.end');
      await complete;
      return events;
    },
  };
}

/**
 * Each warm keystroke's thread time in ms: the CPU the page's main thread spent from the end of
 * the keystroke before (benchTimes' measures) to its own end, collections and compiles on that
 * thread included. The warm rounds are one task with no wait in it, so nothing else runs on the
 * thread between; where the wall time is far above it, the thread was waiting for a core (the
 * host's load, or V8's own marking and compiling threads on a 2-core host). Null when the trace
 * does not hold a measure per keystroke.
 * @param {TraceEvent[]} events
 * @param {number} keystrokes
 * @returns {number[] | null}
 */
function keystrokeThreadTimes(events, keystrokes) {
  const ends = events
    .filter((e) => e.name === 'UserTiming::Measure' && e.ph === 'X' && e.tts !== undefined)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => /** @type {number} */ (e.tts));
  if (ends.length !== keystrokes + 1) return null;
  return ends.slice(1).map((end, i) => (end - /** @type {number} */ (ends[i])) / 1000);
}

/**
 * One engine on one query at one size.
 * @param {import('playwright-core').Browser} browser
 * @param {GzipServer} server
 * @param {EngineSpec} spec
 * @param {string} query
 */
async function measure(browser, server, spec, query) {
  const {requests, opened, perKey, found, times} = await typedThenWarm(
    browser,
    server,
    spec,
    query,
  );
  // The whole query at once, nothing fetched before.
  const atOnce = await freshPage(browser, server);
  await searchIn(atOnce.page, spec, pageRequest(query));
  const atOnceBytes = bytesOf(server.take());
  await atOnce.context.close();

  // Slow 4G from a cold cache: the first interaction and, right after it, the first keystroke.
  const cold = await freshPage(browser, server);
  const cdp = await cold.context.newCDPSession(cold.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const [openMs, keyMs] = await cold.page.evaluate(async ([s, r]) => {
    const harness = /** @type {Harness} */ (/** @type {unknown} */ (globalThis));
    const started = performance.now();
    await harness.benchOpen(s);
    const typedAt = performance.now();
    await harness.benchSearch(s, r);
    return [typedAt - started, performance.now() - typedAt];
  }, /** @type {const} */ ([spec, requests[0]]));
  await cold.context.close();
  server.take();

  const [first = [], ...later] = perKey;
  return {
    openBytes: bytesOf(opened),
    codeBytes: bytesOf(opened.filter((answer) => answer.path.endsWith('.js'))),
    openTrips: roundTrips(opened),
    keyBytes: bytesOf(first),
    keyTrips: roundTrips(first),
    nextBytes: later.length > 0 ? bytesOf(later.flat()) / later.length : 0,
    atOnceBytes,
    warmP95: percentile(times, 95),
    coldMs: openMs + keyMs,
    coldKeyMs: keyMs,
    found,
  };
}

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * The figures of one size, a row per search and query.
 * @param {Row[]} rows
 */
function printTable(rows) {
  const header = [
    'pages',
    'search',
    'query',
    'open KB',
    'key 1 KB',
    'first KB',
    'trips',
    'next KB/key',
    'at once KB',
    'warm p95 ms',
    'cold 4G ms',
    'of it key 1',
    'found',
  ];
  const table = rows.map(({label, spec, kind, figures: f}) => [
    label,
    spec.kind,
    kind,
    kb(f.openBytes),
    kb(f.keyBytes),
    kb(f.openBytes + f.keyBytes),
    `${f.openTrips}+${f.keyTrips}`,
    kb(f.nextBytes),
    kb(f.atOnceBytes),
    f.warmP95.toFixed(1),
    f.coldMs.toFixed(0),
    f.coldKeyMs.toFixed(0),
    String(f.found),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((c, i) => (i < 3 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
  const code = ENGINES.map((name) => {
    const row = rows.find((r) => r.spec.kind === name);
    return `${name} ${row ? kb(row.figures.codeBytes) : '-'} KB`;
  });
  console.log(`code, in open KB: ${code.join(', ')}\n`);
}

// ---------------------------------------------------------------------------

let indexFile;
try {
  indexFile = await findIndexFile(buildDir);
} catch (e) {
  console.error(`bench:search-scale: ${/** @type {Error} */ (e).message}`);
  process.exit(1);
}
const real = readIndexFile(await readFile(indexFile, 'utf8'));
const data = {synonyms: real.synonyms ?? [], rules: real.rules ?? []};
const pagefind = warmOnlyRun ? null : await pagefindModule();

console.log(`bench:search-scale  node ${process.version}  ${new Date().toISOString()}`);
console.log(
  'open: the first interaction, before a query is known (code and what the engine loads then);' +
    ' key 1: the first keystroke after it; first = open + key 1, gzip as sent; trips: round trips' +
    ' in sequence of each; cold 4G: from the first interaction, the first keystroke typed as soon' +
    ' as it is done, to the first answer; found: nbHits of ours (records), results of Pagefind (pages).',
);
await bundleOurs(path.join(cacheDir, 'code'));
await writeFile(path.join(cacheDir, 'index.html'), HARNESS);

const server = await startGzipServer(cacheDir, `${cacheDir}-tls`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // The flags of the site's support/chromium.mjs that playwright-core does not set itself (the
  // package imports nothing of the site).
  args: ['--disable-gpu', '--disable-quic'],
});
/**
 * The site plus `generated` pages' records.
 * @param {number} generated
 */
const recordsOf = (generated) =>
  generated === 0
    ? real.records
    : [...real.records, ...siteSyntheticCorpus(real.records, toTerms, 0, generated).records];

/**
 * Every search, query and size, as the issue asks.
 * @param {PagefindService} pagefind
 */
async function everything(pagefind) {
  for (const generated of SIZES) {
    const records = recordsOf(generated);
    const pages = new Set(records.map((r) => r.url_without_anchor)).size;
    const dir = path.join(cacheDir, String(generated));
    const started = performance.now();
    const {shards, pagefindMs} = await writeSize(dir, records, data, pagefind);
    const label =
      generated === 0 ? `site (${pages} pages)` : `site + ${generated} (${pages} pages)`;
    console.log(
      `${label}: ${records.length} records; files written in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        ` (Pagefind's index ${(pagefindMs / 1000).toFixed(1)} s)`,
    );
    if (shards instanceof Error) console.log(`  no sharded index: ${shards.message}`);
    const measured = [];
    for (const kind of ENGINES) {
      if (kind === 'sharded' && shards instanceof Error) continue;
      /** @type {EngineSpec} */
      const spec = {
        kind,
        base: `/${generated}/`,
        manifest: shards instanceof Error ? '' : shards.manifest,
        table: shards instanceof Error ? '' : shards.table,
      };
      for (const {kind: queryKind, q} of QUERIES) {
        const figures = await measure(browser, server, spec, q);
        measured.push({label, spec, kind: `${queryKind} '${q}'`, figures});
        console.log(`  measured ${kind}, ${queryKind}`);
      }
    }
    printTable(measured);
  }
}

/**
 * The keystrokes that set a p95 of a few dozen, each with its prefix and round (0 first): whether
 * the same prefix is slow in every round (its ranking) or one keystroke of a round (a collection,
 * a compile or the host; a trace tells them apart, see packages/search/README.md).
 * @param {number[]} times benchTimes' times, a round after another
 * @param {PageRequest[]} requests one round's keystrokes
 */
function slowest(times, requests) {
  return times
    .map((ms, i) => ({ms, i}))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN)
    .map(({ms, i}) => {
      const request = /** @type {PageRequest} */ (requests[i % requests.length]);
      return `'${request.query}' (round ${Math.floor(i / requests.length)}) ${ms.toFixed(1)}`;
    });
}

/** --warm-only: the sharded index's warm p95 per keystroke of each query, at each size. */
async function warmOnly() {
  for (const generated of SIZES) {
    const records = recordsOf(generated);
    const dirName = `warm-${generated}`;
    const started = performance.now();
    const shards = await shardsOnly(path.join(cacheDir, dirName), records, data);
    console.log(
      `site + ${generated}: ${records.length} records; shards ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    /** @type {EngineSpec} */
    const spec = {kind: 'sharded', base: `/${dirName}/`, ...shards};
    for (const {kind, q} of QUERIES) {
      const {requests, times, threadTimes, found} = await typedThenWarm(
        browser,
        server,
        spec,
        q,
        true,
      );
      console.log(
        `  ${`${kind} '${q}'`.padEnd(36)} warm p95 ${percentile(times, 95).toFixed(1).padStart(5)} ms` +
          `  (median ${percentile(times, 50).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; found ${found})`,
      );
      console.log(
        threadTimes
          ? `    thread time p95 ${percentile(threadTimes, 95).toFixed(1)} ms (median ${percentile(threadTimes, 50).toFixed(1)}, max ${Math.max(...threadTimes).toFixed(1)})`
          : '    thread time: the trace holds no measure per keystroke',
      );
      console.log(`    slowest: ${slowest(times, requests).join(', ')}`);
    }
  }
}

try {
  await (pagefind ? everything(pagefind) : warmOnly());
} finally {
  await browser.close();
  await server.close();
  await pagefind?.close();
}
