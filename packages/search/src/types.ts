/**
 * Shapes shared by the build side (indexer, push CLI) and the browser side
 * (embedded engine, requester) of search.
 *
 * The record layout is DocSearch v3's (what the DocSearch crawler's
 * Docusaurus template writes), so the same records can be served by the
 * embedded engine and pushed to a hosted Algolia index.
 */

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];
export type RecordType = HierarchyLevel | 'content';

export type Hierarchy = Record<HierarchyLevel, string | null>;

/** weight.level of each record type (DocSearch's scale). */
export const LEVEL_WEIGHT: Record<RecordType, number> = {
  lvl0: 100,
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

export interface DocSearchRecord {
  objectID: string;
  /** Absolute URL including the anchor of the nearest heading, if any. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  weight: {
    /** lvl0 100, lvl1 90 … lvl6 40, content 0 (DocSearch's scale). */
    level: number;
    /** Order of the record in its page, from 0. */
    position: number;
    pageRank?: number;
  };
  language: string;
  docusaurus_tag: string;
}

// ---------------------------------------------------------------------------
// Algolia request / response shapes (the subset the engine understands).
// ---------------------------------------------------------------------------

/** One OR group, or a single filter; the whole array is an AND of these. */
export type FacetFilters = string | ReadonlyArray<string | ReadonlyArray<string>>;

export interface SearchParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
  /** Filters that rank matching records first (the `filters` criterion, after `words`) without excluding others. */
  optionalFilters?: FacetFilters;
  /** Facet attributes to count ('*' for all facetable attributes). */
  facets?: string | readonly string[];
  attributesToRetrieve?: string | readonly string[];
  attributesToHighlight?: string | readonly string[];
  /** e.g. ['hierarchy.lvl1:10', 'content:10'] */
  attributesToSnippet?: string | readonly string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  /** true / 1: one hit per `url`; N: up to N hits per url; false / 0: off. */
  distinct?: boolean | number;
  /** Quoted phrases and `-word` exclusions (the theme's search page sends it). */
  advancedSyntax?: boolean;
  clickAnalytics?: boolean;
  /** Adds `_rankingInfo` to each hit. */
  getRankingInfo?: boolean;
  /** true, false or languages: drop stop words from the query (default: on, as the pushed settings). */
  removeStopWords?: boolean | readonly string[];
  /** true, false or languages: singular and plural forms match each other (default: on). */
  ignorePlurals?: boolean | readonly string[];
  /** 'prefixLast' (default) or 'prefixNone' ('prefixAll' is treated as 'prefixLast'). */
  queryType?: 'prefixLast' | 'prefixNone' | 'prefixAll';
  /** false: the index's query rules do not apply (default: they do). */
  enableRules?: boolean;
  /**
   * Query words a record need not match (each string a set of words): records matching more query
   * words still rank first (the `words` criterion). See ranking.ts for a long query of only these.
   */
  optionalWords?: string | readonly string[];
  /** Other Algolia parameters are accepted and ignored. */
  [other: string]: unknown;
}

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightResultOption {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetResultOption {
  value: string;
  matchLevel: MatchLevel;
}

export interface HighlightResult {
  hierarchy?: Partial<Record<HierarchyLevel, HighlightResultOption>>;
  content?: HighlightResultOption;
}

export interface SnippetResult {
  hierarchy?: Partial<Record<HierarchyLevel, SnippetResultOption>>;
  content?: SnippetResultOption;
}

export interface SearchHit {
  objectID: string;
  url?: string;
  url_without_anchor?: string;
  anchor?: string | null;
  type?: RecordType;
  hierarchy?: Partial<Hierarchy>;
  content?: string | null;
  weight?: DocSearchRecord['weight'];
  language?: string;
  docusaurus_tag?: string;
  _highlightResult?: HighlightResult;
  _snippetResult?: SnippetResult;
  _rankingInfo?: RankingInfo;
}

/** Algolia's names where they exist. */
export interface RankingInfo {
  words: number;
  nbTypos: number;
  /** Attribute rank × 1000, plus the match's position when the attribute is ordered (content). */
  firstMatchedWord: number;
  proximityDistance: number;
  nbExactWords: number;
  filters: number;
  userScore: number;
  /** Tie-break after the attribute: sum of each word's best attribute rank. */
  attributeSum: number;
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  query: string;
  params: string;
  index?: string;
  queryID?: string;
  exhaustiveNbHits: boolean;
  exhaustiveTypo?: boolean;
  exhaustiveFacetsCount?: boolean;
  exhaustive?: {nbHits: boolean; facetsCount?: boolean; typo: boolean};
  facets?: Record<string, Record<string, number>>;
}

/** One entry of the multi-query body `POST /1/indexes/*\/queries`. */
export interface MultiQueryRequest extends SearchParams {
  indexName: string;
  /** Legacy form: urlencoded string, or (older helpers) an object. */
  params?: string | SearchParams;
  type?: 'default' | 'facet';
}

export interface MultiQueryBody {
  requests: MultiQueryRequest[];
  strategy?: 'none' | 'stopIfEnoughMatches';
}

export interface MultiQueryResponse {
  results: SearchResponse[];
}
