/**
 * A fetch over files that records what a reader of the sharded index asked for: the files, their
 * bytes gzipped (as the server sends them), and the round trips in sequence (a request's depth is
 * one more than the deepest request that had finished when it started: requests made together,
 * before any answer, count as one round trip).
 */
import {gzipSync} from 'node:zlib';
import type {FetchLike} from '../src/embeddedRequester';

export interface FetchRecord {
  urls: string[];
  gzipBytes: number;
  roundTrips: number;
}

export function recordingFetch(read: (url: string) => string | null): {
  fetch: FetchLike;
  /** What was fetched since the last call (or since the start). */
  take(): FetchRecord;
} {
  let record: FetchRecord = {urls: [], gzipBytes: 0, roundTrips: 0};
  let finishedDepth = 0;
  const fetch: FetchLike = async (url) => {
    const depth = finishedDepth + 1;
    record.urls.push(url);
    record.roundTrips = Math.max(record.roundTrips, depth);
    // An answer arrives after the requests made before it in the same turn have started.
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishedDepth = Math.max(finishedDepth, depth);
    const text = read(url);
    if (text !== null) record.gzipBytes += gzipSync(text).length;
    return {
      ok: text !== null,
      status: text === null ? 404 : 200,
      json: async () => JSON.parse(text ?? 'null') as unknown,
      text: async () => text ?? '',
    };
  };
  return {
    fetch,
    take() {
      const taken = record;
      record = {urls: [], gzipBytes: 0, roundTrips: 0};
      finishedDepth = 0;
      return taken;
    },
  };
}
