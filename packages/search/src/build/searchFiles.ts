/**
 * The site's search files, edited like pages and written into the index file with the records by
 * the build and the development index:
 *
 * - packages/search/data/synonyms.json: synonyms in Algolia's format (packages/search/src/synonyms.ts);
 * - packages/search/data/best-bets.json: the pages that own a topic and the words readers type for it
 *   (packages/search/src/bestBets.ts), which become Algolia query rules on the records' page URLs.
 *
 * A wrong file fails the build naming the file and the entry.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {bestBetRules, checkBestBets, type BestBet} from '../bestBets';
import type {QueryRule} from '../queryRules';
import {checkSynonyms, type SynonymEntry} from '../synonyms';
import type {DocSearchRecord} from '../types';
import {checkSynonymTargets} from './synonymTargets';

/** Relative to the site directory. */
export const SYNONYMS_FILE = path.join('packages', 'search', 'data', 'synonyms.json');
export const BEST_BETS_FILE = path.join('packages', 'search', 'data', 'best-bets.json');

/** The files to read; one left out gives no synonyms or no best bets. */
export interface SearchFiles {
  synonymsFile?: string;
  bestBetsFile?: string;
}

/** What the index file carries besides the records. */
export interface SearchData {
  synonyms: SynonymEntry[];
  rules: QueryRule[];
}

/** A file's checked entries and the name its messages give it; none when there is no file. */
async function readChecked<T>(
  file: string | undefined,
  what: string,
  check: (value: unknown, source: string) => T[],
): Promise<{entries: T[]; source: string}> {
  if (!file) return {entries: [], source: what};
  const {value, name} = await readJson(file, what);
  const source = `[search-index] ${name}`;
  return {entries: check(value, source), source};
}

async function readJson(file: string, what: string): Promise<{value: unknown; name: string}> {
  const name = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`[search-index] cannot read the ${what} file ${name}: ${(e as Error).message}`);
  }
  try {
    return {value: JSON.parse(text), name};
  } catch (e) {
    throw new Error(`[search-index] ${name} is not JSON: ${(e as Error).message}`);
  }
}

/** The checked best bets of `file` (the query-to-page prior learns from them too). */
export async function readBestBets(file: string): Promise<BestBet[]> {
  return (await readChecked(file, 'best bets', checkBestBets)).entries;
}

/** A page's path as best bets name it, without trailing slash. */
function pathKey(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The path of a record's page as best bets name it: without the site's baseUrl. */
function pagePathOf(url: string, baseUrl: string): string {
  const {pathname} = new URL(url);
  return pathKey(pathname.startsWith(baseUrl) ? `/${pathname.slice(baseUrl.length)}` : pathname);
}

/**
 * Reads and checks both files; returns a function that makes the index file's search data from the
 * records (their URLs under the site's `baseUrl`), failing when a best bet names a page that no
 * record has or a synonym leads to words that none holds (synonymTargets.ts). Call it before reading the pages, so that a wrong file fails the build at once.
 */
export async function readSearchFiles(
  files: SearchFiles,
): Promise<(records: readonly DocSearchRecord[], baseUrl: string) => SearchData> {
  const {entries: synonyms, source: synonymsSource} = await readChecked(
    files.synonymsFile,
    'synonyms',
    checkSynonyms,
  );
  const {entries: bets, source} = await readChecked(files.bestBetsFile, 'best bets', checkBestBets);
  return (records, baseUrl) => {
    const pages = new Map<string, string>();
    for (const r of records)
      pages.set(pagePathOf(r.url_without_anchor, baseUrl), r.url_without_anchor);
    const rules = bestBetRules(bets, (page) => pages.get(pathKey(page)) ?? null, source);
    checkSynonymTargets(synonyms, records, synonymsSource);
    return {synonyms, rules};
  };
}
