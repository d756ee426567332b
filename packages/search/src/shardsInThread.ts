/**
 * The sharded index's reader in the caller's own thread: for Node (the tests, benchmarks and tools
 * that search a built site's shards), which has no worker to give it. The page runs it in a worker
 * instead (shardWorkerClient.ts), so that its bundle holds no path to the reader outside the
 * worker's chunk; the embedded requester is handed one or the other (its `shards.open`).
 */
import type {ShardOpener} from './embeddedRequester';
import {withEarlyFiles} from './indexFetch';
import {createShardedSearch} from './shardedSearch';

/** Opens the sharded index here, taking the files fetched early from their text. */
export const openShardsInThread: ShardOpener = async ({manifestUrl, early, fetchFile}) => {
  const reader = createShardedSearch({manifestUrl, fetch: withEarlyFiles(early, fetchFile)});
  await reader.open();
  return reader;
};
