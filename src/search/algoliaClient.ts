/**
 * The Algolia-shaped search client: a real algoliasearch lite client (`liteClient`), for either
 * back end. The site makes one instance (sharedClient.ts); the MCP server makes its own.
 *
 * - embedded (default): answered in the browser by the embedded engine via a
 *   custom requester and a single placeholder host;
 * - hosted: the plain client talking to Algolia.
 */
import {createMemoryCache, createNullCache, type ClientOptions} from '@algolia/client-common';
import {liteClient, type LiteClient} from 'algoliasearch/lite';
import {INDEX_META_NAME} from './indexFileFormat';
import {
  createEmbeddedRequester,
  type EmbeddedRequesterOptions,
  type FetchLike,
} from './embeddedRequester';
import {questionParams} from './questionRules';
import {requestTags, safeResult, type CallerTags} from './safeHighlights';

export type SearchClientConfig =
  | ({
      mode: 'embedded';
      /** Returns the index file URL; called on the first search. */
      indexUrl: () => string;
      fetch?: FetchLike;
      /** Development server: load the index again when it changes (see embeddedRequester.ts). */
      followChanges?: boolean;
    } & Pick<EmbeddedRequesterOptions, 'loadTimeoutMs' | 'onIndexGone'>)
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
type Request = Record<string, unknown>;

/**
 * One request as the back end gets it, the question parameters added (a parameter the caller set
 * itself wins); with the highlight tags it asks for, which the answer's values are escaped around.
 */
function prepareRequest(request: Request): {request: Request; tags: CallerTags} {
  const nested =
    request.params && typeof request.params === 'object' ? (request.params as Request) : null;
  const own = nested ?? request;
  const query = typeof own.query === 'string' ? own.query : '';
  const params = {...questionParams(query), ...own};
  return {request: nested ? {...request, params} : params, tags: requestTags(params)};
}

/**
 * Every search, whichever back end answers it, carries the question parameters (questionRules.ts)
 * and comes back with its highlights and snippets escaped (safeHighlights.ts). Accepts both shapes
 * liteClient takes: `{requests}` (DocSearch) and the legacy array (algoliasearch-helper, on the
 * search page).
 */
function wrapSearch(client: LiteClient): LiteClient {
  const search = client.search.bind(client);
  client.search = (async (...[params, options]: SearchArguments) => {
    const requests = (Array.isArray(params) ? params : params.requests) as Request[];
    const prepared = requests.map(prepareRequest);
    const sent = prepared.map((entry) => entry.request);
    const answer = await search(
      (Array.isArray(params) ? sent : {...params, requests: sent}) as SearchArguments[0],
      options,
    );
    return {
      ...answer,
      results: answer.results.map((result, i) =>
        prepared[i] ? safeResult(result, prepared[i].tags) : result,
      ),
    };
  }) as LiteClient['search'];
  return client;
}

export function createSearchClient(config: SearchClientConfig): SearchClient {
  if (config.mode === 'hosted') {
    const client = wrapSearch(liteClient(config.appId, config.apiKey, config.options));
    return Object.assign(client, {preload: () => Promise.resolve()});
  }
  const {mode: _mode, ...requesterOptions} = config;
  const requester = createEmbeddedRequester({
    ...requesterOptions,
    followChanges: config.followChanges ?? false,
  });
  const client = wrapSearch(
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
