import type {LiteClient} from 'algoliasearch/lite';
import type {SearchConfig} from '../../config/search';
import {createSearchClient} from './searchClient';

/** The `<meta>` tag the search-index plugin adds to every page, naming the content-hashed index file. */
export const INDEX_META_NAME = 'fsc:search-index';

function indexUrlFromPage(): string {
  const url = document.querySelector<HTMLMetaElement>(`meta[name="${INDEX_META_NAME}"]`)?.content;
  if (!url) {
    // Development server (no post-build step) or a page from an older build: the requester turns
    // this into a failed load, and the search UI shows its error state.
    throw new Error('This page names no search index: search works on a production build (npm run build).');
  }
  return url;
}

/** `http://127.0.0.1:1234` -> the client's host shape (test configuration only). */
function toHost(address: string) {
  const url = new URL(address);
  return {url: url.host, protocol: url.protocol.replace(':', '') as 'http' | 'https', accept: 'readWrite' as const};
}

let client: LiteClient | undefined;

/** One client for the modal and the search page, created on first use from the build's search config. */
export function getSiteSearchClient(config: SearchConfig): LiteClient {
  client ??=
    config.mode === 'embedded'
      ? createSearchClient({mode: 'embedded', indexUrl: indexUrlFromPage})
      : createSearchClient({
          mode: 'hosted',
          appId: config.appId,
          apiKey: config.apiKey,
          options: config.hosts ? {hosts: config.hosts.map(toHost)} : undefined,
        });
  return client;
}
