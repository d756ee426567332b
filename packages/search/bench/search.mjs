#!/usr/bin/env node
// @ts-check
// npm run bench:search [-- <buildDir>]
//
// The embedded engine (MiniSearch + Algolia-style ranking) side by side with
// lunr 2.3.9 on the same records and queries, for
//   - the real site: the index file the build wrote (build/search-index.*.json)
//     and packages/search/data/search-queries.tsv;
//   - a synthetic corpus of 2,000 pages generated deterministically (seeded)
//     from the real records' vocabulary, with 200 generated queries whose
//     answer is known.
// Prints index size (raw, gzip), build/load time, query latency p50/p95 over
// every keystroke of every query (DocSearch searches as you type) and MRR.
// The engine also runs without the questions' optionalWords, and without
// synonyms and best bets, to show what each costs. Also compares the two
// index-file formats (records only, records plus a serialised MiniSearch
// index). Figures only: nothing here asserts timings.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import {
  latencies,
  keystrokes,
  MODAL_REQUEST,
  percentile,
  SYNTHETIC_LATENCY_QUERIES,
} from '../support/searchLatency.mjs';
import {siteSyntheticCorpus} from '../support/syntheticCorpus.mjs';
import {loadSearch} from '../support/loadSearch.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const {findIndexFile} = await loadSearch('build/findIndexFile');
const {engineFromIndexFile} = await loadSearch('engineFromIndexFile');
const {readIndexFile, serializeIndex} = await loadSearch('indexFileFormat');
const {createSearchEngine} = await loadSearch('engine');
const {terms: toTerms, tokenizeWords, normalizeTerm} = await loadSearch('text');
const {STOP_WORDS} = await loadSearch('language');
const {questionParams} = await loadSearch('questionRules');
const {evaluate, docSearchFacetFilters, loadQueries, pagePath, QUERIES_FILE, EVAL_DEPTH} =
  await loadSearch('evaluation/searchEvaluation');

/**
 * @typedef {import('../src/types').DocSearchRecord} DocSearchRecord
 * @typedef {import('../src/types').HierarchyLevel} HierarchyLevel
 * @typedef {import('../src/synonyms').SynonymEntry} SynonymEntry
 * @typedef {import('../src/queryRules').QueryRule} QueryRule
 * @typedef {import('../src/evaluation/searchEvaluation').EvalQuery} EvalQuery
 * @typedef {import('../src/evaluation/searchEvaluation').EvalSummary} EvalSummary
 * @typedef {import('../src/evaluation/searchEvaluation').QueryKind} QueryKind
 * @typedef {(query: string) => string[]} Run a search: the query to its hits' urls, best first
 * @typedef {{raw: number, gzip: number, loadMs: number}} FormatFigures
 * @typedef {object} BenchEngine
 * @property {string} name
 * @property {number} raw size of what the browser would fetch (bytes)
 * @property {number} gzip
 * @property {number} buildMs
 * @property {number} loadMs
 * @property {{records: FormatFigures, miniSearch: FormatFigures}} [formats] the embedded engine's index formats
 * @property {Run} run
 * @typedef {{id: number, r: DocSearchRecord}} LibraryDocument a record as MiniSearch is given it
 */

/** Rounds of latency measurement on the real site (more samples: a steadier p95). */
const ROUNDS = 10;
/** Rounds of build and load timing (median). */
const TIMING_ROUNDS = 5;
const FILTERS = docSearchFacetFilters();
/** @type {HierarchyLevel[]} */
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
/**
 * A field of a record as MiniSearch is given it: its id, its content or a heading.
 * @type {NonNullable<import('minisearch').Options<LibraryDocument>['extractField']>}
 */
const extractField = (doc, f) =>
  f === 'id'
    ? doc.id
    : f === 'content'
      ? doc.r.content
      : doc.r.hierarchy[/** @type {HierarchyLevel} */ (f)];

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

