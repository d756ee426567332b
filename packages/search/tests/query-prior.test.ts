import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {
  checkPhrasings,
  learnPrior,
  PHRASINGS_FILE,
  priorExamples,
  readPhrasings,
  readTrainQueries,
  type PriorSettings,
} from '../src/build/learnPrior';
import {createSearchClient} from '../src/algoliaClient';
import type {FetchLike} from '../src/embeddedRequester';
import {serializeIndex} from '../src/indexFileFormat';
import {serializePrior} from '../src/priorFileFormat';
import {
  fuseHits,
  pagePosterior,
  priorWindow,
  priorWords,
  readPriorFile,
  type QueryPrior,
} from '../src/queryPrior';
import type {SearchResponse} from '../src/types';
import {corpus, DOCSEARCH_FILTERS} from './support/records';

const SETTINGS: PriorSettings = {lambda: 1, alpha: 0.5, minWordCount: 2, bestBetWeight: 2};

describe('learning the prior', () => {
  it('counts the query words the engine reads, per page, the same table for the same examples', () => {
    const examples = priorExamples(
      [
        {q: 'How do I renew the certificates?', expect: ['/renew']},
        {q: 'renew certificate', expect: ['/renew', '/certs/']},
        {q: 'outway logs', expect: ['/outway']},
      ],
      [{objectID: 'outway', page: '/outway', patterns: ['outway', 'firewall']}],
      SETTINGS,
    );
    const prior = learnPrior(examples, SETTINGS, '/docs/');
    // Stop words dropped, "certificates" and "certificate" one word, cut to six letters; "logs"
    // (seen once) pruned; a best bet's pattern counts twice ("firewall" is kept, as "firewa").
    expect(prior).toEqual({
      format: 'fsc-search-prior',
      lambda: 1,
      alpha: 0.5,
      pages: ['/docs/certs', '/docs/outway', '/docs/renew'],
      examples: [2, 6, 3],
      words: {certif: [0, 1, 2, 2], firewa: [1, 2], outway: [1, 3], renew: [0, 1, 2, 2]},
    });
    expect(learnPrior([...examples].reverse(), SETTINGS, '/docs/')).toEqual(prior);
    expect(readPriorFile(serializePrior(prior))).toEqual(prior);
  });

  it('reads only the train sets of the judged queries', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'prior-'));
    const file = path.join(dir, 'queries.tsv');
    await writeFile(
      file,
      [
        'set\tuse\tabout',
        '0\ttrain\tstudied',
        '1\theldout\twritten blind',
        'set\tkind\tquery\texpect',
        '0\tkeyword\ttaught\t/a',
        '1\tkeyword\theld out\t/b',
      ].join('\n'),
    );
    try {
      expect(await readTrainQueries(file)).toEqual([
        {q: 'taught', kind: 'keyword', expect: ['/a'], set: 0, use: 'train'},
      ]);
    } finally {
      await rm(dir, {recursive: true});
    }
  });

  it("learns a writer's phrasings for a page as it learns a train query", async () => {
    const pages = new Set(['/renew', '/outway']);
    const phrasings = checkPhrasings(
      {about: 'for people', phrasings: [{page: '/renew/', phrasings: ['cert verlopen', 'renew']}]},
      'phrasings.json',
      (page) => pages.has(page),
    );
    const examples = priorExamples(
      [{q: 'renew certificate', expect: ['/renew']}],
      [],
      SETTINGS,
      phrasings,
    );
    expect(learnPrior(examples, SETTINGS).words).toEqual({renew: [0, 2]});
    expect(learnPrior(examples, {...SETTINGS, minWordCount: 1}).words).toMatchObject({
      cert: [0, 1],
      verlop: [0, 1],
    });
    // The file writers edit is in this shape (its pages are checked by the build).
    expect(
      await readPhrasings(
        path.join(path.resolve(__dirname, '../../..'), PHRASINGS_FILE),
        () => true,
      ),
    ).toBeInstanceOf(Array);
  });

  it('refuses phrasings of a page the site lacks, a page twice, a phrasing of stop words only', () => {
    const check = (entries: unknown[]) =>
      checkPhrasings({phrasings: entries}, 'phrasings.json', (page) => page === '/renew');
    expect(() => check([{page: '/gone', phrasings: ['x']}])).toThrow(
      'phrasings.json: /gone is not a page of the site',
    );
    expect(() =>
      check([
        {page: '/renew', phrasings: ['x']},
        {page: '/renew/', phrasings: ['y']},
      ]),
    ).toThrow('/renew/ is listed twice');
    expect(() => check([{page: '/renew', phrasings: ['how do I']}])).toThrow(
      'has a phrasing with no word the prior counts: "how do I"',
    );
    expect(() => check([{page: '/renew', phrasings: ['x'], weight: 3}])).toThrow(
      'has unknown fields: weight',
    );
    expect(() => checkPhrasings({}, 'phrasings.json', () => true)).toThrow('no "phrasings" list');
  });

  it('refuses a file whose counts name no page', () => {
    expect(() =>
      readPriorFile(
        serializePrior({
          format: 'fsc-search-prior',
          lambda: 1,
          alpha: 1,
          pages: ['/a'],
          examples: [1],
          words: {x: [3, 1]},
        }),
      ),
    ).toThrow('the counts of "x" are not pairs of page and count');
  });
});

