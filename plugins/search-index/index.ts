/**
 * Docusaurus plugin: after the build, turns the built pages into DocSearch
 * records, writes `search-index.<hash8>.json` and tags every page with
 * `<meta name="fsc:search-index" content="<baseUrl>search-index.<hash8>.json">`.
 *
 * Registered in docusaurus.config.ts as `['./plugins/search-index/index.ts', {}]`. In hosted mode it
 * writes nothing: the browser asks Algolia. Option: `searchPagePath` (default 'search').
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { SearchConfig } from '../../config/search';
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
      // With hosted Algolia configured the browser never reads the embedded index: do not ship it.
      if ((siteConfig.customFields?.search as SearchConfig | undefined)?.mode === 'hosted') {
        return;
      }
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
