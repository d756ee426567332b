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
import {INDEX_META_NAME, SHARDS_META_NAME, SHARDS_TABLE_META_NAME} from './indexFileFormat';
import {
  createEmbeddedRequester,
  type EmbeddedRequesterOptions,
  type FetchLike,
} from './embeddedRequester';
import {fusedPage, priorWindow, type PriorOf, type QueryPrior} from './queryPrior';
import {questionParams} from './questionRules';
import {requestTags, safeResult, type CallerTags} from './safeHighlights';
import {urlOnSite} from './siteUrl';

export type SearchClientConfig = (
  | ({
      mode: 'embedded';
      /** Returns the index file URL; called on the first search. */
      indexUrl: () => string;
      fetch?: FetchLike;
      /** Development server: load the index again when it changes (see embeddedRequester.ts). */
      followChanges?: boolean;
    } & Pick<EmbeddedRequesterOptions, 'shards' | 'loadTimeoutMs' | 'onIndexGone'>)
  | {
      mode: 'hosted';
      appId: string;
      apiKey: string;
      /** e.g. `hosts` for tests. */
      options?: ClientOptions;
    }
) & {
  /**
   * The site's origin (`https://docs.example.org`): a hit whose URL leaves it is dropped (the site
   * links to hits). Unset, hits keep whatever URL the back end gave them.
   */
  siteOrigin?: string;
  /**
   * Loads the query-to-page prior (queryPrior.ts) that re-orders the first pages of hits, the whole
   * file; called once, on the first search or preload. Unset, or resolving to null, hits keep the
   * back end's order. Not called with a sharded index (`shards`), whose postings files bring the
   * rows of each query's words (shardedSearch.ts priorOf).
   */
  loadPrior?: () => Promise<QueryPrior | null>;
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

/** Algolia's page size when a request names none. */
const DEFAULT_HITS_PER_PAGE = 20;

/** The page a request asked for, when the prior re-orders it (see priorWindow). */
interface Reordered {
  query: string;
  page: number;
  hitsPerPage: number;
  window: {start: number; end: number};
}

/**
 * One request as the back end gets it, the question parameters added (a parameter the caller set
 * itself wins); with the highlight tags it asks for, which the answer's values are escaped around.
 * With a prior, a query's first pages are asked for as the window the prior re-orders.
 */
function prepareRequest(
  request: Request,
  withPrior: boolean,
): {request: Request; tags: CallerTags; reordered: Reordered | null} {
  const nested =
    request.params && typeof request.params === 'object' ? (request.params as Request) : null;
  const own = nested ?? request;
  const query = typeof own.query === 'string' ? own.query : '';
  let params: Request = {...questionParams(query), ...own};
  const page = typeof own.page === 'number' ? own.page : 0;
  const hitsPerPage = typeof own.hitsPerPage === 'number' ? own.hitsPerPage : DEFAULT_HITS_PER_PAGE;
  const window = withPrior && query.trim() ? priorWindow(page, hitsPerPage) : null;
  if (window) params = {...params, page: 0, hitsPerPage: window.hitsPerPage};
  return {
    request: nested ? {...request, params} : params,
    tags: requestTags(params),
    reordered: window ? {query, page, hitsPerPage, window} : null,
  };
}

/**
 * The page the caller asked for, cut from the re-ordered window (fusedPage), or from the window as
 * the back end ordered it when the query's prior could not be had.
 */
function reorderedPage<R>(result: R, prior: QueryPrior | null, reordered: Reordered): R {
  const {hits, nbHits} = result as {hits?: unknown; nbHits?: unknown};
  if (!Array.isArray(hits)) return result;
  const {query, page, hitsPerPage, window} = reordered;
  return {
    ...result,
    hits: prior
      ? fusedPage(hits as {url?: unknown}[], query, prior, window)
      : hits.slice(window.start, window.end),
    page,
    hitsPerPage,
    ...(typeof nbHits === 'number' ? {nbPages: Math.ceil(nbHits / hitsPerPage)} : {}),
  };
}

/**
 * One result with only the hits whose URL is a page of the site at `origin` (siteUrl.ts), each URL
 * as the parser read it: a poisoned hosted record or a tampered index file could hold one whose
 * path, `//evil.example/x`, the modal and the /search page would link to as another site.
 */
function onSiteHits<R>(result: R, origin: string): R {
  const {hits} = result as {hits?: unknown};
  if (!Array.isArray(hits)) return result;
  return {
    ...result,
    hits: hits.flatMap((hit: {url?: unknown}) => {
      const url = typeof hit?.url === 'string' ? urlOnSite(hit.url, origin) : null;
      return url ? [{...hit, url: url.href}] : [];
    }),
  };
}

/**
 * Every search, whichever back end answers it, carries the question parameters (questionRules.ts)
 * and comes back with its highlights and snippets escaped (safeHighlights.ts), given the site's
 * origin without hits that would lead off the site, and given a prior with its first pages
 * re-ordered by it (queryPrior.ts), each query's prior asked for beside its search. Accepts both
 * shapes liteClient takes: `{requests}` (DocSearch) and the legacy array (algoliasearch-helper,
 * on the search page).
 */
function wrapSearch(
  client: LiteClient,
  siteOrigin: string | undefined,
  loadPriorOf: () => Promise<PriorOf | null>,
): LiteClient {
  const search = client.search.bind(client);
  client.search = (async (...[params, options]: SearchArguments) => {
    const requests = (Array.isArray(params) ? params : params.requests) as Request[];
    const priorOf = await loadPriorOf();
    const prepared = requests.map((request) => prepareRequest(request, priorOf !== null));
    // With the sharded index, a query's rows come in the postings files its search fetches anyway.
    const priors = prepared.map(({reordered}) =>
      priorOf && reordered ? priorOf(reordered.query).catch(() => null) : null,
    );
    const sent = prepared.map((entry) => entry.request);
    const answer = await search(
      (Array.isArray(params) ? sent : {...params, requests: sent}) as SearchArguments[0],
      options,
    );
    const fused = await Promise.all(priors);
    return {
      ...answer,
      results: answer.results.map((result, i) => {
        const safe = prepared[i] ? safeResult(result, prepared[i].tags) : result;
        const onSite = siteOrigin ? onSiteHits(safe, siteOrigin) : safe;
        const reordered = prepared[i]?.reordered;
        return reordered ? reorderedPage(onSite, fused[i] ?? null, reordered) : onSite;
      }),
    };
  }) as LiteClient['search'];
  return client;
}

/** `load` called once, its failure taken as no prior (hits then keep the back end's order). */
function once(
  load: (() => Promise<QueryPrior | null>) | undefined,
): (() => Promise<QueryPrior | null>) | undefined {
  if (!load) return undefined;
  let loaded: Promise<QueryPrior | null> | undefined;
  return () => (loaded ??= load().catch(() => null));
}

export function createSearchClient(config: SearchClientConfig): SearchClient {
  const loadPrior = once(config.loadPrior);
  const preloadPrior = async () => void (await loadPrior?.());
  /** The whole prior file's table, whatever the query. */
  const wholePriorOf = async (): Promise<PriorOf | null> => {
    const prior = (await loadPrior?.()) ?? null;
    return prior && (async () => prior);
  };
  if (config.mode === 'hosted') {
    // Hosted builds write no sharded index: the whole file, loaded on the first interaction.
    const client = wrapSearch(
      liteClient(config.appId, config.apiKey, config.options),
      config.siteOrigin,
      wholePriorOf,
    );
    return Object.assign(client, {preload: preloadPrior});
  }
  const {mode: _mode, siteOrigin, loadPrior: _loadPrior, ...requesterOptions} = config;
  const requester = createEmbeddedRequester({
    ...requesterOptions,
    followChanges: config.followChanges ?? false,
  });
  const sharded = (): boolean => Boolean(config.shards?.manifestUrl());
  const client = wrapSearch(
    liteClient(EMBEDDED_APP_ID, EMBEDDED_API_KEY, {
      requester,
      hosts: [{url: 'local.invalid', accept: 'readWrite', protocol: 'https'}],
      hostsCache: createMemoryCache(),
      // The client keeps every answer for the page's life; the development index changes under it.
      ...(config.followChanges ? {responsesCache: createNullCache()} : {}),
    }),
    siteOrigin,
    // A failed load fails the search too, which then says so.
    () => (sharded() ? requester.priorOf().catch(() => null) : wholePriorOf()),
  );
  return Object.assign(client, {
    preload: () =>
      Promise.all([requester.preload(), sharded() ? null : preloadPrior()]).then(() => undefined),
  });
}

type MetaReader = Pick<Document, 'querySelector'>;

const metaContent = (doc: MetaReader, name: string): string =>
  doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';

/** The index URL the build wrote into every page (empty when absent, e.g. a page saved without it). */
export function indexUrlFromMeta(doc: MetaReader = document): string {
  return metaContent(doc, INDEX_META_NAME);
}

/** The sharded index's manifest URL the build wrote into every page (empty in the development server). */
export function shardsUrlFromMeta(doc: MetaReader = document): string {
  return metaContent(doc, SHARDS_META_NAME);
}

/** The sharded index's table URL the build wrote beside the manifest's (empty where that is). */
export function shardsTableUrlFromMeta(doc: MetaReader = document): string {
  return metaContent(doc, SHARDS_TABLE_META_NAME);
}
