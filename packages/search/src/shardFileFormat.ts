/**
 * The sharded search index's format (issue 38, first stage; see "The sharded index" in the
 * package's README): what the build writes beside the whole index file and what the sharded reader
 * (shardedSearch.ts) reads, written and checked here for both sides, as indexFileFormat.ts is for
 * the whole index.
 *
 * - Shards: the records of consecutive pages, a page never split, each shard an index file of
 *   their own (indexFileFormat.ts, without synonyms and rules), about SHARD_TEXT_CHARS of text.
 * - The manifest: the shards' content-hashed file names, the synonyms and query rules, and the
 *   dictionary: every term the engine indexes (the terms buildTermIndex makes of the records),
 *   sorted and front-coded, each with the shards whose records hold it. The reader finds the terms
 *   a query reaches in the dictionary as the engine would in its term index (typos on any letter,
 *   prefixes, plurals, synonyms, splits and codes), and fetches only the shards that hold them.
 */
import {compactRules, compactSynonyms, expandRules, expandSynonyms} from './compactEntries';
import {FIELDS, fieldValue} from './fields';
import {readIndexFile, serializeIndex} from './indexFileFormat';
import {checkQueryRules, type QueryRule} from './queryRules';
import {checkSynonyms, type SynonymEntry} from './synonyms';
import {terms as toTerms} from './text';
import type {DocSearchRecord} from './types';

const MANIFEST_FORMAT = 'fsc-search-shards';
const MANIFEST_VERSION = 1;

/**
 * Text (content and headings, in characters) a shard holds before the next page starts another:
 * about 16 KB gzip of records on the site's pages (the issue asks for shards of 10-30 KB gzip).
 */
const SHARD_TEXT_CHARS = 40_000;

/** What the manifest holds, as its reader gets it. */
export interface ShardManifest {
  /** The shards' file names, relative to the manifest's URL. */
  shards: string[];
  /** Every term of the records, with the numbers of the shards (ascending) whose records hold it. */
  terms: Map<string, number[]>;
  synonyms?: SynonymEntry[];
  rules?: QueryRule[];
}

/** The manifest as JSON holds it. */
interface ManifestFile {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  rules?: unknown[];
  synonyms?: unknown[];
  shards: string[];
  /** The sorted terms, one a line, each after the number of letters it shares with the one before (as a character, see frontCode). */
  terms: string;
  /** Per term, in the order of `terms`, its shard numbers in base 36 separated by '.'; terms separated by ','. */
  termShards: string;
}

/** The sharded index as files: the manifest and the shards, in shard order. */
export interface ShardFiles {
  shards: string[];
  /** The manifest, given the shards' file names (the build names each by its content's hash). */
  manifest: (shardFileNames: readonly string[]) => string;
}

