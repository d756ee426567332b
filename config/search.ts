// The search package says what configuration it takes; this module reads it from the environment.
import {DEFAULT_INDEX_NAME, type SearchConfig} from '@fsc-docs/search/searchConfig';
import type {Env} from './site';

export type {SearchConfig};

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
