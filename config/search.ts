import type {Env} from './site';

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

export const DEFAULT_INDEX_NAME = 'docs-fsc';

/** Placeholder credentials: the theme's config schema and the client require non-empty strings. */
const EMBEDDED_CREDENTIAL = 'embedded';

/**
 * DocSearch 3 sends Insights events through a script it loads from a CDN (jsDelivr), which the
 * site's Content-Security-Policy blocks, so the setting never worked; the site sends no analytics.
 * A build that asks for it fails rather than silently doing nothing.
 */
function rejectInsights(env: Env): void {
  const value = env.ALGOLIA_INSIGHTS?.trim();
  if (value && value !== 'false') {
    throw new Error(
      `ALGOLIA_INSIGHTS is not supported (it is "${value}"): DocSearch would load Algolia's Insights script from a CDN, which the site's Content-Security-Policy blocks, and the site sends no click or conversion events. Unset ALGOLIA_INSIGHTS.`,
    );
  }
}

/** SEARCH_PRIOR: `on` (the default) or `off`, the A/B switch of the query-to-page prior. */
function resolvePrior(env: Env): boolean {
  const value = env.SEARCH_PRIOR?.trim() || 'on';
  if (value !== 'on' && value !== 'off')
    throw new Error(`SEARCH_PRIOR must be "on" or "off" (it is "${value}")`);
  return value === 'on';
}

export function resolveSearchConfig(env: Env): SearchConfig {
  rejectInsights(env);
  const prior = resolvePrior(env);
  const appId = env.ALGOLIA_APP_ID?.trim() ?? '';
  const apiKey = env.ALGOLIA_SEARCH_API_KEY?.trim() ?? '';
  const indexName = env.ALGOLIA_INDEX_NAME?.trim() || DEFAULT_INDEX_NAME;
  const missingResultsUrl = env.SEARCH_MISSING_RESULTS_URL?.trim() || undefined;
  if (missingResultsUrl && !missingResultsUrl.includes('{query}')) {
    throw new Error(
      `SEARCH_MISSING_RESULTS_URL must contain "{query}" where the visitor's query goes: "${missingResultsUrl}"`,
    );
  }
  if (!appId && !apiKey) {
    return {
      mode: 'embedded',
      appId: EMBEDDED_CREDENTIAL,
      apiKey: EMBEDDED_CREDENTIAL,
      indexName,
      missingResultsUrl,
      prior,
    };
  }
  if (!appId) {
    throw new Error(
      '`appId` is missing. Set ALGOLIA_APP_ID, or unset ALGOLIA_SEARCH_API_KEY to use the embedded search.',
    );
  }
  if (!apiKey) {
    throw new Error(
      '`apiKey` is missing. Set ALGOLIA_SEARCH_API_KEY, or unset ALGOLIA_APP_ID to use the embedded search.',
    );
  }
  const hosts = env.ALGOLIA_HOSTS?.split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  return {
    mode: 'hosted',
    appId,
    apiKey,
    indexName,
    hosts: hosts?.length ? hosts : undefined,
    missingResultsUrl,
    prior,
  };
}