/** A prior over pages a and b: "audit" taught a three times and b once. */
const PRIOR: QueryPrior = {
  format: 'fsc-search-prior',
  lambda: 1,
  alpha: 1,
  pages: ['/a', '/b'],
  examples: [1, 1],
  words: {audit: [0, 3, 1, 1], log: [1, 2]},
};

describe('fusing the prior with the back end order', () => {
  it('gives P(page | words) by naive Bayes with additive smoothing', () => {
    // "audit" taught two pages, so its smoothing is alpha·2^¼ = s: P(audit | a) = (3 + s) / (3 +
    // 2s), P(audit | b) = (1 + s) / (3 + 2s), about 2 to 1.
    const s = 2 ** 0.25;
    const posterior = pagePosterior(PRIOR, priorWords('the audits'));
    expect(posterior.get('/a')).toBeCloseTo((3 + s) / (4 + 2 * s), 10);
    expect(posterior.get('/b')).toBeCloseTo((1 + s) / (4 + 2 * s), 10);
    expect(pagePosterior(PRIOR, priorWords('unknown words')).size).toBe(0);
  });

  it('smooths a word the more, the more pages it taught, so it says less', () => {
    // "zebra" taught a twice; "audit" taught b, c and d twice each. With one alpha the query's
    // two words would tie all four pages; "audit"'s smoothing alpha·3^¼ = s weighs it less, and a
    // leads b, c and d by (2 + 1)·s to 1·(2 + s).
    const prior: QueryPrior = {
      ...PRIOR,
      pages: ['/a', '/b', '/c', '/d'],
      examples: [1, 1, 1, 1],
      words: {zebra: [0, 2], audit: [1, 2, 2, 2, 3, 2]},
    };
    const s = 3 ** 0.25;
    const ratio = (3 * s) / (2 + s);
    const posterior = pagePosterior(prior, priorWords('zebra audit'));
    expect(posterior.get('/a')).toBeCloseTo(ratio / (ratio + 3), 10);
    expect(posterior.get('/b')).toBeCloseTo(1 / (ratio + 3), 10);
  });

  it('orders by 1/rank + λ·√P(page | words), each page once first, never adding a page, ties in the back end order', () => {
    const hits = [
      {url: 'https://x.org/b#1'},
      {url: 'https://x.org/c'},
      {url: 'https://x.org/a/'},
      {url: 'https://x.org/b#2'},
    ];
    // b#1: 1 + √(1/3) = 1.58, c: 1/2, a: 1/3 + √(2/3) = 1.15, b#2: 1/4 + √(1/3) = 0.83, which
    // follows c: each page's best hit comes before any page's second.
    expect(fuseHits(hits, 'audit', PRIOR).map((h) => h.url)).toEqual([
      'https://x.org/b#1',
      'https://x.org/a/',
      'https://x.org/c',
      'https://x.org/b#2',
    ]);
    expect(fuseHits(hits, 'audit', {...PRIOR, lambda: 0})).toEqual(hits);
    expect(fuseHits(hits, 'nothing known', PRIOR)).toEqual(hits);
  });

  it('lets a page of a third of the posterior pass a first hit the table does not know', () => {
    // c: 1 + 0; b: 1/2 + √(1/3) = 1.08 passes it, where P itself (1/2 + 1/3) would not.
    const hits = [{url: 'https://x.org/c'}, {url: 'https://x.org/b'}];
    expect(fuseHits(hits, 'audit', PRIOR).map((h) => h.url)).toEqual([
      'https://x.org/b',
      'https://x.org/c',
    ]);
    expect(fuseHits(hits, 'audit', PRIOR, true, 1)).toEqual(hits);
  });

  it('weighs λ by the share of the query words the table knows', () => {
    // b: 1/2 + √(2/3) = 1.32 passes c (1) for "audit"; for "audit zebra" the table knows one
    // word of two: 1/2 + ½·√(2/3) = 0.91, and c stays first.
    const hits = [{url: 'https://x.org/c'}, {url: 'https://x.org/a'}];
    expect(fuseHits(hits, 'audit', PRIOR).map((h) => h.url)).toEqual([
      'https://x.org/a',
      'https://x.org/c',
    ]);
    expect(fuseHits(hits, 'audit zebra', PRIOR)).toEqual(hits);
  });

  it("counts a word's first six letters, so a Dutch form or compound meets the examples of its stem", () => {
    expect(priorWords('certificaten certificaatbeheer')).toEqual(['certif']);
    expect(priorWords('overeenkomst overeenkomsten ondertekenen')).toEqual(['overee', 'ondert']);
    // Codes, numbers and words of other characters stay whole; short words are left alone.
    expect(priorWords('ERROR_CODE_SERVICE_UNREACHABLE 502 tls')).toEqual([
      'error_code_service_unreachable',
      '502',
      'tls',
    ]);
    const examples = priorExamples(
      [
        {q: 'overeenkomst ondertekenen', expect: ['/contracts']},
        {q: 'overeenkomst', expect: ['/contracts']},
        {q: 'certificaat vernieuwen', expect: ['/renew']},
        {q: 'certificaat', expect: ['/renew']},
      ],
      [],
      SETTINGS,
    );
    const prior = learnPrior(examples, SETTINGS);
    const posterior = pagePosterior(prior, priorWords('overeenkomsten'));
    // 5 to 1 for the page its stem taught; whole words, the table would know neither query.
    expect(posterior.get('/contracts')).toBeCloseTo(5 / 6, 10);
    expect(pagePosterior(prior, priorWords('certificaatbeheer')).get('/renew')).toBeCloseTo(
      5 / 6,
      10,
    );
  });

  it('leaves first a first hit whose headings hold every word of the query', () => {
    const headings = (lvl1: string[], lvl2: string[] = []) => ({
      hierarchy: {
        lvl1: {value: '', matchLevel: 'partial' as const, matchedWords: lvl1},
        lvl2: {value: '', matchLevel: 'partial' as const, matchedWords: lvl2},
      },
    });
    const hits = [
      // Its title holds "audit", a heading "logs" (plurals fold: it counts as the query's "log").
      {url: 'https://x.org/b', _highlightResult: headings(['audit'], ['logs'])},
      {url: 'https://x.org/a'},
    ];
    // P(a | audit log) = 40/46 with these examples: without the rule, b scores 1 + 2·√(6/46) and
    // a 1/2 + 2·√(40/46), so a would come first.
    const prior: QueryPrior = {...PRIOR, lambda: 2, examples: [10, 1]};
    expect(fuseHits(hits, 'audit log', prior).map((h) => h.url)).toEqual([
      'https://x.org/b',
      'https://x.org/a',
    ]);
    expect(fuseHits(hits, 'audit log', prior, false).map((h) => h.url)).toEqual([
      'https://x.org/a',
      'https://x.org/b',
    ]);
    // Only one of the two words in its headings (the other in its text): the prior moves it.
    const partly = [{...hits[0], _highlightResult: headings(['audit'])}, hits[1]];
    expect(fuseHits(partly, 'audit log', prior).map((h) => h.url)).toEqual([
      'https://x.org/a',
      'https://x.org/b',
    ]);
    // A hosted answer's highlights are read as they came: a malformed one holds no word.
    const malformed = [
      {url: 'https://x.org/b', _highlightResult: {hierarchy: {lvl1: {matchedWords: 'audit log'}}}},
      hits[1],
    ] as unknown as typeof hits;
    expect(fuseHits(malformed, 'audit log', prior).map((h) => h.url)).toEqual([
      'https://x.org/a',
      'https://x.org/b',
    ]);
  });

  it('re-orders the first pages as one window and leaves the pages past it alone', () => {
    expect(priorWindow(0, 20)).toEqual({hitsPerPage: 20, start: 0, end: 20});
    expect(priorWindow(1, 20)).toBeNull();
    expect(priorWindow(3, 5)).toEqual({hitsPerPage: 20, start: 15, end: 20});
    expect(priorWindow(4, 5)).toBeNull();
    expect(priorWindow(0, 0)).toBeNull();
  });
});

