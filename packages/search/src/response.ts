/** The response of one query as Algolia answers it: the requested page of hits, counts and facets. */
import type {Candidate} from './criteria';
import {distinctHits} from './distinct';
import {serializeParams, type NormalizedParams} from './params';
import type {SearchHit, SearchParams, SearchResponse} from './types';

/**
 * The ranked hits of page `p.page`, after `distinct` on the records' `urls` (see RecordFacts;
 * `ranked` holds at least that page's hits).
 */
export function pageOf(
  ranked: readonly Candidate[],
  p: NormalizedParams,
  urls: Int32Array,
): Candidate[] {
  return distinctHits(ranked, p.distinct, urls).slice(
    p.page * p.hitsPerPage,
    (p.page + 1) * p.hitsPerPage,
  );
}

function newQueryId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

export interface ResponseParts {
  raw: SearchParams | Record<string, unknown>;
  p: NormalizedParams;
  indexName: string | undefined;
  hits: SearchHit[];
  /** Hits over all pages, after `distinct`. */
  nbHits: number;
  /** Null when no facets were requested. */
  facets: Record<string, Record<string, number>> | null;
  processingTimeMS: number;
}

export function searchResponse(parts: ResponseParts): SearchResponse {
  const {raw, p, indexName, hits, nbHits, facets, processingTimeMS} = parts;
  const exhaustive: NonNullable<SearchResponse['exhaustive']> = {nbHits: true, typo: true};
  const response: SearchResponse = {
    hits,
    nbHits,
    page: p.page,
    nbPages: p.hitsPerPage > 0 ? Math.ceil(nbHits / p.hitsPerPage) : 0,
    hitsPerPage: p.hitsPerPage,
    processingTimeMS,
    query: p.query,
    params: serializeParams(raw as Record<string, unknown>),
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive,
  };
  if (indexName !== undefined) response.index = indexName;
  if (facets) {
    response.facets = facets;
    response.exhaustiveFacetsCount = true;
    exhaustive.facetsCount = true;
  }
  if (p.clickAnalytics) response.queryID = newQueryId();
  return response;
}
