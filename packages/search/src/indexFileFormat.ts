/**
 * The search index file's format: what the build (and the development server) writes and the
 * browser reads, written and checked here for both sides; the build side imports this format,
 * never the engine.
 *
 * The file is `search-index.<hash8>.json`, named in every built page by
 * `<meta name="fsc:search-index">`. It holds the DocSearch records, the site's synonyms (the
 * entries of packages/search/data/synonyms.json, in Algolia's format) and its query rules (the best bets of
 * packages/search/data/best-bets.json), so that every reader of the file ranks with them, with nothing else to
 * load. The browser builds the
 * term index (a radix tree) when it loads them. Measured with `npm run bench:search`: storing a
 * serialised term index next to the records roughly doubles the gzip size for a saving of
 * ~15-20 ms of start-up on this site's size, so records only is the smaller download and the
 * faster start on any real network (the serialised term index was removed after that comparison).
 *
 * Version 2 writes the same records, synonyms and rules short (the reader gets back exactly what
 * was written): each page once with its records as items (compactRecords.ts), the texts with word
 * codes (wordCodes.ts), the synonyms and rules as lists (compactEntries.ts). On the site's index
 * (2026-11-28) that took the file from 178.7 to 105.4 KB gzip.
 */
import {compactRules, compactSynonyms, expandRules, expandSynonyms} from './compactEntries';
import {compactRecords, expandRecords, type FileRecords} from './compactRecords';
import {checkQueryRules, type QueryRule} from './queryRules';
import {checkSynonyms, type SynonymEntry} from './synonyms';
import {HIERARCHY_LEVELS, type DocSearchRecord} from './types';
import {wordCoder, wordDecoder} from './wordCodes';

/** Name of the meta tag, in every built page, holding the index file URL. */
export const INDEX_META_NAME = 'fsc:search-index';
/**
 * Name of the meta tag, in every built page, holding the URL of the sharded index's manifest
 * (shardFileFormat.ts), which the browser searches instead of the index file. The development
 * server writes none: its pages search the whole index.
 */
export const SHARDS_META_NAME = 'fsc:search-shards';
/**
 * Name of the meta tag, beside the manifest's, holding the URL of the sharded index's table, which
 * every query needs too: the page asks for it with the manifest, not after reading its hash there.
 */
export const SHARDS_TABLE_META_NAME = 'fsc:search-shards-table';
const INDEX_FORMAT = 'fsc-docsearch-index';
const INDEX_VERSION = 2;

/**
 * In the development server the index changes while a page is open: the file next to it,
 * `<index URL>.version`, holds a hash of its content, so that a page knows when to load it again.
 */
export const versionUrlOf = (indexUrl: string): string => `${indexUrl}.version`;

/** What an index file holds, as its readers get it. */
export interface IndexData {
  records: DocSearchRecord[];
  /** Synonyms the engine applies to every query (absent when there are none). */
  synonyms?: SynonymEntry[];
  /** Query rules (the best bets, see bestBets.ts) the engine applies; absent when there are none. */
  rules?: QueryRule[];
}

/** The file as JSON holds it. */
interface IndexFile {
  format: typeof INDEX_FORMAT;
  version: typeof INDEX_VERSION;
  /** The word codes of the records' texts (wordCodes.ts). */
  words: string;
  records: FileRecords;
  synonyms?: unknown[];
  rules?: unknown[];
}

/** The texts the word codes write: the records' content and headings. */
function textsOf(records: readonly DocSearchRecord[]): string[] {
  return records.flatMap((record) => {
    const text = record.type === 'content' ? record.content : record.hierarchy[record.type];
    return text ? [text] : [];
  });
}

export function serializeIndex(
  records: readonly DocSearchRecord[],
  options: {synonyms?: readonly SynonymEntry[]; rules?: readonly QueryRule[]} = {},
): string {
  const {words, encode} = wordCoder(textsOf(records));
  // The rules and synonyms before the words and the records: the English words they name are then
  // within gzip's 32 KB window of the list of words and the first pages (0.9 KB less on the
  // site's index, 2026-11-28), not 200 KB behind the records.
  const file: Partial<IndexFile> = {format: INDEX_FORMAT, version: INDEX_VERSION};
  if (options.rules && options.rules.length > 0) file.rules = compactRules(options.rules);
  if (options.synonyms && options.synonyms.length > 0)
    file.synonyms = compactSynonyms(options.synonyms);
  file.words = words;
  file.records = compactRecords(records, encode, wordDecoder(words));
  return JSON.stringify(file);
}

function fail(message: string): never {
  throw new Error(`Invalid search index file: ${message}`);
}

function checkRecord(value: unknown, i: number): asserts value is DocSearchRecord {
  if (value === null || typeof value !== 'object') fail(`record ${i} is not an object`);
  const r = value as Record<string, unknown>;
  if (typeof r.objectID !== 'string') fail(`record ${i} has no objectID`);
  if (typeof r.url !== 'string') fail(`record ${i} has no url`);
  if (typeof r.type !== 'string') fail(`record ${i} has no type`);
  if (r.content !== null && typeof r.content !== 'string') fail(`record ${i} has a bad content`);
  const h = r.hierarchy as Record<string, unknown> | null | undefined;
  if (!h || typeof h !== 'object') fail(`record ${i} has no hierarchy`);
  for (const level of HIERARCHY_LEVELS) {
    const v = h[level];
    if (v !== null && v !== undefined && typeof v !== 'string')
      fail(`record ${i} has a bad hierarchy.${level}`);
    if (v === undefined) h[level] = null;
  }
  const w = r.weight as Record<string, unknown> | null | undefined;
  if (!w || typeof w.level !== 'number' || typeof w.position !== 'number')
    fail(`record ${i} has no weight`);
}

/**
 * Parses and validates an index file (a JSON string or the parsed value). A file of another
 * version fails naming it: the index is content-hashed and deployed with the pages that read it,
 * so a reader never meets an older file but from an older build.
 */
export function readIndexFile(json: unknown): IndexData {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  if (data === null || typeof data !== 'object') fail('not an object');
  const file = data as Partial<IndexFile>;
  if (file.format !== INDEX_FORMAT) fail(`unknown format ${JSON.stringify(file.format)}`);
  if (file.version !== INDEX_VERSION)
    fail(
      `version ${JSON.stringify(file.version)} is not supported: this reader reads version ${INDEX_VERSION} (rebuild the index)`,
    );
  if (typeof file.words !== 'string') fail('words missing');
  const records = expandRecords(file.records, wordDecoder(file.words));
  records.forEach((r, i) => checkRecord(r, i));
  const index: IndexData = {records: records as DocSearchRecord[]};
  if (file.synonyms !== undefined)
    index.synonyms = checkSynonyms(expandSynonyms(file.synonyms), 'Invalid search index file');
  if (file.rules !== undefined)
    index.rules = checkQueryRules(expandRules(file.rules), 'Invalid search index file');
  return index;
}
