// @ts-check
// Latency per keystroke, as the search benchmarks measure it (packages/search/bench/search.mjs, packages/search/bench/search-against.mjs):
// every keystroke of every query, the engines taking turns, and the request the site's modal sends
// (in search-against.mjs with the prior's fusion the client adds: clientKeystroke).

/** Latency on the synthetic 2,000-page site: the keystrokes of its first this many queries (keeps a run short). */
export const SYNTHETIC_LATENCY_QUERIES = 40;

/**
 * What the site's DocSearch modal asks for besides the query and its facet filters.
 */
export const MODAL_REQUEST = {
  hitsPerPage: 20,
  attributesToRetrieve: [
    'hierarchy.lvl0',
    'hierarchy.lvl1',
    'hierarchy.lvl2',
    'hierarchy.lvl3',
    'content',
    'type',
    'url',
  ],
  attributesToSnippet: [
    'hierarchy.lvl1:10',
    'hierarchy.lvl2:10',
    'hierarchy.lvl3:10',
    'content:10',
  ],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
};

/**
 * A query-to-page prior and the module that fuses with it (packages/search/src/queryPrior.ts),
 * as a checkout that has one loads them.
 * @typedef {object} PriorFusion
 * @property {import('../src/queryPrior').QueryPrior} prior
 * @property {Pick<typeof import('../src/queryPrior'), 'priorWindow' | 'fusedPage'>} module
 */

/**
 * One keystroke as the site's client answers it (packages/search/src/algoliaClient.ts): the
 * modal's request with the question parameters to the back end, then, given a prior, the window
 * of hits the prior re-orders asked for instead of the first page, and fused. Without a prior
 * (a build without one, or a revision from before it) the back end's answer is all.
 * @param {(params: object) => {hits: object[]}} search the back end
 * @param {object} filters
 * @param {(query: string) => object} questionParams the checkout's question rules
 * @param {PriorFusion | null} fusion
 * @returns {(query: string) => unknown}
 */
export function clientKeystroke(search, filters, questionParams, fusion) {
  return (query) => {
    const params = {...filters, ...MODAL_REQUEST, ...questionParams(query), query};
    const window =
      fusion && query.trim() ? fusion.module.priorWindow(0, MODAL_REQUEST.hitsPerPage) : null;
    if (!fusion || !window) return search(params);
    const {hits} = search({...params, hitsPerPage: window.hitsPerPage});
    return fusion.module.fusedPage(hits, query, fusion.prior, window);
  };
}

/**
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Every keystroke of every query: what DocSearch sends while typing.
 * @param {string[]} queries
 */
export function keystrokes(queries) {
  const out = [];
  for (const q of queries)
    for (let i = 1; i <= q.length; i++) if (q[i - 1] !== ' ') out.push(q.slice(0, i));
  return out;
}

/**
 * Latency of each run over the same queries. The runs take turns round by round, so that a
 * change in the machine's load while the benchmark runs weighs on all alike.
 * @param {((query: string) => unknown)[]} runs
 * @param {string[]} queries
 * @param {number} rounds
 */
export function latencies(runs, queries, rounds) {
  for (const run of runs) for (const q of queries) run(q); // warm-up
  /** @type {number[][]} */
  const times = runs.map(() => []);
  for (let r = 0; r < rounds; r++) {
    runs.forEach((run, i) => {
      for (const q of queries) {
        const t = performance.now();
        run(q);
        /** @type {number[]} */ (times[i]).push(performance.now() - t);
      }
    });
  }
  return times.map((t) => ({p50: percentile(t, 50), p95: percentile(t, 95), n: t.length}));
}
