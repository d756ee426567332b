import {ApiError, createMemoryCache, RetryError, type Host} from '@algolia/client-common';
import algoliasearchHelper from 'algoliasearch-helper';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createSearchEngine} from '../src/engine';
import type {FetchLike} from '../src/embeddedRequester';
import {serializeIndex} from '../src/indexFileFormat';
import {serializeShards, shardFileName} from '../src/shardFileFormat';
import {requestParams} from '../src/params';
import {createSearchClient, indexUrlFromMeta} from '../src/algoliaClient';
import {openShardsInThread} from '../src/shardsInThread';
import type {DocSearchRecord, MultiQueryBody, SearchResponse} from '../src/types';
import {docSearchRequest} from '../support/docSearchRequest';
import {closedPort, startDouble, type HttpDouble} from '../support/httpDouble';
import {corpus, DOCSEARCH_FILTERS, rec, SITE} from './support/records';

/** The body DocSearch's modal sends for `query`, with the site's facet filters. */
const docSearchBody = (query: string) => ({
  requests: [docSearchRequest(query, 'docs-fsc', DOCSEARCH_FILTERS) as never],
});

const indexJson = (): unknown => JSON.parse(serializeIndex(corpus()));
/** A fetch response with `body` as its JSON and its text (a string as it is, else as JSON). */
const answer = (status: number, body: () => unknown) => ({
  ok: status === 200,
  status,
  json: async () => body(),
  text: async () => {
    const value = body();
    return typeof value === 'string' ? value : JSON.stringify(value);
  },
});
const okFetch = (): FetchLike => async () => answer(200, indexJson);

const MANIFEST_URL = '/search-shards/manifest.0a1b2c3d.json';
const SHARDS_HASH = '1234abcd';
const at = (name: string) => `/search-shards/${name}`;
const TABLE_URL = at(shardFileName(SHARDS_HASH, 'table'));
/** The sharded index as a built page names it, read in the caller's thread. */
const SHARDS = {
  manifestUrl: () => MANIFEST_URL,
  tableUrl: () => TABLE_URL,
  open: openShardsInThread,
};
/** The sharded index of the corpus, by URL, as the build writes it (shardFiles.ts). */
function shardFilesOf(records: DocSearchRecord[]): Map<string, string> {
  const files = serializeShards(records);
  const hash = SHARDS_HASH;
  return new Map([
    [MANIFEST_URL, files.manifest(hash)],
    [TABLE_URL, files.table],
    ...files.postings.map((json, n): [string, string] => [at(shardFileName(hash, ['p', n])), json]),
    ...files.texts.map((json, n): [string, string] => [at(shardFileName(hash, ['t', n])), json]),
  ]);
}
/** The answers without their timing, which differs from run to run. */
const timeless = (results: unknown[]) =>
  results.map((result) => ({...(result as SearchResponse), processingTimeMS: 0}));
const localHost = (port: number): Host => ({
  url: '127.0.0.1',
  port,
  protocol: 'http',
  accept: 'readWrite',
});
/** An HTTP double of Algolia that answers each query with the embedded engine over `records`. */
const algoliaOver = (records: DocSearchRecord[]) => {
  const engine = createSearchEngine(records);
  return startDouble((req) => {
    const body = req.body as MultiQueryBody;
    return {
      status: 200,
      body: {results: body.requests.map((r) => engine.search(requestParams(r), r.indexName))},
    };
  });
};
/** A hosted client whose one host is the double at `port`. */
const hostedClient = (port: number, siteOrigin?: string) =>
  createSearchClient({
    mode: 'hosted',
    appId: 'APPID',
    apiKey: 'search-key',
    options: {hosts: [localHost(port)]},
    siteOrigin,
  });

