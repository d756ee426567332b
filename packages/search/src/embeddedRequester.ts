/**
 * A `Requester` for algoliasearch's `liteClient` that answers the search API
 * from the embedded engine instead of the network.
 *
 * On a built site it answers from the sharded index (shardedSearch.ts, issue 38): the manifest and
 * the table are fetched on the first request or preload, then each query fetches the postings and
 * the hits' text it needs, and gives the client the prior's rows of its words (priorOf). In the
 * browser (`worker`) that reader runs in a Web Worker (shardWorker.ts), off the page's main
 * thread. Without a manifest (the development server) it answers from the whole index file, loaded
 * on the first request only (in the development server: again whenever the index changes). Either
 * reader's code loads only then (a dynamic `import()`, or the worker's own script), so that it
 * stays out of the first page load. A failed fetch answers like an unreachable host (`status: 0`),
 * so the client throws its own `RetryError` (DocSearch then shows 'Unable to fetch results'); the
 * next request tries again. A fetch that hangs fails the same way after `loadTimeoutMs`.
 */
import type {EndRequest, Requester, Response} from '@algolia/client-common';
import type {FetchLike} from './fetchLike';
import {
  fetchIndexFile,
  indexFileFetch,
  isIndexGone,
  IndexLoadError,
  withEarlyFile,
} from './indexFetch';
import {versionUrlOf} from './indexFileFormat';
import {requestParams} from './params';
import {openShardsInWorker} from './shardWorkerClient';
import type {PriorOf} from './queryPrior';
import type {MultiQueryBody, MultiQueryRequest, MultiQueryResponse, SearchResponse} from './types';

export type {FetchLike};

export interface EmbeddedRequesterOptions {
  /** Returns the index file URL (e.g. read from `<meta name="fsc:search-index">`). */
  indexUrl: () => string;
  /**
   * Returns the sharded index's manifest URL (`<meta name="fsc:search-shards">`), or '' when there
   * is none: then the whole index file answers. Unset, the whole index file always answers.
   */
  shardsUrl?: () => string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /**
   * Run the sharded index's reader in a Web Worker (shardWorker.ts), off the page's main thread:
   * the built site in a browser. The worker fetches with the global `fetch`, so `fetch` above is
   * then the page's own fetches only (the manifest, the development index's version).
   */
  worker?: boolean;
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
  priorOf?(): Promise<PriorOf | null>;
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
   * The sharded index, opened (manifest and table), in a worker when `worker` says so. The manifest
   * is asked for while the reader's code loads, not after it: one round trip less on the first
   * interaction.
   */
  async function shardedIndex(manifestUrl: string): Promise<Searcher> {
    const headers = {accept: 'application/json'};
    if (options.worker) {
      // Its text only: the worker parses it.
      const manifest = fetchIndexFile(fetcher(), manifestUrl, {headers, cache, timeoutMs}, (r) =>
        r.text(),
      );
      manifest.catch(() => {}); // handled when the worker's client asks for it
      return openShardsInWorker(manifestUrl, manifest, timeoutMs);
    }
    const manifest = fetchFile(manifestUrl, {headers});
    manifest.catch(() => {}); // handled when the reader asks for it
    const {createShardedSearch} = await import(
      /* webpackChunkName: "search-shards" */ './shardedSearch'
    );
    const reader = createShardedSearch({
      manifestUrl,
      fetch: withEarlyFile(manifestUrl, manifest, fetchFile),
    });
    await reader.open();
    return reader;
  }

  function load(): Promise<Searcher> {
    if (!loading) {
      const shards = options.shardsUrl?.() ?? '';
      const attempt = (async () => (shards ? shardedIndex(shards) : wholeIndex(indexUrl())))();
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
