/**
 * How search fetches a file of its index (the whole index file, the sharded index's manifest and
 * shards): the body read within a timeout, and any failure one error that keeps the HTTP status,
 * so that a file that is gone (404, 410: a newer release) can be told from a network failure.
 * The embedded requester fetches with it on the page, and the sharded reader's worker in its own
 * thread (shardWorker.ts).
 */
import type {FetchLike} from './fetchLike';

/** A failed fetch of a file of the index, with the HTTP status when there was an answer. */
export class IndexLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IndexLoadError';
  }
}

/** Whether a failed fetch says the file is gone from the server (a deploy renamed it). */
export function isIndexGone(error: unknown): boolean {
  return error instanceof IndexLoadError && (error.status === 404 || error.status === 410);
}

type FetchResponse = Awaited<ReturnType<FetchLike>>;

/**
 * A file of the index, its body read by `read` within `timeoutMs` (the fetch is aborted then); any
 * failure is an IndexLoadError, with the status when the server answered.
 */
export async function fetchIndexFile<T>(
  doFetch: FetchLike,
  url: string,
  init: {headers?: Record<string, string>; cache: RequestCache; timeoutMs: number},
  read: (response: FetchResponse) => Promise<T>,
): Promise<T> {
  const {cache, timeoutMs, headers} = init;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await doFetch(url, {headers, cache, signal: abort.signal});
    if (!response.ok)
      throw new IndexLoadError(`search index ${url}: HTTP ${response.status}`, response.status);
    return await read(response);
  } catch (error) {
    if (error instanceof IndexLoadError) throw error;
    throw new IndexLoadError(
      abort.signal.aborted
        ? `search index ${url}: no answer within ${timeoutMs} ms`
        : `search index ${url}: ${(error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON file's value as the response of a FetchLike. */
function valueResponse(value: unknown, text: () => string): FetchResponse {
  return {ok: true, status: 200, json: async () => value, text: async () => text()};
}

/** A FetchLike of the index's JSON files, each parsed within its fetch (fetchIndexFile). */
export function indexFileFetch(
  doFetch: () => FetchLike,
  cache: RequestCache,
  timeoutMs: number,
): FetchLike {
  return (url, init) =>
    fetchIndexFile(doFetch(), url, {...init, cache, timeoutMs}, async (response) => {
      const value = await response.json();
      return valueResponse(value, () => JSON.stringify(value));
    });
}

/** A file's text, fetched elsewhere, as a FetchLike's response; text that is no JSON is an IndexLoadError. */
async function textResponse(url: string, text: string): Promise<FetchResponse> {
  try {
    return valueResponse(JSON.parse(text), () => text);
  } catch (error) {
    throw new IndexLoadError(`search index ${url}: ${(error as Error).message}`);
  }
}

/**
 * `fetchFile`, except that the first fetch of each URL of `early` takes its text, that file asked
 * for before the reader's code had loaded (the manifest and the table: the first interaction's
 * files in one round trip, not after the code and each other).
 */
export function withEarlyFiles(
  early: ReadonlyMap<string, Promise<string>>,
  fetchFile: FetchLike,
): FetchLike {
  const waiting = new Map(early);
  return (url, init) => {
    const text = waiting.get(url);
    if (text === undefined) return fetchFile(url, init);
    waiting.delete(url);
    return text.then((body) => textResponse(url, body));
  };
}