const now = () => performance.now();
/** @param {number[]} values */
function median(values) {
  return percentile(values, 50);
}
let buildRounds = TIMING_ROUNDS;
/**
 * @template T
 * @param {() => T} fn
 * @returns {{ms: number, result: T}}
 */
function timeIt(fn, rounds = buildRounds) {
  const times = [];
  /** @type {T | undefined} */
  let result;
  for (let i = 0; i < rounds; i++) {
    const t = now();
    result = fn();
    times.push(now() - t);
  }
  // Every caller asks for one round or more, so fn has run.
  return {ms: median(times), result: /** @type {T} */ (result)};
}
/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** @param {string} text */
const gzipSize = (text) => gzipSync(text, {level: 9}).length;

// ---------------------------------------------------------------------------
// engines
// ---------------------------------------------------------------------------

/**
 * For the format comparison only: the MiniSearch class's own serialised index over the same fields.
 * @param {DocSearchRecord[]} records
 * @returns {FormatFigures}
 */
function miniSearchFormat(records) {
  const fields = [...LEVELS, 'content'];
  /** @type {import('minisearch').Options<LibraryDocument>} */
  const options = {
    fields,
    storeFields: [],
    extractField,
  };
  const ms = new MiniSearch(options);
  ms.addAll(records.map((r, id) => ({id, r})));
  const json = JSON.stringify({records, miniSearch: ms.toJSON()});
  const load = timeIt(() => {
    const data = JSON.parse(json);
    return MiniSearch.loadJS(data.miniSearch, options);
  });
  return {raw: Buffer.byteLength(json), gzip: gzipSize(json), loadMs: load.ms};
}

/**
 * The embedded engine over the records, with the site's synonyms and query rules (its best bets)
 * or without any (both empty).
 * @param {DocSearchRecord[]} records
 * @param {SynonymEntry[]} synonyms
 * @param {QueryRule[]} rules
 * @param {boolean} [optionalWords] whether questions carry optionalWords (see questionRules.ts)
 * @returns {BenchEngine}
 */
function embeddedEngine(records, synonyms, rules, optionalWords = true) {
  const json = serializeIndex(records, {synonyms, rules});
  const build = timeIt(() => createSearchEngine({records, synonyms, rules}));
  const load = timeIt(() => engineFromIndexFile(json));
  const engine = load.result;
  const params = {facetFilters: FILTERS, ...MODAL_REQUEST};
  return {
    name: !optionalWords
      ? 'embedded, no optionalWords'
      : synonyms.length > 0
        ? 'embedded (MiniSearch)'
        : 'embedded, no synonyms or best bets',
    raw: Buffer.byteLength(json),
    gzip: gzipSize(json),
    buildMs: build.ms,
    loadMs: load.ms,
    formats: {
      records: {raw: Buffer.byteLength(json), gzip: gzipSize(json), loadMs: load.ms},
      miniSearch: miniSearchFormat(records),
    },
    // with the question parameters the site's client adds (packages/search/src/algoliaClient.ts)
    run: (q) => {
      const question = questionParams(q);
      if (!optionalWords) delete question.optionalWords;
      // every hit has its url: it is among the attributes to retrieve
      return engine
        .search({...params, ...question, query: q})
        .hits.map((h) => /** @type {string} */ (h.url));
    },
  };
}

/**
 * Field boosts of the two libraries' own rankings (a heading match outweighs a paragraph match).
 * @type {Record<string, number>}
 */
const BOOSTS = {lvl0: 6, lvl1: 10, lvl2: 6, lvl3: 4, lvl4: 3, lvl5: 2, lvl6: 2, content: 1};
/** @param {DocSearchRecord} r */
const acceptDocSearch = (r) =>
  r.language === 'en' &&
  (r.docusaurus_tag === 'default' || r.docusaurus_tag === 'docs-default-current');
