// @ts-check
// A deterministic synthetic corpus of DocSearch records, for the search benchmarks (packages/search/bench/search.mjs
// and packages/search/bench/search-against.mjs: 2,000 pages over the real site's vocabulary, siteSyntheticCorpus;
// packages/search/bench/search-scale.mjs: 2,000 and 10,000)
// and the engine's tests on generated pages (packages/search/tests/engine-synthetic.test.ts, 200 pages over a fixed vocabulary). The same vocabulary, page count and seed give the same records and queries.

/**
 * @typedef {import('../src/types').DocSearchRecord} DocSearchRecord
 * @typedef {import('../src/types').Hierarchy} Hierarchy
 * @typedef {object} Vocabulary
 * @property {string[]} sections hierarchy.lvl0 values
 * @property {string[]} headingWords words of headings (lvl1 to lvl3)
 * @property {string[]} contentWords words of paragraphs, punctuation included
 * @typedef {object} SyntheticQuery
 * @property {string} q
 * @property {string} url the page (without anchor) that answers it
 */

/**
 * Deterministic PRNG (mulberry32): a function returning numbers in [0, 1).
 * @param {number} seed
 * @returns {() => number}
 */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Pages of a title, one or two paragraphs and two to four sections (some with a subsection), as
 * DocSearch records; then queries with a known answer: a title word plus a word of the page's text,
 * sometimes with a typo (two letters swapped) or typed halfway.
 *
 * @param {object} options
 * @param {Vocabulary} options.vocabulary
 * @param {number} options.pages
 * @param {number} options.queries
 * @param {number} options.seed
 * @param {(text: string) => string[]} options.terms the engine's normalised terms of a text
 * @returns {{records: DocSearchRecord[], queries: SyntheticQuery[]}}
 */
export function syntheticCorpus({vocabulary, pages: pageCount, queries: queryCount, seed, terms}) {
  const {sections, headingWords, contentWords} = vocabulary;
  const random = rng(seed);
  /** @template T @param {T[]} list @returns {T} */
  const pick = (list) => list[Math.floor(random() * list.length)];
  /** @param {number} lo @param {number} hi @returns {number} a whole number from lo to hi */
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  /** @param {number} n words */
  const sentence = (n) => Array.from({length: n}, () => pick(contentWords)).join(' ');
  /** @param {number} n words */
  const title = (n) => {
    const words = Array.from({length: n}, () => pick(headingWords));
    return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
  };
  /** @type {DocSearchRecord[]} */
  const records = [];
  /** @type {{url: string, lvl1: string, content: string}[]} */
  const pages = [];
  for (let p = 0; p < pageCount; p++) {
    const lvl0 = pick(sections);
    const lvl1 = `${title(int(2, 4))} ${p}`;
    const url = `https://synthetic.invalid/section-${p % 40}/page-${p}`;
    let position = 0;
    /** @type {string | null} */
    let anchor = null;
    /** @type {Hierarchy} */
    const h = {lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
    /** @param {'lvl1' | 'lvl2' | 'lvl3' | 'content'} type @param {string | null} content */
    const push = (type, content) =>
      records.push({
        objectID: `s${p}-${position}`,
        url: anchor ? `${url}#${anchor}` : url,
        url_without_anchor: url,
        anchor,
        type,
        hierarchy: {...h},
        content,
        weight: {
          level: {lvl1: 90, lvl2: 80, lvl3: 70, content: 0}[type],
          position: position++,
          pageRank: 0,
        },
        language: 'en',
        docusaurus_tag: 'docs-default-current',
      });
    push('lvl1', null);
    const pageContent = [];
    for (let c = 0; c < int(1, 2); c++) pageContent.push(sentence(int(10, 30)));
    pageContent.forEach((t) => push('content', t));
    for (let s = 0; s < int(2, 4); s++) {
      h.lvl2 = title(int(1, 4));
      h.lvl3 = null;
      anchor = `s${s}`;
      push('lvl2', null);
      for (let c = 0; c < int(1, 3); c++) {
        const t = sentence(int(8, 40));
        pageContent.push(t);
        push('content', t);
      }
      if (random() < 0.3) {
        h.lvl3 = title(int(1, 3));
        anchor = `s${s}-sub`;
        push('lvl3', null);
        push('content', sentence(int(8, 30)));
      }
    }
    pages.push({url, lvl1, content: pageContent.join(' ')});
  }

  /** @type {SyntheticQuery[]} */
  const queries = [];
  // Each page's words, counted once: the benchmarks ask for many queries per page (a prior's examples).
  /** @type {Map<object, {titleWords: string[], bodyWords: string[]}>} */
  const wordsOfPage = new Map();
  for (let i = 0; i < queryCount; i++) {
    const page = pick(pages);
    let pageWords = wordsOfPage.get(page);
    if (!pageWords) {
      pageWords = {
        titleWords: terms(page.lvl1).filter((w) => !/^\d+$/.test(w)),
        bodyWords: terms(page.content).filter((w) => w.length >= 5),
      };
      wordsOfPage.set(page, pageWords);
    }
    const {titleWords, bodyWords} = pageWords;
    let words = [pick(titleWords), pick(bodyWords)].filter(Boolean);
    const roll = random();
    if (roll < 0.25) {
      words = words.map((w) => {
        if (w.length < 5) return w;
        const k = int(1, w.length - 3);
        return w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2);
      });
    } else if (roll < 0.5) {
      const last = words[words.length - 1];
      words[words.length - 1] = last.slice(0, Math.max(3, Math.ceil(last.length * 0.6)));
    }
    queries.push({q: words.join(' '), url: page.url});
  }
  return {records, queries};
}

/** The pages of the benchmarks' synthetic site. */
export const SITE_SYNTHETIC_PAGES = 2000;

/**
 * The benchmarks' synthetic site: 2,000 pages and 200 queries (by default) over the vocabulary of
 * the real site's records (its sections, the words of its headings and of its paragraphs). More
 * queries keep the first 200 as they are (the same seed draws them first).
 * @param {DocSearchRecord[]} records
 * @param {(text: string) => string[]} terms the engine's normalised terms of a text
 * @param {number} [queries]
 * @param {number} [pages] more pages keep the first 2,000 as they are (the pages are drawn before
 *   the queries; bench:search-scale asks for 10,000)
 */
export function siteSyntheticCorpus(records, terms, queries = 200, pages = SITE_SYNTHETIC_PAGES) {
  /** @type {string[]} */
  const headingWords = [];
  /** @type {string[]} */
  const contentWords = [];
  const sections = [
    ...new Set(/** @type {string[]} */ (records.map((r) => r.hierarchy.lvl0).filter(Boolean))),
  ];
  for (const r of records) {
    for (const level of /** @type {const} */ (['lvl1', 'lvl2', 'lvl3'])) {
      const heading = r.hierarchy[level];
      if (heading) headingWords.push(...terms(heading));
    }
    if (r.content) contentWords.push(...r.content.split(/\s+/).filter(Boolean));
  }
  return syntheticCorpus({
    vocabulary: {sections, headingWords, contentWords},
    pages,
    queries,
    seed: 20250101,
    terms,
  });
}