describe('hosted mode', () => {
  let double: HttpDouble | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  it("keeps the client's own messages for missing credentials", () => {
    expect(() => createSearchClient({mode: 'hosted', appId: '', apiKey: 'key'})).toThrow(
      new Error('`appId` is missing.'),
    );
    expect(() => createSearchClient({mode: 'hosted', appId: 'APP', apiKey: ''})).toThrow(
      new Error('`apiKey` is missing.'),
    );
  });

  it('skips a host that is down and gets the answer from the next one', async () => {
    const engine = createSearchEngine(corpus());
    double = await startDouble((req) => {
      if (req.method === 'POST' && req.path === '/1/indexes/*/queries') {
        const body = req.body as MultiQueryBody;
        return {
          status: 200,
          body: {results: body.requests.map((r) => engine.search(requestParams(r), r.indexName))},
        };
      }
      return {status: 404, body: {message: 'not found', status: 404}};
    });
    const down = localHost(await closedPort());
    const failures: {host: Host; status: number}[] = [];
    const logger = {
      debug: async () => undefined,
      error: async () => undefined,
      info: async (_message: string, frame?: unknown) => {
        const f = frame as {host: Host; response: {status: number}};
        failures.push({host: f.host, status: f.response.status});
      },
    };
    const client = createSearchClient({
      mode: 'hosted',
      appId: 'APPID',
      apiKey: 'search-key',
      options: {hosts: [down, localHost(double.port)], hostsCache: createMemoryCache(), logger},
    });
    const {results} = await client.search(docSearchBody('outway'));
    const first = results[0] as unknown as SearchResponse;
    expect(first.hits[0]?.url).toBe(`${SITE}/try-fsc/helm/9-outway`);
    expect(first.hits[0]?._highlightResult?.hierarchy?.lvl1?.value).toBe('9. <mark>Outway</mark>');
    expect(double.requests).toHaveLength(1);
    const [req] = double.requests;
    expect(req?.headers['x-algolia-application-id']).toBe('APPID');
    expect(req?.headers['x-algolia-api-key']).toBe('search-key');
    expect((req?.body as MultiQueryBody).requests[0]).toMatchObject({
      query: 'outway',
      indexName: 'docs-fsc',
    });
    // the closed port was tried first and failed like an unreachable host
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({host: {port: down.port}, status: 0});

    // a question carries the question parameters to Algolia, as it does to the embedded engine
    await client.search(docSearchBody('what does the manager do'));
    expect((double.requests[1]?.body as MultiQueryBody).requests[0]).toMatchObject({
      query: 'what does the manager do',
      queryType: 'prefixNone',
      optionalFilters: ['hierarchy.lvl0:Introduction'],
    });
  });

  it('throws RetryError when every host is down', async () => {
    const client = createSearchClient({
      mode: 'hosted',
      appId: 'APPID',
      apiKey: 'search-key',
      options: {hosts: [localHost(await closedPort()), localHost(await closedPort())]},
    });
    const error = await client.search(docSearchBody('outway')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryError);
    expect((error as Error).name).toBe('RetryError');
  });
});

