/**
 * Build side of search, run from the plugin's `postBuild`: built HTML ->
 * records -> one content-hashed index file and the sharded index beside it
 * (shardFiles.ts), and meta tags in every page that name both. The browser
 * searches the shards; the index file is for the tools that read a build
 * whole (the MCP server, eval:search, search:push, the size test).
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {readdir, readFile, unlink, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {
  INDEX_META_NAME,
  SHARDS_META_NAME,
  SHARDS_TABLE_META_NAME,
  serializeIndex,
} from '../indexFileFormat';
import type {QueryPrior} from '../queryPrior';
import type {DocSearchRecord} from '../types';
import {extractRecords} from './extractRecords';
import {findIndexFile, INDEX_FILE_PATTERN} from './findIndexFile';
import {readSearchFiles, type SearchFiles} from './searchFiles';
import {withScriptPreloads} from './searchPagePreload';
import {writeShardFiles} from './shardFiles';

export {findIndexFile};

export interface BuildIndexOptions {
  outDir: string;
  /** Route paths as Docusaurus reports them (baseUrl included). */
  routesPaths: readonly string[];
  siteUrl: string;
  baseUrl: string;
  siteTitle: string;
  trailingSlash?: boolean | undefined;
  /** Routes Docusaurus marked noindex. */
  noIndexRoutes?: ReadonlySet<string>;
  /** Route of the search page, without baseUrl (default 'search'). */
  searchPagePath?: string;
  /**
   * The search page's own scripts (searchPagePreload.ts routeScripts), preloaded from its HTML;
   * unset, the site has no search page to preload for.
   */
  searchPageScripts?: readonly string[];
  /** The synonyms and best-bets files to write into the index (see searchFiles.ts). */
  searchFiles?: SearchFiles;
  log?: (message: string) => void;
  /** Limits of what search downloads, gzipped (default INDEX_SIZE_BUDGET). */
  sizeBudget?: IndexSizeBudget;
  /** The gzipped size of the prior file the build wrote (priorFile.ts), which search loads too. */
  priorGzipBytes?: number;
  /** The prior the build learned, whose rows the sharded index carries by word (null: none). */
  prior?: QueryPrior | null;
}

/**
 * Every visitor who searches downloads the whole index and the query-to-page prior, gzipped,
 * before the first answer: at most 120 KB together (issue 37; 117.6 KB on 2026-11-28). Above that
 * the build warns; the hard limit stops a build whose index would make the first search slow on a
 * phone (a runaway page or an extractor fault, usually).
 */
export interface IndexSizeBudget {
  warnGzipBytes: number;
  failGzipBytes: number;
}
export const INDEX_SIZE_BUDGET: IndexSizeBudget = {
  warnGzipBytes: 120 * 1024,
  failGzipBytes: 160 * 1024,
};

/** A warning above the budget (null within it); throws above the hard limit, naming the sizes. */
function checkIndexSize(
  bytes: number,
  gzipBytes: number,
  priorGzipBytes: number,
  budget: IndexSizeBudget,
): string | null {
  const total = gzipBytes + priorGzipBytes;
  const what =
    priorGzipBytes > 0
      ? `the search index and prior are ${formatBytes(total)} gzip (index ${formatBytes(gzipBytes)}, ${formatBytes(bytes)} raw; prior ${formatBytes(priorGzipBytes)})`
      : `the search index is ${formatBytes(gzipBytes)} gzip (${formatBytes(bytes)} raw)`;
  if (total > budget.failGzipBytes) {
    throw new Error(
      `[search-index] ${what}, above the hard limit of ${formatBytes(budget.failGzipBytes)} gzip ` +
        '(INDEX_SIZE_BUDGET in packages/search/src/build/buildIndex.ts): find the pages that grew, or raise the limit on purpose.',
    );
  }
  if (total > budget.warnGzipBytes) {
    return `[search-index] warning: ${what}, above the budget of ${formatBytes(budget.warnGzipBytes)} gzip (hard limit ${formatBytes(budget.failGzipBytes)} gzip).`;
  }
  return null;
}

export interface BuildIndexResult {
  records: DocSearchRecord[];
  synonyms: number;
  pages: number;
  fileName: string;
  /** URL path of the index file, baseUrl included (the meta tag's content). */
  publicPath: string;
  bytes: number;
  gzipBytes: number;
  htmlFilesTagged: number;
}

/** Same mapping Docusaurus uses to write a route's HTML file. */
function routeToFile(routeWithoutBase: string, trailingSlash: boolean | undefined): string {
  const name = routeWithoutBase.replace(/^[/\\]/, '');
  if (/\.html?$/i.test(name)) return name;
  if (trailingSlash === undefined || name === '' || name.endsWith('/') || trailingSlash) {
    return path.join(name, 'index.html');
  }
  return `${name}.html`;
}

function stripBase(route: string, baseUrl: string): string {
  return baseUrl !== '/' && route.startsWith(baseUrl) ? `/${route.slice(baseUrl.length)}` : route;
}

export async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath ?? (e as unknown as {path: string}).path, e.name))
    .sort();
}

