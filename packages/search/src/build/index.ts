/**
 * Docusaurus plugin: the embedded search index.
 *
 * - Build: after the build, turns the built pages into DocSearch records, writes
 *   `search-index.<hash8>.json` and tags every page with
 *   `<meta name="fsc:search-index" content="<baseUrl>search-index.<hash8>.json">`.
 * - Development server (`npm start`): indexes the docs' Markdown in the background after each
 *   content load (devIndex.ts) into `<baseUrl>search-index.dev.json`, which every page names in
 *   the same meta tag.
 *
 * - Build, embedded mode: the search page's HTML preloads its route's scripts, which its first
 *   search waits for (searchPagePreload.ts).
 * - Build, both modes: the query-to-page prior, `search-prior.<hash8>.json`, named in every page by
 *   `<meta name="fsc:search-prior">` (priorFile.ts), unless SEARCH_PRIOR=off.
 *
 * Registered in docusaurus.config.ts as `['./plugins/search-index/index.ts', {…}]`. In hosted mode it
 * writes no index: the browser asks Algolia. Options: `searchPagePath` (default 'search') and
 * `rehypePlugins`, the docs plugin's own (the development index renders Markdown with them).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {SearchConfig} from '../searchConfig';
import {INDEX_META_NAME} from '../indexFileFormat';
import {buildSearchIndex} from './buildIndex';
import {buildPriorFile} from './priorFile';
import {BEST_BETS_FILE, SYNONYMS_FILE, type SearchFiles} from './searchFiles';
import {routeScripts} from './searchPagePreload';
import {createDevIndexWriter, DEV_INDEX_DIR, DEV_INDEX_FILE, docsOfContent} from './devIndex';

export interface SearchIndexPluginOptions {
  /** Route of the search page, skipped by the indexer (default 'search'). */
  searchPagePath?: string;
  /** The docs plugin's rehype plugins, for the development index. */
  rehypePlugins?: unknown[];
}

/** `docusaurus start` (and only a development build) runs with NODE_ENV=development. */
export const isDevelopment = (): boolean => process.env.NODE_ENV === 'development';

/** With hosted Algolia configured the browser never reads the embedded index: do not make it. */
function embedded(siteConfig: LoadContext['siteConfig']): boolean {
  return (siteConfig.customFields?.search as SearchConfig | undefined)?.mode !== 'hosted';
}

function searchFilesOf(siteDir: string): SearchFiles {
  return {
    synonymsFile: path.join(siteDir, SYNONYMS_FILE),
    bestBetsFile: path.join(siteDir, BEST_BETS_FILE),
  };
}

function developmentIndex({siteConfig, siteDir}: LoadContext, options: SearchIndexPluginOptions) {
  return createDevIndexWriter({
    pipeline: {
      markdownConfig: siteConfig.markdown,
      siteDir,
      staticDirs: siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir)),
      rehypePlugins: options.rehypePlugins ?? [],
    },
    outFile: path.join(siteDir, DEV_INDEX_DIR, DEV_INDEX_FILE),
    searchFiles: searchFilesOf(siteDir),
    baseUrl: siteConfig.baseUrl,
  });
}

export default function pluginSearchIndex(
  context: LoadContext,
  options: SearchIndexPluginOptions = {},
): Plugin {
  const devIndex =
    isDevelopment() && embedded(context.siteConfig) ? developmentIndex(context, options) : null;
  return {
    name: 'fsc-search-index',
    async allContentLoaded({allContent}) {
      devIndex?.update(
        docsOfContent(allContent as Record<string, Record<string, unknown>>, {
          siteDir: context.siteDir,
          siteUrl: context.siteConfig.url,
          language: context.i18n.currentLocale,
        }),
      );
    },
    configureWebpack(_config, isServer) {
      if (!devIndex || isServer) return {};
      // The first index is made once the first page can be served, never before it.
      const startAfterFirstCompilation = {
        apply(compiler: {hooks: {done: {tap(name: string, callback: () => void): void}}}) {
          compiler.hooks.done.tap('fsc-search-index', () => devIndex.start());
        },
      };
      return {plugins: [startAfterFirstCompilation]};
    },
    injectHtmlTags() {
      if (!devIndex) return {};
      const content = `${context.baseUrl}${DEV_INDEX_FILE}`;
      return {headTags: [{tagName: 'meta', attributes: {name: INDEX_META_NAME, content}}]};
    },
    async postBuild({outDir, routesPaths, siteConfig, siteDir, routesBuildMetadata}) {
      // Both back ends' hits are re-ordered with the prior, unless SEARCH_PRIOR=off.
      const prior =
        (siteConfig.customFields?.search as SearchConfig | undefined)?.prior !== false
          ? await buildPriorFile({outDir, siteDir, baseUrl: siteConfig.baseUrl})
          : null;
      if (!embedded(siteConfig)) return;
      const noIndexRoutes = new Set(
        Object.entries(routesBuildMetadata ?? {})
          .filter(([, meta]) => meta.noIndex)
          .map(([route]) => route),
      );
      const searchPagePath = options.searchPagePath ?? 'search';
      const searchRoute = `${siteConfig.baseUrl.replace(/\/$/, '')}/${searchPagePath}`;
      await buildSearchIndex({
        outDir,
        routesPaths,
        siteUrl: siteConfig.url,
        baseUrl: siteConfig.baseUrl,
        siteTitle: siteConfig.title,
        trailingSlash: siteConfig.trailingSlash,
        noIndexRoutes,
        searchPagePath,
        searchPageScripts: routesPaths.includes(searchRoute)
          ? await routeScripts(context.generatedFilesDir, searchRoute)
          : undefined,
        searchFiles: searchFilesOf(siteDir),
        priorGzipBytes: prior?.gzipBytes,
        prior: prior?.prior ?? null,
      });
    },
  };
}