describe('embedded mode', () => {
  it('answers DocSearch requests from the index file, loaded once and lazily', async () => {
    const fetch = vi.fn(okFetch());
    const indexUrl = vi.fn(() => '/search-index.abcdef12.json');
    const client = createSearchClient({mode: 'embedded', indexUrl, fetch});
    expect(fetch).not.toHaveBeenCalled();
    expect(indexUrl).not.toHaveBeenCalled();

    const {results} = await client.search(docSearchBody('outwy'));
    const r = results[0] as unknown as SearchResponse;
    expect(r.nbHits).toBeGreaterThan(0);
    expect(r.hits[0]).toMatchObject({type: 'lvl1', url: `${SITE}/try-fsc/helm/9-outway`});
    expect(Object.keys(r.hits[0] ?? {}).sort()).toEqual(
      [
        '_highlightResult',
        '_snippetResult',
        'content',
        'hierarchy',
        'objectID',
        'type',
        'url',
      ].sort(),
    );
    expect(r.hits[0]?._snippetResult?.hierarchy?.lvl1?.value).toBe('9. <mark>Outway</mark>');
    expect(r.hits.some((h) => h.url?.includes('/nl/'))).toBe(false);

    await client.search(docSearchBody('manager'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/search-index.abcdef12.json');
  });

  it('throws RetryError when the index cannot be loaded, and loads again on the next query', async () => {
    let mode: 'network' | 'http' | 'json' | 'ok' = 'network';
    const fetch: FetchLike = async () => {
      if (mode === 'network') throw new TypeError('Failed to fetch');
      if (mode === 'http') return answer(404, () => ({}));
      if (mode === 'json') return answer(200, () => JSON.parse('<!doctype html>'));
      return answer(200, indexJson);
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = createSearchClient({
        mode: 'embedded',
        indexUrl: () => '/search-index.x.json',
        fetch,
      });
      for (const failing of ['network', 'http', 'json'] as const) {
        mode = failing;
        const error = await client.search(docSearchBody(`q-${failing}`)).catch((e: unknown) => e);
        expect(error, failing).toBeInstanceOf(RetryError);
      }
      expect(spy).toHaveBeenCalledTimes(3);
      mode = 'ok';
      const {results} = await client.search(docSearchBody('outway'));
      expect((results[0] as unknown as SearchResponse).nbHits).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('ends a load that hangs after the timeout, aborting the fetch, and the next query loads again', async () => {
    let hang = true;
    const signals: (AbortSignal | undefined)[] = [];
    const fetch: FetchLike = (_url, init) => {
      signals.push(init?.signal);
      // A server that never answers: the promise settles only when the request is aborted.
      if (hang) return new Promise((_, reject) => init?.signal?.addEventListener('abort', reject));
      return Promise.resolve(answer(200, indexJson));
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = createSearchClient({
        mode: 'embedded',
        indexUrl: () => '/search-index.x.json',
        fetch,
        loadTimeoutMs: 50,
      });
      const error = await client.search(docSearchBody('manager')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RetryError);
      expect(signals[0]?.aborted).toBe(true);
      expect(String(spy.mock.calls[0]?.[1])).toContain('no answer within 50 ms');
      hang = false;
      const {results} = await client.search(docSearchBody('outway'));
      expect((results[0] as unknown as SearchResponse).nbHits).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('reports an index that is gone (404) with the query that needed it, and only then', async () => {
    let status = 500;
    const gone: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = createSearchClient({
        mode: 'embedded',
        indexUrl: () => '/search-index.old.json',
        fetch: async () => answer(status, () => ({})),
        onIndexGone: (query) => gone.push(query),
      });
      await client.search(docSearchBody('server error')).catch(() => undefined);
      expect(gone).toEqual([]);
      status = 404;
      const error = await client.search(docSearchBody('manager')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RetryError);
      expect(gone).toEqual(['manager']);
    } finally {
      spy.mockRestore();
    }
  });

  it('in the development server, loads the index again when its version file changes, and only then', async () => {
    let version = 'v1';
    let records = corpus();
    const requested: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      requested.push(`${url} ${init?.cache}`);
      return url.endsWith('.version')
        ? answer(200, () => version)
        : answer(200, () => JSON.parse(serializeIndex(records)));
    };
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/search-index.dev.json',
      fetch,
      followChanges: true,
    });
    const hits = async (query: string) =>
      ((await client.search(docSearchBody(query))).results[0] as unknown as SearchResponse).nbHits;

    expect(await hits('zorblatt')).toBe(0);
    expect(await hits('outway')).toBeGreaterThan(0);
    expect(requested.filter((r) => r.startsWith('/search-index.dev.json '))).toHaveLength(1);

    records = [
      ...corpus(),
      rec({
        path: '/support/contact',
        type: 'content',
        lvl0: 'Support',
        lvl1: 'Contact',
        position: 0,
        content: 'The zorblatt gateway',
      }),
    ];
    version = 'v2';
    expect(await hits('zorblatt')).toBe(1);
    expect(requested.filter((r) => r.startsWith('/search-index.dev.json '))).toHaveLength(2);
    // The browser's cache is never asked: the development index changes under the page.
    expect(requested.every((r) => r.endsWith(' no-store'))).toBe(true);
  });

  it('answers from the index file once loaded, without following changes, on a built site', async () => {
    const fetch = vi.fn(okFetch());
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/search-index.abcdef12.json',
      fetch,
    });
    await client.search(docSearchBody('outway'));
    await client.search(docSearchBody('inway'));
    expect(fetch.mock.calls.map(([url, init]) => `${url} ${init?.cache}`)).toEqual([
      '/search-index.abcdef12.json default',
    ]);
  });

  it("searches the sharded index when the page names a manifest: the index file's answers, the index file never fetched, the table asked for beside the manifest", async () => {
    const files = shardFilesOf(corpus());
    const requested: string[] = [];
    let tableAsked = () => {};
    const tableRequested = new Promise<void>((resolve) => (tableAsked = resolve));
    let beforeManifestAnswer: string[] = [];
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/search-index.abcdef12.json',
      shards: SHARDS,
      fetch: async (url) => {
        requested.push(url);
        if (url === TABLE_URL) tableAsked();
        // The manifest answers once the table is asked for, or after a second without it.
        if (url === MANIFEST_URL) {
          await Promise.race([tableRequested, new Promise((wait) => setTimeout(wait, 1000))]);
          beforeManifestAnswer = [...requested];
        }
        const json = files.get(url);
        return json === undefined ? answer(404, () => ({})) : answer(200, () => JSON.parse(json));
      },
    });
    const whole = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: okFetch(),
    });
    await client.preload();
    expect(beforeManifestAnswer).toEqual([MANIFEST_URL, TABLE_URL]);
    expect(requested).toEqual([MANIFEST_URL, TABLE_URL]);
    for (const query of ['outwy', 'manager', 'de outway', 'zorblatt']) {
      const {results} = await client.search(docSearchBody(query));
      const expected = (await whole.search(docSearchBody(query))).results;
      expect(timeless(results), query).toEqual(timeless(expected));
    }
    expect(requested.some((url) => url.includes('search-index'))).toBe(false);
    expect(requested.filter((url) => url === MANIFEST_URL)).toHaveLength(1);
  });

  it('reports a shard that is gone (404) with the query that needed it, fails like a host on any failure, and fetches the shard again for the next query', async () => {
    const files = shardFilesOf(corpus());
    let shardStatus = 200;
    const gone: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = createSearchClient({
        mode: 'embedded',
        indexUrl: () => '/search-index.abcdef12.json',
        shards: SHARDS,
        fetch: async (url) => {
          const json = files.get(url);
          const status = /-[pt]\d+\.json$/.test(url) ? shardStatus : 200;
          return json === undefined || status !== 200
            ? answer(json === undefined ? 404 : status, () => ({}))
            : answer(200, () => JSON.parse(json));
        },
        onIndexGone: (query) => gone.push(query),
      });
      await client.preload();
      shardStatus = 500;
      const failed = await client.search(docSearchBody('manager')).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(RetryError);
      expect(gone).toEqual([]);
      shardStatus = 410;
      const error = await client.search(docSearchBody('outway')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RetryError);
      expect(gone).toEqual(['outway']);
      shardStatus = 200;
      const {results} = await client.search(docSearchBody('outway'));
      expect((results[0] as unknown as SearchResponse).nbHits).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('fails like a host when no index URL is known', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = createSearchClient({mode: 'embedded', indexUrl: () => '', fetch: okFetch()});
      await expect(client.search(docSearchBody('x'))).rejects.toBeInstanceOf(RetryError);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 404 for other API paths and 400 for bad parameters', async () => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: okFetch(),
    });
    const notFound = await client
      .customPost({path: '1/indexes/docs-fsc/settings', body: {}})
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(ApiError);
    expect((notFound as ApiError).status).toBe(404);
    expect((notFound as ApiError).message).toMatch(
      /Not found: POST \/1\/indexes\/docs-fsc\/settings/,
    );
    const bad = await client
      .search({requests: [{indexName: 'docs-fsc', query: 'x', facetFilters: ['nocolon']}]})
      .catch((e: unknown) => e);
    expect((bad as ApiError).status).toBe(400);
  });

  it('accepts the legacy urlencoded params string', async () => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: okFetch(),
    });
    const params = new URLSearchParams({
      query: 'outway',
      hitsPerPage: '2',
      facetFilters: JSON.stringify(['language:nl']),
      attributesToSnippet: 'content:3',
    }).toString();
    const answer = (await client.customPost({
      path: '1/indexes/*/queries',
      body: {requests: [{indexName: 'docs-fsc', params}]},
    })) as {results: SearchResponse[]};
    const r = answer.results[0];
    expect(r?.hitsPerPage).toBe(2);
    expect(r?.hits.map((h) => h.language)).toEqual(['nl']);
    expect(r?.hits[0]?._snippetResult?.content?.value).toBe('De <em>outway</em> verstuurt…');
  });

  it('adds the question parameters to every request shape, and a parameter the caller sets wins', async () => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: okFetch(),
    });
    const sent = (r: unknown) => new URLSearchParams((r as SearchResponse).params);
    const {results} = await client.search(docSearchBody('what is the outway'));
    expect(sent(results[0]).get('optionalFilters')).toBe('["hierarchy.lvl0:Introduction"]');
    expect(sent(results[0]).get('queryType')).toBeNull(); // "outway" may still be typed on
    const legacy = await client.search([
      {indexName: 'docs-fsc', params: {query: 'how do I install the'}},
    ] as never);
    expect(sent(legacy.results[0]).get('queryType')).toBe('prefixNone');
    const own = await client.search({
      requests: [{indexName: 'docs-fsc', query: 'why the', queryType: 'prefixLast'}],
    });
    expect(sent(own.results[0]).get('queryType')).toBe('prefixLast');
    const keyword = await client.search(docSearchBody('outway'));
    expect(sent(keyword.results[0]).has('optionalFilters')).toBe(false);
  });

  it('serves the /search page (algoliasearch-helper, its filters in facetFilters)', async () => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: okFetch(),
    });
    const helper = algoliasearchHelper(client as never, 'docs-fsc', {
      hitsPerPage: 15,
      advancedSyntax: true,
    });
    helper.setQueryParameter('facetFilters', [
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
      ['language:en'],
    ]);
    const results = await new Promise<{
      hits: SearchResponse['hits'];
      nbHits: number;
      nbPages: number;
    }>((resolve, reject) => {
      helper.on('result', ({results: r}) => resolve(r as never));
      helper.on('error', ({error}) => reject(error as Error));
      helper.setQuery('manager').setPage(0).search();
    });
    expect(results.nbHits).toBeGreaterThan(0);
    expect(results.hits.every((h) => h.language === 'en')).toBe(true);
    const first = results.hits[0];
    const titles = Object.keys(first?._highlightResult?.hierarchy ?? {});
    expect(titles[0]).toBe('lvl0');
    expect(first?._highlightResult?.hierarchy?.lvl1?.value).toBe('6. <em>Manager</em>');
  });
});

