import {describe, expect, it} from 'vitest';
import {createSearchEngine, staticOrder} from '../src/engine';
import {createRecordFilters} from '../src/filters';
import {createMatcher} from '../src/matching';
import {normalizeParams} from '../src/params';
import {parseQuery} from '../src/query';
import {createRanker} from '../src/ranking';
import {factsOfRecords} from '../src/recordFacts';
import {buildTermIndex, recordTerms} from '../src/termIndex';
import type {DocSearchRecord, SearchResponse} from '../src/types';
import {corpus, DOCSEARCH_FILTERS, rec} from './support/records';
import {resultValues} from './support/resultValues';

const engine = createSearchEngine(corpus());
const search = (query: string, extra: Record<string, unknown> = {}): SearchResponse =>
  engine.search({query, facetFilters: DOCSEARCH_FILTERS, ...extra});
const ids = (r: SearchResponse): string[] => r.hits.map((h) => h.objectID);

describe('partial ranking (only the requested page is ordered)', () => {
  const queries = [
    'o',
    'he',
    'outw',
    'install the m',
    'helm o',
    'manager api',
    'outway helm chart',
  ];

  const expectPagesToConcatenate = (query: string, extra: Record<string, unknown> = {}): void => {
    for (const distinct of [0, 1, 2]) {
      const all = search(query, {hitsPerPage: 1000, distinct, ...extra});
      const paged: string[] = [];
      for (let page = 0; page < all.nbHits; page++) {
        const r = search(query, {hitsPerPage: 1, page, distinct, ...extra});
        expect(r.nbHits).toBe(all.nbHits);
        paged.push(...ids(r));
      }
      expect(paged).toEqual(ids(all));
    }
  };

  it.each(queries)('pages of %j concatenate to the single-page order', (query) => {
    expectPagesToConcatenate(query);
  });

  // Optional words: the records holding fewer words get their rank keys only once asked for.
  it.each(queries.filter((query) => query.includes(' ')))(
    'pages of %j with every word optional concatenate to the single-page order',
    (query) => {
      expectPagesToConcatenate(query, {optionalWords: [query]});
    },
  );

  it('counts facets over every hit, not only the ordered ones', () => {
    const optional = {optionalWords: ['manager api chart']};
    for (const [query, extra] of [['o', {}] as const, ['manager api chart', optional] as const]) {
      const small = search(query, {hitsPerPage: 1, facets: ['*'], ...extra});
      const large = search(query, {hitsPerPage: 1000, facets: ['*'], ...extra});
      expect(small.facets).toEqual(large.facets);
    }
  });

  it('highlights a short prefix in every word it reaches, and nothing else', () => {
    const hits = search('ou', {hitsPerPage: 50}).hits;
    expect(hits.length).toBeGreaterThan(1);
    for (const hit of hits) {
      for (const value of Object.values(resultValues(hit._highlightResult))) {
        const marked = [...value.matchAll(/<em>(.*?)<\/em>/g)].map(([, word]) => word);
        expect(
          marked.every((word) => word?.toLowerCase() === 'ou'),
          value,
        ).toBe(true);
        const plain = value.replaceAll('<em>', '').replaceAll('</em>', '');
        expect(marked.length, value).toBe(plain.match(/\bou/gi)?.length ?? 0);
      }
    }
  });
});

describe('staticOrder', () => {
  it('orders by desc pageRank, desc level, asc position, then id', () => {
    const base = rec({path: '/p', type: 'lvl1', lvl0: 'Docs', lvl1: 'Page', position: 0});
    const weighted = (pageRank: number, level: number, position: number): DocSearchRecord => ({
      ...base,
      weight: {pageRank, level, position},
    });
    const records = [
      weighted(0, 50, 2),
      weighted(1, 0, 9),
      weighted(0, 50, 1),
      weighted(0, 90, 5),
      weighted(0, 50, 1),
    ];
    const {staticRank, byStaticRank} = staticOrder(factsOfRecords(records));
    expect([...byStaticRank]).toEqual([1, 3, 2, 4, 0]);
    byStaticRank.forEach((id, rank) => expect(staticRank[id]).toBe(rank));
  });
});

