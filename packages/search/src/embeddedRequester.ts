/**
 * A `Requester` for algoliasearch's `liteClient` that answers the search API
 * from the embedded engine instead of the network.
 *
 * The index file and the engine (MiniSearch) are loaded on the first request
 * only (in the development server: again whenever the index changes), the engine through a dynamic `import()` so that it stays out of the
 * first page load. A failed load answers like an unreachable host
 * (`status: 0`), so the client throws its own `RetryError` (DocSearch then
 * shows 'Unable to fetch results'); the next request tries the load again. A load that hangs fails
 * the same way after `loadTimeoutMs`.
 */
import type {EndRequest, Requester, Response} from '@algolia/client-common';
import type {SearchEngine} from './engine';
import {versionUrlOf} from './indexFileFormat';
import {requestParams} from './params';
import type {MultiQueryBody, MultiQueryRequest, MultiQueryResponse} from './types';

export type FetchLike = (
  url: string,
  init?: {headers?: Record<string, string>; cache?: RequestCache; signal?: AbortSignal},
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}>;

export interface EmbeddedRequesterOptions {
  /** Returns the index file URL (e.g. read from `<meta name="fsc:search-index">`). */
  indexUrl: () => string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Reports load failures (defaults to `console.error`). */
  onLoadError?: (error: unknown) => void;
  /**
   * Development server only: the index changes while the page is open. Before each answer the
   * version file (indexFileFormat.ts `versionUrlOf`) is read; a new version loads the index again.
   */
  followChanges?: boolean;
  /** How long a load may take before it counts as failed (default LOAD_TIMEOUT_MS). */
  loadTimeoutMs?: number;
  /**
   * The index file is gone (404 or 410): the page is older than the release the server now has,
   * whose index has another name. Called with the query that needed it; the load fails as usual.
   */
  onIndexGone?: (query: string) => void;
}

/** Long enough for the index (about 107 KB gzip) on a slow phone connection; a hung load ends. */
const LOAD_TIMEOUT_MS = 20_000;

/** A failed load of the index file, with the HTTP status when there was an answer. */
class IndexLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IndexLoadError';
  }
}

export interface EmbeddedRequester extends Requester {
  /** Loads the index now (e.g. on the first hover of the search button). */
  preload(): Promise<void>;
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
  let loading: Promise<SearchEngine> | null = null;
  let loadedVersion: string | null = null;
  // Only the development index changes under a page; the browser must not answer from its cache.
  const cache: RequestCache = options.followChanges ? 'no-store' : 'default';

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

  /** The index, or a rejection after `timeoutMs` (the fetch is aborted then). */
  async function fetchIndex(timeoutMs: number): Promise<SearchEngine> {
    const url = indexUrl();
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new IndexLoadError(`search index ${url}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([
        timeout,
        (async () => {
          const [mod, response] = await Promise.all([
            import(/* webpackChunkName: "search-engine" */ './engineFromIndexFile'),
            fetcher()(url, {headers: {accept: 'application/json'}, cache, signal: abort.signal}),
          ]);
          if (!response.ok) {
            throw new IndexLoadError(
              `search index ${url}: HTTP ${response.status}`,
              response.status,
            );
          }
          return mod.engineFromIndexFile(await response.json());
        })(),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  function load(): Promise<SearchEngine> {
    if (!loading) {
      const attempt = fetchIndex(options.loadTimeoutMs ?? LOAD_TIMEOUT_MS);
      loading = attempt;
      // Forget a failed attempt so that the next request loads again.
      attempt.catch((error: unknown) => {
        if (loading === attempt) loading = null;
        (options.onLoadError ?? ((e: unknown) => console.error('[search]', e)))(error);
      });
    }
    return loading;
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

    let engine: SearchEngine;
    try {
      if (options.followChanges) await followChanges();
      engine = await load();
    } catch (error) {
      if (error instanceof IndexLoadError && (error.status === 404 || error.status === 410)) {
        const [first] = body.requests;
        options.onIndexGone?.(typeof first?.query === 'string' ? first.query : '');
      }
      return UNREACHABLE;
    }

    try {
      const results = body.requests.map((entry: MultiQueryRequest) => {
        if (entry.type === 'facet') {
          throw new Error('searchForFacetValues is not supported by the embedded search index');
        }
        return engine.search(requestParams(entry), entry.indexName);
      });
      const answer: MultiQueryResponse = {results};
      return json(200, answer);
    } catch (e) {
      return apiError(400, (e as Error).message);
    }
  }

  return {
    send,
    async preload() {
      await load();
    },
  };
}
