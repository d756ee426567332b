/**
 * The index file the build writes (`search-index.<hash8>.json`) and the
 * browser fetches on the first search.
 *
 * Format (measured, see bench/search.mjs): the DocSearch records only; the
 * browser builds the MiniSearch index when it loads them. A serialised
 * MiniSearch index next to the records was larger (raw and gzip) and not
 * faster to start, so `serializeIndex` writes records only unless asked.
 */
import type { AsPlainObject } from 'minisearch';
import { buildMiniSearch, createSearchEngine, type SearchEngine } from './engine';
import { HIERARCHY_LEVELS, type DocSearchRecord } from './types';

export const INDEX_FORMAT = 'fsc-docsearch-index';
export const INDEX_VERSION = 1;

export interface IndexFile {
  format: typeof INDEX_FORMAT;
  version: typeof INDEX_VERSION;
  records: DocSearchRecord[];
  /** Only with `{ withMiniSearch: true }`. */
  miniSearch?: AsPlainObject;
}

export interface SerializeOptions {
  /** Also store a serialised MiniSearch index (bigger; for comparison). */
  withMiniSearch?: boolean;
}

export function serializeIndex(records: readonly DocSearchRecord[], options: SerializeOptions = {}): string {
  const file: IndexFile = { format: INDEX_FORMAT, version: INDEX_VERSION, records: [...records] };
  if (options.withMiniSearch) file.miniSearch = buildMiniSearch(records).toJSON();
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
    if (v !== null && v !== undefined && typeof v !== 'string') fail(`record ${i} has a bad hierarchy.${level}`);
    if (v === undefined) h[level] = null;
  }
  const w = r.weight as Record<string, unknown> | null | undefined;
  if (!w || typeof w.level !== 'number' || typeof w.position !== 'number') fail(`record ${i} has no weight`);
}

/** Parses and validates an index file (a JSON string or the parsed value). */
export function readIndexFile(json: unknown): IndexFile {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  if (data === null || typeof data !== 'object') fail('not an object');
  const file = data as Partial<IndexFile>;
  if (file.format !== INDEX_FORMAT) fail(`unknown format ${JSON.stringify(file.format)}`);
  if (file.version !== INDEX_VERSION) fail(`unsupported version ${JSON.stringify(file.version)}`);
  if (!Array.isArray(file.records)) fail('records missing');
  file.records.forEach((r, i) => checkRecord(r, i));
  return file as IndexFile;
}

/** Browser side: index file -> ready engine. */
export function loadIndex(json: unknown): SearchEngine {
  const file = readIndexFile(json);
  return createSearchEngine(
    file.miniSearch ? { records: file.records, index: file.miniSearch } : file.records,
  );
}
