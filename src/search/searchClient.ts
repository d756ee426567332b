/**
 * The one search client of the site: a real algoliasearch `liteClient`.
 *
 * - embedded (default): answered in the browser by the embedded engine via a
 *   custom requester and a single placeholder host;
 * - hosted: the plain client talking to Algolia.
 */
import { createMemoryCache, type ClientOptions } from '@algolia/client-common';
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import { INDEX_META_NAME } from './constants';
import { createEmbeddedRequester, type FetchLike } from './embeddedRequester';

export { INDEX_META_NAME };

export type SearchClientConfig =
  | {
      mode: 'embedded';
      /** Returns the index file URL; called on the first search. */
      indexUrl: () => string;
      fetch?: FetchLike;
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

export function createSearchClient(config: SearchClientConfig): SearchClient {
  if (config.mode === 'hosted') {
    const client = liteClient(config.appId, config.apiKey, config.options);
    return Object.assign(client, { preload: () => Promise.resolve() });
  }
  const requester = createEmbeddedRequester({
    indexUrl: config.indexUrl,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  const client = liteClient(EMBEDDED_APP_ID, EMBEDDED_API_KEY, {
    requester,
    hosts: [{ url: 'local.invalid', accept: 'readWrite', protocol: 'https' }],
    hostsCache: createMemoryCache(),
  });
  return Object.assign(client, { preload: () => requester.preload() });
}

/** The index URL the build wrote into every page (empty when absent, e.g. `docusaurus start`). */
export function indexUrlFromMeta(doc: Pick<Document, 'querySelector'> = document): string {
  return doc.querySelector(`meta[name="${INDEX_META_NAME}"]`)?.getAttribute('content') ?? '';
}