describe('highlights and snippets from either back end are text', () => {
  const hostile = [
    rec({path: '/x', type: 'lvl1', lvl0: 'Docs', lvl1: 'Status <pending> rows', position: 0}),
    rec({
      path: '/y',
      type: 'content',
      lvl0: 'Docs',
      lvl1: 'Refresh',
      position: 0,
      content: 'A <img src=x> and <meta http-equiv="refresh" content="0;url=/evil"> refresh & more',
    }),
  ];
  let double: HttpDouble | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  /** Every highlight and snippet value of an answer. */
  const values = (results: unknown[]): string[] =>
    JSON.stringify(results)
      .match(/"value":"(?:[^"\\]|\\.)*"/g)!
      .map((pair) => JSON.parse(pair.slice('"value":'.length)) as string);

  async function expectText(client: ReturnType<typeof createSearchClient>) {
    const {results} = await client.search(docSearchBody('refresh'));
    const found = values(results);
    expect(found).toContain(
      'A &lt;img src=x&gt; and &lt;meta http-equiv=&quot;<mark>refresh</mark>&quot; content=&quot;0;url=/evil&quot;&gt; <mark>refresh</mark> &amp; more',
    );
    for (const value of found) expect(value.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    // No tags named: Algolia's default <em> comes back, around escaped text.
    const plain = await client.search({requests: [{indexName: 'docs-fsc', query: 'pending'}]});
    expect(values(plain.results)).toContain('Status &lt;<em>pending</em>&gt; rows');
  }

  it('hosted: Algolia returns the record text raw; the client escapes it and keeps the tags', async () => {
    double = await algoliaOver(hostile);
    await expectText(hostedClient(double.port));
    // The request keeps the caller's tags, as the specification's request has them.
    expect((double.requests[0]?.body as MultiQueryBody).requests[0]).toMatchObject({
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    });
  });

  it('hosted: every string of the highlights and snippets, whatever the shape of its entry', async () => {
    const hit = {
      objectID: 'odd',
      url: `${SITE}/x`,
      hierarchy: {lvl0: 'Docs', lvl1: 'Odd'},
      _highlightResult: {
        // no matchLevel: the entry's value went into the page as it came
        hierarchy: {lvl0: {value: 'Docs'}, lvl1: {value: '<img src=x-lvl1> <mark>Odd</mark>'}},
        content: [{value: '<svg onload=x>'}, '<b>bare</b>'],
      },
      _snippetResult: {
        content: {value: '<script>x</script>', matchLevel: 'full', extra: {text: '<i>'}},
      },
    };
    double = await startDouble(() => ({
      status: 200,
      body: {results: [{hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20}]},
    }));
    const {results} = await hostedClient(double.port).search(docSearchBody('odd'));
    const [safe] = (results[0] as unknown as {hits: Record<string, unknown>[]}).hits;
    expect(safe?._highlightResult).toEqual({
      hierarchy: {
        lvl0: {value: 'Docs'},
        lvl1: {value: '&lt;img src=x-lvl1&gt; <mark>Odd</mark>'},
      },
      content: [{value: '&lt;svg onload=x&gt;'}, '&lt;b&gt;bare&lt;/b&gt;'],
    });
    expect(safe?._snippetResult).toEqual({
      content: {
        value: '&lt;script&gt;x&lt;/script&gt;',
        matchLevel: 'full',
        extra: {text: '&lt;i&gt;'},
      },
    });
    // The record's own fields are left as they are: they are not rendered as HTML.
    expect(safe?.hierarchy).toEqual(hit.hierarchy);
  });

  it('embedded: the same escaping for the engine in the page', async () => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: async () => answer(200, () => JSON.parse(serializeIndex(hostile))),
    });
    await expectText(client);
  });
});