/**
 * Typo distance by word length, as the embedded engine (Algolia's defaults).
 * @param {string} w
 */
const typosFor = (w) => (w.length >= 8 ? 2 : w.length >= 4 ? 1 : 0);

/**
 * The query words the libraries are given: the engine's stop-word rule (packages/search/src/language.ts:
 * dropped except the last word, kept when nothing else remains), so that only the ranking differs.
 * @param {string} query
 */
function queryWords(query) {
  const words = toTerms(query);
  const kept = words.filter((w, i) => i === words.length - 1 || !STOP_WORDS.has(w));
  return kept.some((w) => !STOP_WORDS.has(w)) ? kept : words;
}

/**
 * Record ids, best first, to the first EVAL_DEPTH distinct urls DocSearch's filters accept.
 * @param {DocSearchRecord[]} records
 * @param {number[]} ids
 */
function distinctUrls(records, ids) {
  const seen = new Set();
  /** @type {string[]} */
  const urls = [];
  for (const id of ids) {
    const rec = records[id];
    if (!rec || !acceptDocSearch(rec) || seen.has(rec.url)) continue;
    seen.add(rec.url);
    urls.push(rec.url);
    if (urls.length === EVAL_DEPTH) break;
  }
  return urls;
}

/**
 * MiniSearch's own search() (BM25+ with field boosts) over the same records and query words.
 * @param {DocSearchRecord[]} records
 * @returns {BenchEngine}
 */
function miniSearchEngine(records) {
  /** @type {import('minisearch').Options<LibraryDocument>} */
  const options = {
    fields: [...LEVELS, 'content'],
    storeFields: [],
    tokenize: tokenizeWords,
    processTerm: normalizeTerm,
    extractField,
  };
  const build = timeIt(
    () => {
      const ms = new MiniSearch(options);
      ms.addAll(records.map((r, id) => ({id, r})));
      return ms;
    },
    Math.min(buildRounds, 3),
  );
  const ms = build.result;
  /**
   * @param {string[]} words
   * @param {'AND' | 'OR'} combineWith
   */
  const search = (words, combineWith) =>
    ms.search(words.join(' '), {
      boost: BOOSTS,
      combineWith,
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => typosFor(term),
      // the words are already normalised and filtered
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
    });
  /** @type {Run} */
  const run = (query) => {
    const words = queryWords(query);
    if (words.length === 0) return [];
    let results = search(words, 'AND');
    if (results.length === 0) results = search(words, 'OR');
    return distinctUrls(
      records,
      results.map((r) => r.id),
    );
  };
  const json = JSON.stringify({records, miniSearch: ms.toJSON()});
  return {
    name: 'MiniSearch search()',
    raw: Buffer.byteLength(json),
    gzip: gzipSize(json),
    buildMs: build.ms,
    loadMs: miniSearchFormat(records).loadMs,
    run,
  };
}

/**
 * lunr's own search over the same records and query words.
 * @param {DocSearchRecord[]} records
 * @returns {BenchEngine}
 */