describe('the client with a prior', () => {
  const fetch: FetchLike = async () => ({
    ok: true,
    status: 200,
    json: async () => JSON.parse(serializeIndex(corpus())),
    text: async () => serializeIndex(corpus()),
  });
  const request = (query: string, page = 0, hitsPerPage = 20) => ({
    requests: [
      {
        indexName: 'docs-fsc',
        query,
        page,
        hitsPerPage,
        facetFilters: DOCSEARCH_FILTERS as string[],
      },
    ],
  });
  const search = async (
    loadPrior: (() => Promise<QueryPrior | null>) | undefined,
    ...args: Parameters<typeof request>
  ) => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch,
      loadPrior,
    });
    return (await client.search(request(...args))).results[0] as unknown as SearchResponse;
  };
  const pages = (r: SearchResponse) => r.hits.map((h) => new URL(h.url ?? '').pathname);
  /** A prior that strongly sends "manager" to the auditlog page. */
  const auditlogPrior: QueryPrior = {
    format: 'fsc-search-prior',
    lambda: 10,
    alpha: 0.1,
    pages: ['/try-fsc/helm/5-auditlog'],
    examples: [1],
    words: {manage: [0, 5]},
  };

  // "manager helm": the engine's first hit names only "manager" in its headings ("helm" is in its
  // section, lvl0), so the prior may move it.
  it("puts the prior's page first among the hits the back end returned, and adds none", async () => {
    const plain = await search(undefined, 'manager helm');
    const last = pages(plain).at(-1) as string;
    expect(pages(plain)[0]).not.toBe(last);
    const prior: QueryPrior = {
      format: 'fsc-search-prior',
      lambda: 10,
      alpha: 0.1,
      pages: [last, '/not/a/hit'],
      examples: [1000, 1],
      words: {manage: [0, 5, 1, 5]},
    };
    const fused = await search(async () => prior, 'manager helm');
    expect(pages(fused)[0]).toBe(last);
    expect(pages(fused).sort()).toEqual(pages(plain).sort());
    expect(fused.nbHits).toBe(plain.nbHits);
    expect(fused.hitsPerPage).toBe(20);
  });

  it('cuts consecutive pages from one window: no hit twice, none skipped', async () => {
    const whole = await search(async () => auditlogPrior, 'manager helm', 0, 20);
    const first = await search(async () => auditlogPrior, 'manager helm', 0, 2);
    const second = await search(async () => auditlogPrior, 'manager helm', 1, 2);
    expect([first.page, second.page]).toEqual([0, 1]);
    expect([...first.hits, ...second.hits].map((h) => h.objectID)).toEqual(
      whole.hits.slice(0, 4).map((h) => h.objectID),
    );
    expect(pages(whole)[0]).toBe('/try-fsc/helm/5-auditlog');
  });

  it('leaves first a hit whose headings hold every word of the query, as the engine highlights them', async () => {
    // "manager": the first hit is the page titled "6. Manager"; the prior's page comes next.
    const plain = await search(undefined, 'manager');
    const fused = await search(async () => auditlogPrior, 'manager');
    expect(pages(plain)[0]).toBe('/try-fsc/helm/6-manager');
    expect(pages(fused).slice(0, 2)).toEqual([
      '/try-fsc/helm/6-manager',
      '/try-fsc/helm/5-auditlog',
    ]);
  });

  it('keeps the back end order when there is no prior (SEARCH_PRIOR=off) or it fails to load', async () => {
    const plain = await search(undefined, 'audit manager');
    const failing = vi.fn(async (): Promise<QueryPrior | null> => {
      throw new Error('gone');
    });
    expect(pages(await search(failing, 'audit manager'))).toEqual(pages(plain));
    expect(pages(await search(async () => null, 'audit manager'))).toEqual(pages(plain));
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
