/**
 * Docusaurus plugin: after the build, turns the built pages into DocSearch
 * records, writes `search-index.<hash8>.json` and tags every page with
 * `<meta name="fsc:search-index" content="<baseUrl>search-index.<hash8>.json">`.
 *
 * Register in docusaurus.config.ts: `plugins: ['./plugins/search-index']`
 * (options: `{searchPagePath: 'search'}`).
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import { buildSearchIndex } from './buildIndex';

export interface SearchIndexPluginOptions {
  /** Route of the search page, skipped by the indexer (default 'search'). */
  searchPagePath?: string;
}

export default function pluginSearchIndex(
  _context: LoadContext,
  options: SearchIndexPluginOptions = {},
): Plugin {
  return {
    name: 'fsc-search-index',
    async postBuild({ outDir, routesPaths, siteConfig, routesBuildMetadata }) {
      const noIndexRoutes = new Set(
        Object.entries(routesBuildMetadata ?? {})
          .filter(([, meta]) => meta.noIndex)
          .map(([route]) => route),
      );
      await buildSearchIndex({
        outDir,
        routesPaths,
        siteUrl: siteConfig.url,
        baseUrl: siteConfig.baseUrl,
        siteTitle: siteConfig.title,
        trailingSlash: siteConfig.trailingSlash,
        noIndexRoutes,
        searchPagePath: options.searchPagePath ?? 'search',
      });
    },
  };
}