function lunrEngine(records) {
  const create = () =>
    lunr(function () {
      // Surface forms (no stemmer) so that prefix and fuzzy terms work as in the embedded engine.
      this.pipeline.remove(lunr.stemmer);
      this.searchPipeline.remove(lunr.stemmer);
      this.ref('id');
      for (const f of [...LEVELS, 'content']) this.field(f, {boost: BOOSTS[f]});
      records.forEach((r, id) =>
        this.add({id: String(id), ...r.hierarchy, content: r.content ?? ''}),
      );
    });
  const build = timeIt(create, Math.min(buildRounds, 3));
  const serialized = JSON.stringify(build.result);
  const recordsJson = JSON.stringify(records);
  const shipped = `{"index":${serialized},"records":${recordsJson}}`;
  const load = timeIt(() => {
    const data = JSON.parse(shipped);
    return {idx: lunr.Index.load(data.index), records: data.records};
  });
  const {idx} = load.result;
  /**
   * @param {string[]} words
   * @param {lunr.Query.presence} presence
   */
  const search = (words, presence) =>
    idx.query((q) => {
      words.forEach((w, i) => {
        const last = i === words.length - 1;
        q.term(w, {
          presence,
          usePipeline: false,
          editDistance: typosFor(w),
          wildcard: last ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
        });
      });
    });
  /** @type {Run} */
  const run = (query) => {
    const words = queryWords(query);
    if (words.length === 0) return [];
    let results = search(words, lunr.Query.presence.REQUIRED);
    if (results.length === 0) results = search(words, lunr.Query.presence.OPTIONAL);
    return distinctUrls(
      records,
      results.map((r) => Number(r.ref)),
    );
  };
  return {
    name: 'lunr 2.3.9',
    raw: Buffer.byteLength(shipped),
    gzip: gzipSize(shipped),
    buildMs: build.ms,
    loadMs: load.ms,
    run,
  };
}

// ---------------------------------------------------------------------------
// synthetic corpus
// ---------------------------------------------------------------------------

/**
 * The synthetic corpus over the real records' vocabulary (packages/search/support/syntheticCorpus.mjs).
 * @param {DocSearchRecord[]} real
 * @returns {{records: DocSearchRecord[], queries: EvalQuery[]}}
 */
function realSyntheticCorpus(real) {
  const {records, queries} = siteSyntheticCorpus(real, toTerms);
  return {
    records,
    queries: queries.map(({q, url}) => ({
      q,
      kind: 'keyword',
      expect: [pagePath(url)],
      // Made from the pages, not judged: no set of the judged file, and not held out.
      set: -1,
      use: /** @type {const} */ ('train'),
    })),
  };
}

// ---------------------------------------------------------------------------
// run
// ---------------------------------------------------------------------------

/**
 * The engines on one corpus: the embedded engine with the site's synonyms and best bets (as the
 * site runs it), the same without them (what they cost), MiniSearch's search() and lunr. On the
 * synthetic corpus the best bets name pages it does not have: they match queries and score every
 * record as on the site, and boost nothing.
 * @param {string} label
 * @param {DocSearchRecord[]} records
 * @param {EvalQuery[]} queries
 * @param {EvalQuery[]} latencyQueries
 * @param {number} rounds
 */
function benchCorpus(label, records, queries, latencyQueries, rounds, timingRounds = rounds) {
  buildRounds = timingRounds;
  const engines = [
    embeddedEngine(records, synonyms, rules),
    embeddedEngine(records, synonyms, rules, false),
    embeddedEngine(records, [], []),
    miniSearchEngine(records),
    lunrEngine(records),
  ];
  const lats = latencies(
    engines.map((e) => e.run),
    keystrokes(latencyQueries.map((q) => q.q)),
    rounds,
  );
  return engines.map((engine, i) => ({
    label,
    engine,
    lat: lats[i],
    quality: evaluate(queries, engine.run),
  }));
}

const buildDir = path.resolve(root, process.argv[2] ?? 'build');
let indexFile;
try {
  indexFile = await findIndexFile(buildDir);
} catch (e) {
  // findIndexFile throws only Errors, with a message for the reader.
  console.error(`bench:search: ${/** @type {Error} */ (e).message}`);
  process.exit(1);
}
const {records: real, synonyms = [], rules = []} = readIndexFile(await readFile(indexFile, 'utf8'));
const realQueries = await loadQueries(path.resolve(root, QUERIES_FILE));
const realPages = new Set(real.map((r) => r.url_without_anchor)).size;
const synthetic = realSyntheticCorpus(real);
const synthPages = new Set(synthetic.records.map((r) => r.url_without_anchor)).size;

