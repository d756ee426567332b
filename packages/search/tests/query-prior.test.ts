import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {
  learnPrior,
  priorExamples,
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
        {q: 'How do I renew the certificates?', expect: ['/renew'], set: 0},
        {q: 'renew certificate', expect: ['/renew', '/certs/'], set: 1},
        {q: 'outway logs', expect: ['/outway'], set: 1},
      ],
      [{objectID: 'outway', page: '/outway', patterns: ['outway', 'firewall']}],
      SETTINGS,
    );
    const prior = learnPrior(examples, SETTINGS, '/docs/');
    // Stop words dropped, "certificates" and "certificate" one word; "logs" (seen once) pruned; a
    // best bet's pattern counts twice ("firewall" is kept).
    expect(prior).toEqual({
      format: 'fsc-search-prior',
      lambda: 1,
      alpha: 0.5,
      pages: ['/docs/certs', '/docs/outway', '/docs/renew'],
      examples: [2, 6, 3],
      words: {certificate: [0, 1, 2, 2], firewall: [1, 2], outway: [1, 3], renew: [0, 1, 2, 2]},
    });
    expect(learnPrior([...examples].reverse(), SETTINGS, '/docs/')).toEqual(prior);
    expect(readPriorFile(serializePrior(prior))).toEqual(prior);
  });

  it('reads only the train sets of the judged queries', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'prior-'));
    const file = path.join(dir, 'queries.json');
    await writeFile(
      file,
      JSON.stringify({
        sets: [
          {set: 0, use: 'train'},
          {set: 1, use: 'heldout'},
        ],
        queries: [
          {q: 'taught', kind: 'keyword', set: 0, expect: ['/a']},
          {q: 'held out', kind: 'keyword', set: 1, expect: ['/b']},
        ],
      }),
    );
    try {
      expect(await readTrainQueries(file)).toEqual([{q: 'taught', expect: ['/a'], set: 0}]);
    } finally {
      await rm(dir, {recursive: true});
    }
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
    // P(audit | a) = (3 + 1) / (3 + 2), P(audit | b) = (1 + 1) / (3 + 2): 2 to 1.
    const posterior = pagePosterior(PRIOR, priorWords('the audits'));
    expect(posterior.get('/a')).toBeCloseTo(2 / 3, 10);
    expect(posterior.get('/b')).toBeCloseTo(1 / 3, 10);
    expect(pagePosterior(PRIOR, priorWords('unknown words')).size).toBe(0);
  });

  it('orders by 1/rank + λ·P(page | words), never adding a page, ties in the back end order', () => {
    const hits = [
      {url: 'https://x.org/b#1'},
      {url: 'https://x.org/c'},
      {url: 'https://x.org/a/'},
      {url: 'https://x.org/b#2'},
    ];
    // b#1: 1 + 1/3, c: 1/2, a: 1/3 + 2/3 = 1, b#2: 1/4 + 1/3.
    expect(fuseHits(hits, 'audit', PRIOR).map((h) => h.url)).toEqual([
      'https://x.org/b#1',
      'https://x.org/a/',
      'https://x.org/b#2',
      'https://x.org/c',
    ]);
    expect(fuseHits(hits, 'audit', {...PRIOR, lambda: 0})).toEqual(hits);
    expect(fuseHits(hits, 'nothing known', PRIOR)).toEqual(hits);
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

  it("puts the prior's page first among the hits the back end returned, and adds none", async () => {
    const plain = await search(undefined, 'manager');
    const last = pages(plain).at(-1) as string;
    expect(pages(plain)[0]).not.toBe(last);
    const prior: QueryPrior = {
      format: 'fsc-search-prior',
      lambda: 10,
      alpha: 0.1,
      pages: [last, '/not/a/hit'],
      examples: [1000, 1],
      words: {manager: [0, 5, 1, 5]},
    };
    const fused = await search(async () => prior, 'manager');
    expect(pages(fused)[0]).toBe(last);
    expect(pages(fused).sort()).toEqual(pages(plain).sort());
    expect(fused.nbHits).toBe(plain.nbHits);
    expect(fused.hitsPerPage).toBe(20);
  });

  it('cuts consecutive pages from one window: no hit twice, none skipped', async () => {
    const prior: QueryPrior = {
      format: 'fsc-search-prior',
      lambda: 10,
      alpha: 0.1,
      pages: ['/try-fsc/helm/5-auditlog'],
      examples: [1],
      words: {manager: [0, 5]},
    };
    const whole = await search(async () => prior, 'manager', 0, 20);
    const first = await search(async () => prior, 'manager', 0, 2);
    const second = await search(async () => prior, 'manager', 1, 2);
    expect([first.page, second.page]).toEqual([0, 1]);
    expect([...first.hits, ...second.hits].map((h) => h.objectID)).toEqual(
      whole.hits.slice(0, 4).map((h) => h.objectID),
    );
    expect(pages(whole)[0]).toBe('/try-fsc/helm/5-auditlog');
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