/** The records cut into shards: consecutive pages (records of one URL without anchor) together. */
function shardRecords(records: readonly DocSearchRecord[]): DocSearchRecord[][] {
  const shards: DocSearchRecord[][] = [];
  let current: DocSearchRecord[] = [];
  let chars = 0;
  let page = '';
  for (const record of records) {
    const url = record.url.replace(/#.*$/, '');
    if (url !== page && chars >= SHARD_TEXT_CHARS) {
      shards.push(current);
      current = [];
      chars = 0;
    }
    page = url;
    current.push(record);
    for (const field of FIELDS) chars += fieldValue(record, field)?.length ?? 0;
  }
  if (current.length > 0) shards.push(current);
  return shards;
}

/** The terms the engine's term index holds for `records` (termIndex.ts buildTermIndex). */
function termsOf(records: readonly DocSearchRecord[]): Set<string> {
  const found = new Set<string>();
  for (const record of records) {
    for (const field of FIELDS) {
      const text = fieldValue(record, field);
      if (text) for (const term of toTerms(text)) found.add(term);
    }
  }
  return found;
}

/** Characters '0' on stand for the letters a term shares with the one before (at most MAX_SHARED). */
const SHARED_BASE = 0x30;
const MAX_SHARED = 60;

function frontCode(sorted: readonly string[]): string {
  let before = '';
  return sorted
    .map((term) => {
      let shared = 0;
      while (shared < MAX_SHARED && term[shared] !== undefined && term[shared] === before[shared])
        shared++;
      before = term;
      return String.fromCharCode(SHARED_BASE + shared) + term.slice(shared);
    })
    .join('\n');
}

function frontDecode(text: string): string[] {
  let before = '';
  return text === ''
    ? []
    : text.split('\n').map((line) => {
        const shared = line.charCodeAt(0) - SHARED_BASE;
        before = before.slice(0, shared) + line.slice(1);
        return before;
      });
}

/** The sharded index of `records`, with its synonyms and query rules in the manifest. */
export function serializeShards(
  records: readonly DocSearchRecord[],
  options: {synonyms?: readonly SynonymEntry[]; rules?: readonly QueryRule[]} = {},
): ShardFiles {
  const cut = shardRecords(records);
  const shardTerms = cut.map(termsOf);
  const holders = new Map<string, number[]>();
  shardTerms.forEach((termSet, shard) => {
    for (const term of termSet) {
      const list = holders.get(term);
      if (list) list.push(shard);
      else holders.set(term, [shard]);
    }
  });
  const sorted = [...holders.keys()].sort();
  const shards = cut.map((shardRecords) => serializeIndex(shardRecords));
  return {
    shards,
    manifest(shardFileNames) {
      const file: Partial<ManifestFile> = {format: MANIFEST_FORMAT, version: MANIFEST_VERSION};
      if (options.rules && options.rules.length > 0) file.rules = compactRules(options.rules);
      if (options.synonyms && options.synonyms.length > 0)
        file.synonyms = compactSynonyms(options.synonyms);
      file.shards = [...shardFileNames];
      file.terms = frontCode(sorted);
      file.termShards = sorted
        .map((term) => (holders.get(term) as number[]).map((n) => n.toString(36)).join('.'))
        .join(',');
      return JSON.stringify(file);
    },
  };
}

function fail(message: string): never {
  throw new Error(`Invalid search shard manifest: ${message}`);
}

/** Parses and validates a manifest (a JSON string or the parsed value). */
export function readShardManifest(json: unknown): ShardManifest {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  if (data === null || typeof data !== 'object') fail('not an object');
  const file = data as Partial<ManifestFile>;
  if (file.format !== MANIFEST_FORMAT) fail(`unknown format ${JSON.stringify(file.format)}`);
  if (file.version !== MANIFEST_VERSION)
    fail(`version ${JSON.stringify(file.version)} is not supported (rebuild the index)`);
  if (!Array.isArray(file.shards) || !file.shards.every((s) => typeof s === 'string'))
    fail('shards missing');
  if (typeof file.terms !== 'string' || typeof file.termShards !== 'string')
    fail('dictionary missing');
  const sorted = frontDecode(file.terms);
  const lists = file.termShards === '' ? [] : file.termShards.split(',');
  if (lists.length !== sorted.length) fail('a term without its shards');
  const shardCount = file.shards.length;
  const terms = new Map<string, number[]>();
  sorted.forEach((term, i) => {
    const shards = (lists[i] as string).split('.').map((n) => parseInt(n, 36));
    if (!shards.every((n) => n >= 0 && n < shardCount)) fail(`term ${term} names a missing shard`);
    terms.set(term, shards);
  });
  const manifest: ShardManifest = {shards: file.shards, terms};
  if (file.synonyms !== undefined)
    manifest.synonyms = checkSynonyms(
      expandSynonyms(file.synonyms),
      'Invalid search shard manifest',
    );
  if (file.rules !== undefined)
    manifest.rules = checkQueryRules(expandRules(file.rules), 'Invalid search shard manifest');
  return manifest;
}

/** The records of a shard file. */
export const readShard = (json: unknown): DocSearchRecord[] => readIndexFile(json).records;
