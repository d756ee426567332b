/**
 * A `Requester` for algoliasearch's `liteClient` that answers the search API
 * from the embedded engine instead of the network.
 *
 * On a built site it answers from the sharded index (shardedSearch.ts, issue 38): the manifest and
 * the table are fetched at once on the first request or preload, then each query fetches the
 * postings and the hits' text it needs, and gives the client the prior's rows of its words
 * (priorOf). The caller says where that reader runs (`shards.open`): in a Web Worker on the page
 * (shardWorkerClient.ts), in its own thread under Node (shardsInThread.ts), so that the page's
 * bundle has no path to the reader's code outside its worker. Without a manifest (the development
 * server) it answers from the whole index file, loaded on the first request only (in the
 * development server: again whenever the index changes). Either reader's code loads only then (a
 * dynamic `import()`, or the worker's own script), so that it stays out of the first page load.
 * A failed fetch answers like an unreachable host (`status: 0`), so the client throws its own
 * `RetryError` (DocSearch then shows 'Unable to fetch results'); the next request tries again. A
 * fetch that hangs fails the same way after `loadTimeoutMs`.
 */
import type {EndRequest, Requester, Response} from '@algolia/client-common';
import type {FetchLike} from './fetchLike';
import {fetchIndexFile, indexFileFetch, isIndexGone, IndexLoadError} from './indexFetch';
import {versionUrlOf} from './indexFileFormat';
import {requestParams} from './params';
import type {PriorOf} from './queryPrior';
import type {ShardedSearch} from './shardedSearch';
import type {MultiQueryBody, MultiQueryRequest, MultiQueryResponse, SearchResponse} from './types';

export type {FetchLike};

/** What the embedded requester asks of a sharded reader, in the caller's thread or a worker. */
export type ShardReader = Pick<ShardedSearch, 'search' | 'priorOf'>;

/** What opening the sharded index is given. */
export interface ShardsToOpen {
  manifestUrl: string;
  /** The files asked for before the reader's code loaded (the manifest and the table), by URL: their text. */
  early: ReadonlyMap<string, Promise<string>>;
  /** Fetches the other files: the requester's `fetch`, each file parsed within `timeoutMs`. */
  fetchFile: FetchLike;
  timeoutMs: number;
}

/**
 * Opens the sharded index (shardedSearch.ts open()): a failure to fetch a file rejects with an
 * IndexLoadError that keeps its status.
 */
export type ShardOpener = (shards: ShardsToOpen) => Promise<ShardReader>;

/** Where the sharded index is and what opens it. */
export interface ShardsOptions {
  /**
   * Returns the manifest's URL (`<meta name="fsc:search-shards">`), or '' when there is none: then
   * the whole index file answers.
   */
  manifestUrl: () => string;
  /**
   * Returns the table's URL (`<meta name="fsc:search-shards-table">`), fetched beside the
   * manifest; '' when unknown: the reader then fetches it once the manifest has named it.
   */
  tableUrl: () => string;
  /**
   * The page's opener runs the reader in a Web Worker (openShardsInWorker), off its main thread,
   * fetching with the worker's global `fetch`, so the `fetch` below is then the page's own fetches
   * only (the manifest, the table, the development index's version); under Node, openShardsInThread.
   */
  open: ShardOpener;
}

export interface EmbeddedRequesterOptions {
  /** Returns the index file URL (e.g. read from `<meta name="fsc:search-index">`). */
  indexUrl: () => string;
  /** The sharded index. Unset, the whole index file always answers. */
  shards?: ShardsOptions;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Reports load failures (defaults to `console.error`). */
  onLoadError?: (error: unknown) => void;
  /**
   * Development server only: the index changes while the page is open. Before each answer the
   * version file (indexFileFormat.ts `versionUrlOf`) is read; a new version loads the index again.
   */
  followChanges?: boolean;
  /** How long a fetch may take, its body included, before it counts as failed (default LOAD_TIMEOUT_MS). */
  loadTimeoutMs?: number;
  /**
   * A file of the index is gone (404 or 410): the index file, the manifest or a shard. The page is
   * older than the release the server now has, whose files have other names. Called with the query
   * that needed it; the search fails as usual.
   */
  onIndexGone?: (query: string) => void;
}

/** Long enough for the whole index (about 107 KB gzip) on a slow phone connection; a hung fetch ends. */
const LOAD_TIMEOUT_MS = 20_000;

export interface EmbeddedRequester extends Requester {
  /** Loads what every query needs now (e.g. on the first hover of the search button). */
  preload(): Promise<void>;
  /**
   * Loads the index; then the prior of a query as the sharded index holds it, or null when the
   * index holds none (the whole index file: the development server).
   */
  priorOf(): Promise<PriorOf | null>;
}

/** What answers the requests of one body: the whole index's engine, or the sharded reader. */
interface Searcher {
  search(requests: readonly MultiQueryRequest[]): Promise<SearchResponse[]> | SearchResponse[];
  priorOf?: ShardReader['priorOf'];
}

const QUERIES_PATH = /^\/1\/indexes\/\*\/queries$/;

function json(status: number, body: unknown): Response {
  return {status, content: JSON.stringify(body), isTimedOut: false};
}