console.log(`bench:search  node ${process.version}  ${new Date().toISOString()}`);
console.log(
  `real site: ${real.length} records, ${realPages} pages (${path.relative(root, indexFile)}), ${realQueries.length} queries`,
);
console.log(
  `synthetic: ${synthetic.records.length} records, ${synthPages} pages, ${synthetic.queries.length} queries (seeded)`,
);
console.log(
  `synonyms and best bets: the ${synonyms.length} and ${rules.length} of the index file, on both corpora`,
);
console.log(
  `latency: every keystroke of every query (synthetic: of its first ${SYNTHETIC_LATENCY_QUERIES}), after a warm-up;` +
    ` real: ${ROUNDS} rounds, build/load median of ${TIMING_ROUNDS}; synthetic: 3 rounds, median of 3\n`,
);

const rows = [
  ...benchCorpus(
    `real (${realPages} pages)`,
    real,
    realQueries,
    realQueries,
    ROUNDS,
    TIMING_ROUNDS,
  ),
  ...benchCorpus(
    `synthetic (${synthPages} pages)`,
    synthetic.records,
    synthetic.queries,
    synthetic.queries.slice(0, SYNTHETIC_LATENCY_QUERIES),
    3,
  ),
];

const header = [
  'corpus',
  'engine',
  'raw KB',
  'gzip KB',
  'build ms',
  'load ms',
  'p50 ms',
  'p95 ms',
  'MRR',
  'top-1',
  'top-3',
  'MRR keyword',
  'MRR question',
];
/**
 * @param {EvalSummary} quality
 * @param {QueryKind} kind
 */
const kindMrr = (quality, kind) =>
  quality.byKind[kind].total > 0 ? quality.byKind[kind].mrr.toFixed(3) : '-';
const table = rows.map(({label, engine, lat, quality}) => [
  label,
  engine.name,
  kb(engine.raw),
  kb(engine.gzip),
  engine.buildMs.toFixed(1),
  engine.loadMs.toFixed(1),
  lat.p50.toFixed(3),
  lat.p95.toFixed(3),
  quality.mrr.toFixed(3),
  `${quality.top1}/${quality.total}`,
  `${quality.top3}/${quality.total}`,
  kindMrr(quality, 'keyword'),
  kindMrr(quality, 'question'),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
/** @param {string[]} cells */
const line = (cells) =>
  cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table) console.log(line(r));

// Side by side: each library's p95 over the embedded engine's, per corpus.
for (const label of new Set(rows.map((r) => r.label))) {
  const [ours, ...others] = rows.filter((r) => r.label === label);
  const ratios = others
    .map((o) => `${o.engine.name} ${(o.lat.p95 / ours.lat.p95).toFixed(1)}x`)
    .join(', ');
  console.log(`p95 of each library over the embedded engine's, ${label}: ${ratios}`);
}

console.log(
  '\nindex file format: size of what the browser fetches, and time from JSON text to a ready index',
);
for (const {label, engine} of rows) {
  const f = engine.formats;
  if (!f) continue;
  for (const [name, v] of /** @type {[string, FormatFigures][]} */ ([
    ['records only (index built at load)   ', f.records],
    ['records + MiniSearch.toJSON (loadJS) ', f.miniSearch],
  ])) {
    console.log(
      `  ${label.padEnd(24)} ${name} ${kb(v.raw).padStart(8)} KB raw ${kb(v.gzip).padStart(8)} KB gzip   load ${v.loadMs.toFixed(1).padStart(7)} ms`,
    );
  }
}
console.log(
  "\nnotes: MiniSearch and lunr are given the same records and query words (the engine's stop-word rule), fields" +
    ' boosted by level, all words required with an any-word fallback, a prefix on the last word, typos by word length' +
    ' (lunr without its stemmer, so that prefix and fuzzy terms work); facet filter and distinct-by-url are applied' +
    ' after their search. Their latency excludes highlighting and snippets, which the embedded figures include.' +
    ' Their sizes include the records they need to render hits.',
);