/** Adds (or replaces) the meta tag `name` (the index's by default) right before `</head>`. */
export function injectMeta(
  html: string,
  publicPath: string,
  name: string = INDEX_META_NAME,
): string | null {
  const tag = `<meta name="${name}" content="${publicPath.replace(/"/g, '&quot;')}">`;
  const withoutOld = html.replace(new RegExp(`<meta name="${name}" content="[^"]*">`, 'g'), '');
  const at = withoutOld.search(/<\/head>/i);
  if (at === -1) return null;
  return withoutOld.slice(0, at) + tag + withoutOld.slice(at);
}

/** Puts the meta tag `name` with `publicPath` into every HTML file of the build; returns how many. */
export async function tagHtmlFiles(
  outDir: string,
  name: string,
  publicPath: string,
  log: (message: string) => void,
): Promise<number> {
  let tagged = 0;
  for (const file of await listHtmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    const withTag = injectMeta(html, publicPath, name);
    if (withTag === null) {
      log(`[search-index] ${path.relative(outDir, file)} has no </head>; meta tag not added`);
      continue;
    }
    if (withTag !== html) await writeFile(file, withTag);
    tagged++;
  }
  return tagged;
}

export function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

export async function buildSearchIndex(options: BuildIndexOptions): Promise<BuildIndexResult> {
  const {outDir, baseUrl} = options;
  const log = options.log ?? ((m: string) => console.log(m));
  const searchPage = `/${(options.searchPagePath ?? 'search').replace(/^\/+|\/+$/g, '')}`;
  const skip = new Set(['/404.html', searchPage, `${searchPage}/`]);
  // Checked first: a wrong synonyms or best-bets file fails the build before the pages are read.
  const searchData = await readSearchFiles(options.searchFiles ?? {});

  const routes = [...new Set(options.routesPaths)].sort();
  const records: DocSearchRecord[] = [];
  let pages = 0;
  for (const route of routes) {
    const local = stripBase(route, baseUrl);
    if (skip.has(local) || options.noIndexRoutes?.has(route)) continue;
    const file = path.join(outDir, routeToFile(local, options.trailingSlash));
    if (!existsSync(file)) {
      log(`[search-index] no HTML file for route ${route} (${file}); skipped`);
      continue;
    }
    const html = await readFile(file, 'utf8');
    const pageUrl = new URL(route, options.siteUrl).href;
    const pageRecords = extractRecords(html, pageUrl, {
      siteTitle: options.siteTitle,
      isHomePage: route === baseUrl,
    });
    if (pageRecords.length > 0) pages++;
    records.push(...pageRecords);
  }
  if (records.length === 0) {
    throw new Error(
      `[search-index] no search records were extracted from ${routes.length} routes in ${outDir}: ` +
        'the search index would be empty. Check that the pages render `.theme-doc-markdown` content.',
    );
  }

  const {synonyms, rules} = searchData(records, baseUrl);
  const json = serializeIndex(records, {synonyms, rules});
  const bytes = Buffer.byteLength(json);
  const gzipBytes = gzipSync(json, {level: 9}).length;
  const sizeWarning = checkIndexSize(
    bytes,
    gzipBytes,
    options.priorGzipBytes ?? 0,
    options.sizeBudget ?? INDEX_SIZE_BUDGET,
  );
  if (sizeWarning) log(sizeWarning);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 8);
  const fileName = `search-index.${hash}.json`;
  for (const old of await readdir(outDir)) {
    if (INDEX_FILE_PATTERN.test(old) && old !== fileName) await unlink(path.join(outDir, old));
  }
  await writeFile(path.join(outDir, fileName), json);
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const publicPath = `${base}${fileName}`;

  // The sharded index beside it (issue 38), which the browser searches.
  const shards = await writeShardFiles(
    outDir,
    records,
    {synonyms, rules, prior: options.prior ?? null},
    log,
  );

  const publicPathOf = (file: string) => `${base}${file.split(path.sep).join('/')}`;
  await tagHtmlFiles(outDir, SHARDS_META_NAME, publicPathOf(shards.manifest), log);
  await tagHtmlFiles(outDir, SHARDS_TABLE_META_NAME, publicPathOf(shards.table), log);
  const htmlFilesTagged = await tagHtmlFiles(outDir, INDEX_META_NAME, publicPath, log);
  if (options.searchPageScripts) {
    const file = path.join(outDir, routeToFile(searchPage, options.trailingSlash));
    const html = withScriptPreloads(await readFile(file, 'utf8'), options.searchPageScripts);
    if (html === null) throw new Error(`[search-index] ${file} has no </head> for its preloads`);
    await writeFile(file, html);
  }

  log(
    `[search-index] ${records.length} records from ${pages} pages, ${synonyms.length} synonyms and ${rules.length} best bets -> ${fileName}: ` +
      `${formatBytes(bytes)} raw, ${formatBytes(gzipBytes)} gzip; meta tags added to ${htmlFilesTagged} HTML files`,
  );
  return {
    records,
    synonyms: synonyms.length,
    pages,
    fileName,
    publicPath,
    bytes,
    gzipBytes,
    htmlFilesTagged,
  };
}
