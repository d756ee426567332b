/**
 * The part of `fetch` search's readers use: the embedded requester (embeddedRequester.ts), the
 * sharded index's reader (shardedSearch.ts), which the requester loads, and their tests. A module
 * of its own, so that the reader need not import the requester that imports it.
 */
export type FetchLike = (
  url: string,
  init?: {headers?: Record<string, string>; cache?: RequestCache; signal?: AbortSignal},
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}>;
