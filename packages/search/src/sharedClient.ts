/**
 * The one search client the DocSearch modal and the /search page share, made from the site's
 * search config (config/search.ts) on first use.
 */
import type {SearchConfig} from './searchConfig';
import {isSearchModalOpen, reloadForNewRelease} from './newRelease';
import {
  createSearchClient,
  indexUrlFromMeta,
  shardsTableUrlFromMeta,
  shardsUrlFromMeta,
  type SearchClient,
} from './algoliaClient';
import {PRIOR_META_NAME, readPriorFile, type QueryPrior} from './queryPrior';
import {openShardsInWorker} from './shardWorkerClient';

/** `http://127.0.0.1:1234` -> the client's host shape (test configuration only). */
function toHost(address: string) {
  const url = new URL(address);
  return {
    url: url.host,
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    accept: 'readWrite' as const,
  };
}

let client: SearchClient | undefined;

/**
 * The query-to-page prior the build named in the page's meta tag (none when it was built with
 * SEARCH_PRIOR=off): fetched once, in embedded and hosted mode alike.
 */
async function loadPriorFromMeta(): Promise<QueryPrior | null> {
  const url = document.querySelector(`meta[name="${PRIOR_META_NAME}"]`)?.getAttribute('content');
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return readPriorFile(await response.text());
}

/**
 * One client for the modal and the search page, created on first use from the build's search
 * config. In embedded mode it finds the index through the page's meta tags: the build's sharded
 * index (its manifest's and table's content-hashed names), read in a Web Worker so that its CPU
 * (opening the index, ranking) is off the page's main thread, or in the development server the
 * whole index it keeps current while docs change. A file of the index that is gone means a newer
 * release is deployed: the page reloads once (newRelease.ts).
 * Hits whose URL leaves the site (`siteUrl`, the origin its records are written for) are dropped.
 * The first pages of hits are re-ordered by the build's query-to-page prior (queryPrior.ts).
 */
export function getSharedClient(config: SearchConfig, siteUrl: string): SearchClient {
  const siteOrigin = new URL(siteUrl).origin;
  client ??=
    config.mode === 'embedded'
      ? createSearchClient({
          mode: 'embedded',
          siteOrigin,
          loadPrior: loadPriorFromMeta,
          indexUrl: () => indexUrlFromMeta(),
          shards: {
            manifestUrl: () => shardsUrlFromMeta(),
            tableUrl: () => shardsTableUrlFromMeta(),
            open: openShardsInWorker,
          },
          followChanges: process.env.NODE_ENV === 'development',
          onIndexGone: (query) => reloadForNewRelease(isSearchModalOpen() ? query : undefined),
        })
      : createSearchClient({
          mode: 'hosted',
          siteOrigin,
          loadPrior: loadPriorFromMeta,
          appId: config.appId,
          apiKey: config.apiKey,
          options: config.hosts ? {hosts: config.hosts.map(toHost)} : undefined,
        });
  return client;
}