describe('quoted phrases in a mixed query', () => {
  it('keep their place among the free words, so proximity pairs the words typed side by side', () => {
    const page = (position: number, content: string) =>
      rec({
        path: '/p',
        anchor: `a${position}`,
        type: 'content',
        lvl0: 'Docs',
        lvl1: 'P',
        content,
        position,
      });
    // Earlier position wins a tie: the second record leads only on proximity.
    const phraseEngine = createSearchEngine([
      page(0, 'chart audit log'),
      page(1, 'audit log chart'),
    ]);
    const r = phraseEngine.search({query: '"audit log" chart', advancedSyntax: true, distinct: 0});
    expect(r.hits.map((h) => h.content)).toEqual(['audit log chart', 'chart audit log']);
  });
});

describe('optionalWords', () => {
  const page = (position: number, content: string) =>
    rec({path: `/p${position}`, type: 'content', lvl0: 'Docs', lvl1: 'P', content, position});
  const optionalEngine = createSearchEngine([
    page(0, 'the outway only'),
    page(1, 'manager and contracts'),
    page(2, 'the manager signs contracts for the outway'),
  ]);
  const contents = (extra: Record<string, unknown>): (string | null | undefined)[] =>
    optionalEngine.search({query: 'manager contracts outway', ...extra}).hits.map((h) => h.content);

  it('returns the records holding fewer words after those holding them all', () => {
    // one record holds every word, so removeWordsIfNoResults does not relax the query
    expect(contents({})).toEqual(['the manager signs contracts for the outway']);
    expect(contents({optionalWords: ['manager contracts outway']})).toEqual([
      'the manager signs contracts for the outway',
      'manager and contracts',
      'the outway only',
    ]);
  });

  it('still requires the words that are not optional', () => {
    expect(contents({optionalWords: 'outway'})).toEqual([
      'the manager signs contracts for the outway',
      'manager and contracts',
    ]);
  });

  it('limits a long query of optional words: past 1,000 results, a record must match two', () => {
    const many = [
      ...Array.from({length: 400}, (_, i) => page(i, 'alpha beta')),
      ...Array.from({length: 1200}, (_, i) => page(400 + i, 'alpha')),
    ];
    const longEngine = createSearchEngine(many);
    const nbHits = (query: string) =>
      longEngine.search({query, optionalWords: [query], distinct: 0}).nbHits;
    expect(nbHits('alpha beta gamma delta')).toBe(1000);
    expect(nbHits('alpha beta gamma')).toBe(1600); // three words: no limit
  });
});