describe('hits whose URL leaves the site', () => {
  const offSite = ['//evil.example/slash', '/\\evil.example/backslash', '/\t/evil.example/tab'];
  const titled = (path: string, lvl1: string, position = 0) =>
    rec({path, type: 'lvl1', lvl0: 'Docs', lvl1: `Offsitecheck ${lvl1}`, position});
  const records = [
    titled('/kept', 'kept'),
    ...offSite.map((path, position) => titled(path, 'off site', position)),
    {...titled('/other', 'other host'), url: 'https://evil.example/other'},
  ];
  let double: HttpDouble | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  const urls = async (client: ReturnType<typeof createSearchClient>) => {
    const {results} = await client.search(docSearchBody('offsitecheck'));
    return (results[0] as unknown as SearchResponse).hits.map((hit) => hit.url);
  };

  it('embedded: a tampered index file', async () => {
    const client = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/i.json',
      fetch: async () => answer(200, () => JSON.parse(serializeIndex(records))),
      siteOrigin: SITE,
    });
    expect(await urls(client)).toEqual([`${SITE}/kept`]);
  });

  it('hosted: a poisoned record, also for the /search page', async () => {
    double = await algoliaOver(records);
    const client = hostedClient(double.port, SITE);
    expect(await urls(client)).toEqual([`${SITE}/kept`]);
    const helper = algoliasearchHelper(client as never, 'docs-fsc');
    const hits = await new Promise<SearchResponse['hits']>((resolve, reject) => {
      helper.on('result', ({results: r}) => resolve((r as unknown as SearchResponse).hits));
      helper.on('error', ({error}) => reject(error as Error));
      helper.setQuery('offsitecheck').search();
    });
    expect(hits.map((hit) => hit.url)).toEqual([`${SITE}/kept`]);
  });
});

describe('indexUrlFromMeta', () => {
  it('reads the meta tag the build adds, or gives an empty string', () => {
    const doc = (content: string | null) => ({
      querySelector: (selector: string) =>
        selector === 'meta[name="fsc:search-index"]' && content !== null
          ? ({
              getAttribute: (name: string) => (name === 'content' ? content : null),
            } as unknown as Element)
          : null,
    });
    expect(indexUrlFromMeta(doc('/search-index.0a1b2c3d.json'))).toBe(
      '/search-index.0a1b2c3d.json',
    );
    expect(indexUrlFromMeta(doc(null))).toBe('');
  });
});
