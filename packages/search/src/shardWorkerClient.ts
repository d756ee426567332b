/**
 * The page's side of the sharded reader's worker (shardWorker.ts): a reader with the sharded
 * reader's `search` and `priorOf`, each call a message to the worker and its answer. The embedded
 * requester uses it on a built site in the browser, so that opening the index and ranking a query
 * (tens of milliseconds of CPU on a phone) no longer hold up the page's input and paint.
 */
import type {ShardOpener} from './embeddedRequester';
import {IndexLoadError} from './indexFetch';
import type {PriorOf, QueryPrior} from './queryPrior';
import type {MultiQueryRequest, SearchResponse} from './types';

export type ShardWorkerRequest = {id: number} &
  /** `early`: the files the page fetched while the worker's code loaded, each URL and its text. */
  (
    | {type: 'open'; manifestUrl: string; early: [string, string][]; timeoutMs: number}
    | {type: 'search'; requests: readonly MultiQueryRequest[]}
    | {type: 'prior'; query: string}
  );

export type ShardWorkerReply =
  | {id: number; value: unknown}
  | {id: number; error: {message: string; loadError: boolean; status?: number}};

type Call = {resolve(value: unknown): void; reject(error: Error): void};
type Question = ShardWorkerRequest extends infer R
  ? R extends ShardWorkerRequest
    ? Omit<R, 'id'>
    : never
  : never;

type Ask = <T>(question: Question) => Promise<T>;

/** The page's one worker while its code runs; a worker whose code did not load is forgotten. */
let running: Ask | null = null;

function startWorker(): Ask {
  // The chunk's name gives the worker a runtime of its own: without it Rspack 1 panics
  // ("RuntimeIdRuntimeModule must be in a single runtime").
  const worker = new Worker(
    /* webpackChunkName: "search-shards-worker" */ new URL('./shardWorker.ts', import.meta.url),
    {type: 'module', name: 'search-shards'},
  );
  const calls = new Map<number, Call>();
  let nextId = 0;
  let broken: Error | null = null;

  worker.onmessage = ({data: reply}: MessageEvent<ShardWorkerReply>) => {
    const call = calls.get(reply.id);
    calls.delete(reply.id);
    if (!call) return;
    if ('error' in reply) {
      const {message, loadError, status} = reply.error;
      call.reject(loadError ? new IndexLoadError(message, status) : new Error(message));
    } else call.resolve(reply.value);
  };
  const ask: Ask = <T>(question: Question) => {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, {resolve: resolve as (value: unknown) => void, reject});
      worker.postMessage({...question, id} as ShardWorkerRequest);
    });
  };
  worker.onerror = (event) => {
    event.preventDefault();
    broken = new Error(`search shards worker: ${event.message || 'its code did not load'}`);
    for (const call of calls.values()) call.reject(broken);
    calls.clear();
    worker.terminate();
    if (running === ask) running = null;
  };
  return ask;
}

/**
 * Opens the sharded index in the page's worker (started on the first call, so that its code loads
 * while the page fetches the manifest and the table), given their text. A failure to fetch a file
 * rejects as an IndexLoadError with its status, as the reader in the caller's thread would, and
 * the next call opens the index again in the same worker; a worker whose code cannot load (a newer
 * release removed it) rejects, and the next call starts another. The worker fetches the other
 * files with its own `fetch`, not `fetchFile`.
 */
export const openShardsInWorker: ShardOpener = async ({manifestUrl, early, timeoutMs}) => {
  running ??= startWorker();
  const ask = running;
  const files = await Promise.all(
    [...early].map(async ([url, text]): Promise<[string, string]> => [url, await text]),
  );
  const {prior} = await ask<{prior: boolean}>({type: 'open', manifestUrl, early: files, timeoutMs});
  const priorOf: PriorOf | null = prior ? (query) => ask<QueryPrior>({type: 'prior', query}) : null;
  return {
    search: (requests) => ask<SearchResponse[]>({type: 'search', requests}),
    priorOf: async () => priorOf,
  };
};
