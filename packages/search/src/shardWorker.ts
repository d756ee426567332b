/**
 * The sharded index's reader in a Web Worker of its own (issue 38): opening the index (the
 * dictionary, the synonyms, the ranker over the table), each query's ranking and the parsing of
 * every file it fetches run here, off the page's main thread, which keeps only the search UI. The
 * page's side is shardWorkerClient.ts, which the embedded requester asks as it would the reader.
 *
 * Messages (ShardWorkerRequest, ShardWorkerReply in shardWorkerClient.ts) carry an id; each is
 * answered once, with the value or the error, whose status survives (a file that is gone).
 */
import {IndexLoadError, indexFileFetch, withEarlyFiles} from './indexFetch';
import type {PriorOf} from './queryPrior';
import {createShardedSearch, type ShardedSearch} from './shardedSearch';
import type {ShardWorkerReply, ShardWorkerRequest} from './shardWorkerClient';

// The worker's global scope, typed by hand: the project's `lib` is the page's (DOM), not WebWorker.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ShardWorkerRequest>) => void) | null;
  postMessage(message: ShardWorkerReply): void;
};

let reader: ShardedSearch | null = null;
let priorOf: PriorOf | null = null;

async function answer(request: ShardWorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'open': {
      const {manifestUrl, early, timeoutMs} = request;
      // The page fetched the manifest and the table while this worker's code loaded: they are read
      // from that text.
      const fetchFile = indexFileFetch(() => fetch, 'default', timeoutMs);
      const texts = new Map(early.map(([url, text]) => [url, Promise.resolve(text)]));
      reader = createShardedSearch({manifestUrl, fetch: withEarlyFiles(texts, fetchFile)});
      await reader.open();
      priorOf = await reader.priorOf();
      return {prior: priorOf !== null};
    }
    case 'search':
      return (reader as ShardedSearch).search(request.requests);
    case 'prior':
      return (priorOf as PriorOf)(request.query);
  }
}

scope.onmessage = ({data: request}) => {
  answer(request).then(
    (value) => scope.postMessage({id: request.id, value}),
    (error: unknown) =>
      scope.postMessage({
        id: request.id,
        error: {
          message: error instanceof Error ? error.message : String(error),
          loadError: error instanceof IndexLoadError,
          status: error instanceof IndexLoadError ? error.status : undefined,
        },
      }),
  );
};
