/**
 * The search configuration the site hands the package: the site's config/search.ts reads it from
 * the environment and validates it; the build plugin and the shared client take it as it is.
 */

/**
 * Which search back end the build uses. With no Algolia variables set, the site answers searches
 * from the embedded index that the build writes; with both an app id and a search key it uses
 * hosted Algolia. Half a configuration is an error, in the search client's own wording.
 */
export type SearchConfig = {
  mode: 'embedded' | 'hosted';
  appId: string;
  apiKey: string;
  indexName: string;
  /** Test-only: Algolia-shaped hosts that replace Algolia's own (comma-separated `host:port`). */
  hosts?: string[];
  /** A URL template with `{query}`; when set, "No results" offers "Let us know.". */
  missingResultsUrl?: string;
  /** Whether the build writes the query-to-page prior that re-orders hits (SEARCH_PRIOR). */
  prior: boolean;
};

/** The Algolia index the site searches and `search:push` fills when ALGOLIA_INDEX_NAME is unset. */
export const DEFAULT_INDEX_NAME = 'docs-fsc';