// ranking.ts gives rank keys to the candidates a leading key (words, filters, typos) at a time,
// finds the first groups of a rank key by passes over the keys (SCANNED_GROUPS of them before
// grouping the rest at once) and orders only the first ids of a group until more are read: each
// cut must leave the page what a full ranking gives it.
describe('ranking only as far as the page needs', () => {
  const at = (path: string, position: number, content: string, anchor?: string) =>
    rec({path, anchor, type: 'content', lvl0: 'Docs', lvl1: 'P', content, position});
  const filler = (n: number): string => Array.from({length: n}, () => 'w').join(' ');
  const bound = createSearchEngine([
    // One rank key: 30 records of one url come first in the static order, then three urls more.
    ...Array.from({length: 30}, (_, i) => at('/one-url', i, 'gateway routes')),
    ...['b', 'c', 'd'].map((name, i) => at(`/${name}`, 30 + i, 'gateway routes')),
    // Two words only in the records that come last, of one url, after many of one word.
    ...Array.from({length: 20}, (_, i) => at(`/words-${i}`, 40 + i, 'sidecar proxy')),
    ...Array.from({length: 3}, (_, i) => at('/both', 60 + i, 'sidecar mesh proxy', 'both')),
    // One group per position: 40 rank keys, the best ones last in id order.
    ...Array.from({length: 40}, (_, i) => at(`/far-${i}`, 70 + i, `${filler(39 - i)} ledger`)),
    // Enough records that no group is ordered by walking the whole static order (a large group).
    ...Array.from({length: 300}, (_, i) => at(`/other-${i}`, 110 + i, 'unrelated text')),
  ]);
  const found = (query: string, extra: Record<string, unknown>) => bound.search({query, ...extra});
  const paths = (r: SearchResponse): string[] => r.hits.map((h) => new URL(String(h.url)).pathname);

  it.each([
    ['gateway', {}],
    ['sidecar mesh', {optionalWords: ['sidecar mesh']}],
    ['ledger', {}],
  ])('gives %j the first hits and facets of a full ranking at every page size', (query, extra) => {
    for (const distinct of [0, 1]) {
      const all = found(query, {...extra, distinct, hitsPerPage: 1000, facets: ['*']});
      expect(all.nbHits).toBeGreaterThan(3);
      for (let hitsPerPage = 1; hitsPerPage <= all.nbHits; hitsPerPage++) {
        const page = found(query, {...extra, distinct, hitsPerPage, facets: ['*']});
        expect(ids(page)).toEqual(ids(all).slice(0, hitsPerPage));
        expect(page.nbHits).toBe(all.nbHits);
        expect(page.facets).toEqual(all.facets);
      }
    }
  });

  it('reaches past a url that fills the first ids of a group, with distinct', () => {
    expect(paths(found('gateway', {distinct: 1, hitsPerPage: 3}))).toEqual([
      '/one-url',
      '/b',
      '/c',
    ]);
  });

  it('orders the groups after those its passes find as a full sort does', () => {
    expect(paths(found('ledger', {hitsPerPage: 40, distinct: 0}))).toEqual(
      Array.from({length: 40}, (_, i) => `/far-${39 - i}`),
    );
  });

  it('reaches past a leading key whose records hold too few urls', () => {
    const hits = found('sidecar mesh', {optionalWords: ['sidecar mesh'], hitsPerPage: 2});
    expect(paths(hits)).toEqual(['/both', '/words-0']);
  });
});

describe('one ranker for every query (its arrays are reused)', () => {
  // A path each through the arrays the ranker keeps between queries: a large group walked in the
  // static order, several levels of keys, every word optional and a query no record matches
  // wholly (each word's matches marked), distinct 0, and a later page with facets (the rest).
  const requests: [string, Record<string, unknown>][] = [
    ['o', {}],
    ['install the m', {}],
    ['outway helm chart', {optionalWords: ['outway helm chart']}],
    ['manager zzzq', {}],
    ['he', {distinct: 0, hitsPerPage: 3}],
    ['helm o', {page: 1, hitsPerPage: 2, facets: ['*']}],
  ];
  const answer = (from: ReturnType<typeof createSearchEngine>, i: number): SearchResponse => {
    const [query, extra] = requests[i] as [string, Record<string, unknown>];
    return {
      ...from.search({query, facetFilters: DOCSEARCH_FILTERS, ...extra}),
      processingTimeMS: 0,
    };
  };

  it('answers each query as an engine that has answered nothing else, in any order', () => {
    const fresh = requests.map((_, i) => answer(createSearchEngine(corpus()), i));
    const shared = createSearchEngine(corpus());
    const order = [...requests.keys()];
    for (const i of [...order, ...[...order].reverse()])
      expect(answer(shared, i)).toEqual(fresh[i]);
  });

  it("refuses a ranking's rest once a later ranking has reused its arrays", () => {
    const records = corpus();
    const terms = recordTerms(records);
    const matcher = createMatcher(buildTermIndex(records), terms, records.length);
    const facts = factsOfRecords(records);
    const ranker = createRanker(facts, terms);
    const filters = createRecordFilters(facts).filtersFor([], []);
    const rank = (query: string) => {
      const {queryWords} = parseQuery(query, normalizeParams({query}));
      const queryWordMatches = matcher.matchQuery(queryWords);
      return ranker.rank({queryWords, queryWordMatches, excludedIds: new Set(), filters}, 1, true);
    };
    const first = rank('o');
    expect(first.rest().length).toBeGreaterThan(0);
    const earlier = rank('he');
    rank('install');
    expect(() => earlier.rest()).toThrow(/after a later ranking/);
  });
});