function apiError(status: number, message: string): Response {
  return json(status, {message, status});
}

const UNREACHABLE: Response = {status: 0, content: '', isTimedOut: false};

export function createEmbeddedRequester(options: EmbeddedRequesterOptions): EmbeddedRequester {
  let loading: Promise<Searcher> | null = null;
  let loadedVersion: string | null = null;
  // Only the development index changes under a page; the browser must not answer from its cache.
  const cache: RequestCache = options.followChanges ? 'no-store' : 'default';
  const timeoutMs = options.loadTimeoutMs ?? LOAD_TIMEOUT_MS;
  const report = options.onLoadError ?? ((e: unknown) => console.error('[search]', e));

  function fetcher(): FetchLike {
    const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
    if (!doFetch) throw new Error('fetch is not available');
    return doFetch;
  }

  function indexUrl(): string {
    const url = options.indexUrl();
    if (!url) throw new Error('search index URL is not known (no fsc:search-index meta tag?)');
    return url;
  }

  /** Development: forgets the loaded index when its version file names another. */
  async function followChanges(): Promise<void> {
    try {
      const response = await fetcher()(versionUrlOf(indexUrl()), {cache});
      if (!response.ok) return;
      const version = await response.text();
      if (version !== loadedVersion) {
        loadedVersion = version;
        loading = null;
      }
    } catch {
      // No version to compare: answer from the index already loaded, or load it below.
    }
  }

  const fetchFile = indexFileFetch(fetcher, cache, timeoutMs);

  /** The whole index file and the engine over it. */
  async function wholeIndex(url: string): Promise<Searcher> {
    const [mod, response] = await Promise.all([
      import(/* webpackChunkName: "search-engine" */ './engineFromIndexFile'),
      fetchFile(url, {headers: {accept: 'application/json'}}),
    ]);
    const engine = mod.engineFromIndexFile(await response.json());
    return {
      search: (requests) =>
        requests.map((entry) => {
          if (entry.type === 'facet') {
            throw new Error('searchForFacetValues is not supported by the embedded search index');
          }
          return engine.search(requestParams(entry), entry.indexName);
        }),
    };
  }

  /**
   * The sharded index, opened by `shards.open`. The manifest and the table are asked for while the
   * reader's code loads, both at once: the first interaction's files in one round trip, where they
   * were three in sequence (the code, the manifest, then the table it names). Their text only: the
   * reader parses them, in its worker on the page.
   */
  function shardedIndex(shards: ShardsOptions, manifestUrl: string): Promise<Searcher> {
    const headers = {accept: 'application/json'};
    const early = new Map(
      [manifestUrl, shards.tableUrl()]
        .filter((url) => url !== '')
        .map((url): [string, Promise<string>] => {
          const text = fetchIndexFile(fetcher(), url, {headers, cache, timeoutMs}, (r) => r.text());
          text.catch(() => {}); // handled when the reader asks for it
          return [url, text];
        }),
    );
    return shards.open({manifestUrl, early, fetchFile, timeoutMs});
  }

  function load(): Promise<Searcher> {
    if (!loading) {
      const {shards} = options;
      const manifestUrl = shards?.manifestUrl() ?? '';
      const attempt = (async () =>
        shards && manifestUrl ? shardedIndex(shards, manifestUrl) : wholeIndex(indexUrl()))();
      loading = attempt;
      // Forget a failed attempt so that the next request loads again.
      attempt.catch((error: unknown) => {
        if (loading === attempt) loading = null;
        report(error);
      });
    }
    return loading;
  }

  /** After a failed fetch: a file that is gone is reported with the body's (first) query. */
  function failed(error: unknown, body: MultiQueryBody): Response {
    if (isIndexGone(error)) {
      const [first] = body.requests;
      options.onIndexGone?.(typeof first?.query === 'string' ? first.query : '');
    }
    return UNREACHABLE;
  }

  async function send(request: EndRequest): Promise<Response> {
    let path: string;
    try {
      path = new URL(request.url).pathname;
    } catch {
      return apiError(400, `Invalid URL ${request.url}`);
    }
    if (request.method !== 'POST' || !QUERIES_PATH.test(decodeURIComponent(path))) {
      return apiError(
        404,
        `Not found: ${request.method} ${path} is not served by the embedded search index`,
      );
    }
    let body: MultiQueryBody;
    try {
      body = JSON.parse(request.data ?? '') as MultiQueryBody;
      if (!body || !Array.isArray(body.requests)) throw new Error('`requests` is missing');
    } catch (e) {
      return apiError(400, `Invalid body: ${(e as Error).message}`);
    }

    let searcher: Searcher;
    try {
      if (options.followChanges) await followChanges();
      searcher = await load();
    } catch (error) {
      return failed(error, body);
    }

    try {
      const answer: MultiQueryResponse = {results: await searcher.search(body.requests)};
      return json(200, answer);
    } catch (e) {
      // A shard that could not be fetched; the reader fetches it again for the next query.
      if (e instanceof IndexLoadError) {
        report(e);
        return failed(e, body);
      }
      return apiError(400, (e as Error).message);
    }
  }

  return {
    send,
    async preload() {
      await load();
    },
    async priorOf() {
      return (await (await load()).priorOf?.()) ?? null;
    },
  };
}
