/**
 * The one search client of the site: a real algoliasearch `liteClient`.
 *
 * - embedded (default): answered in the browser by the embedded engine via a
 *   custom requester and a single placeholder host;
 * - hosted: the plain client talking to Algolia.
 */
import {createMemoryCache, createNullCache, type ClientOptions} from '@algolia/client-common';
import {liteClient, type LiteClient} from 'algoliasearch/lite';
import {INDEX_META_NAME} from './indexFormat';
import {createEmbeddedRequester, type FetchLike} from './embeddedRequester';
import {questionParams} from './questionRules';

export {INDEX_META_NAME};

export type SearchClientConfig =
  | {
      mode: 'embedded';
      /** Returns the index file URL; called on the first search. */
      indexUrl: () => string;
      fetch?: FetchLike;
      /** Development server: load the index again when it changes (see embeddedRequester.ts). */
      followChanges?: boolean;
    }
  | {
      mode: 'hosted';
      appId: string;
      apiKey: string;
      /** e.g. `hosts` for tests. */
      options?: ClientOptions;
    };

/** Placeholders: the client refuses empty credentials; nothing is sent anywhere. */
const EMBEDDED_APP_ID = 'embedded';
const EMBEDDED_API_KEY = 'local';

export type SearchClient = LiteClient & {
  /** Embedded mode: load the index now (e.g. when the modal opens). No-op when hosted. */
  preload(): Promise<void>;
};

type SearchArguments = Parameters<LiteClient['search']>;

/** One request with the question parameters added; a parameter the caller set itself wins. */
function withQuestionParams<R extends Record<string, unknown>>(request: R): R {
  const nested =
    request.params && typeof request.params === 'object'
      ? (request.params as Record<string, unknown>)
      : null;
  const own = nested ?? request;
  const query = typeof own.query === 'string' ? own.query : '';
  const merged = {...questionParams(query), ...own};
  return nested ? {...request, params: merged} : (merged as R);
}

/**
 * Every search, whichever back end answers it, carries the question parameters (questionRules.ts).
 * Accepts both shapes liteClient takes: `{requests}` (DocSearch) and the legacy array
 * (algoliasearch-helper, on the search page).
 */
function applyQuestionRules(client: LiteClient): LiteClient {
  const search = client.search.bind(client);
  client.search = ((...[params, options]: SearchArguments) => {
    const rewritten = Array.isArray(params)
      ? params.map((request) => withQuestionParams(request as Record<string, unknown>))
      : {
          ...params,
          requests: params.requests.map((request) =>
            withQuestionParams(request as Record<string, unknown>),
          ),
        };
    return search(rewritten as SearchArguments[0], options);
  }) as LiteClient['search'];
  return client;
}

export function createSearchClient(config: SearchClientConfig): SearchClient {
  if (config.mode === 'hosted') {
    const client = applyQuestionRules(liteClient(config.appId, config.apiKey, config.options));
    return Object.assign(client, {preload: () => Promise.resolve()});
  }
  const requester = createEmbeddedRequester({
    indexUrl: config.indexUrl,
    followChanges: config.followChanges ?? false,
    ...(config.fetch ? {fetch: config.fetch} : {}),
  });
  const client = applyQuestionRules(
    liteClient(EMBEDDED_APP_ID, EMBEDDED_API_KEY, {
      requester,
      hosts: [{url: 'local.invalid', accept: 'readWrite', protocol: 'https'}],
      hostsCache: createMemoryCache(),
      // The client keeps every answer for the page's life; the development index changes under it.
      ...(config.followChanges ? {responsesCache: createNullCache()} : {}),
    }),
  );
  return Object.assign(client, {preload: () => requester.preload()});
}

/** The index URL the build wrote into every page (empty when absent, e.g. a page saved without it). */
export function indexUrlFromMeta(doc: Pick<Document, 'querySelector'> = document): string {
  return doc.querySelector(`meta[name="${INDEX_META_NAME}"]`)?.getAttribute('content') ?? '';
}
