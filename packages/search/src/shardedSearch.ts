/**
 * The sharded index's reader (issue 38, first stage; the format is shardFileFormat.ts): answers the
 * multi-query requests the embedded requester answers, with the same Algolia-shaped params, from
 * the shards each query needs. The manifest is fetched once; then every shard the requests need,
 * in parallel, each kept for later keystrokes: two round trips in sequence at most.
 *
 * A query's shards: the engine's own matcher (matching.ts) runs over the manifest's dictionary,
 * each term standing for an empty posting that notes when the matcher reads it; every term whose
 * posting the matcher reads is one the whole index's matcher would read, since its lookups (exact,
 * prefix, typos, plurals, synonyms, splits, joins, codes) depend on the terms alone. The engine
 * over the records of those terms' shards then answers exactly as the whole index would: every
 * record that holds such a term is there, and the other records' terms reach no query word.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type {FetchLike} from './embeddedRequester';
import {createSearchEngine, type SearchEngine} from './engine';
import {createMatcher, type Matcher} from './matching';
import {normalizeParams, requestParams} from './params';
import {parseQuery} from './query';
import {readShard, readShardManifest, type ShardManifest} from './shardFileFormat';
import {compileSynonyms, type SynonymTable} from './synonyms';
import type {Posting, RecordTerms, TermIndex} from './termIndex';
import type {DocSearchRecord, MultiQueryRequest, SearchResponse} from './types';

export interface ShardedSearchOptions {
  /** The manifest's URL (absolute or from the site's root); the shards are beside it. */
  manifestUrl: string;
  fetch: FetchLike;
}

export interface ShardedSearch {
  /** The answers to the requests of a `POST /1/indexes/*\/queries` body, in their order. */
  search(requests: readonly MultiQueryRequest[]): Promise<SearchResponse[]>;
}

/** Engines over the shard sets of recent queries (a keystroke often needs the shards of the last). */
const ENGINE_CACHE_SIZE = 16;

/** The dictionary as a term index whose postings note the terms the matcher reads. */
interface Dictionary {
  index: TermIndex;
  read: Set<string>;
  /** Without a cache: a cached word would not be read again, and its terms not noted. */
  matcher: Matcher;
}

const NOTHING: number[] = [];
/** The matcher reads a record's terms only for records of a posting, and these postings have none. */
const NO_RECORDS: RecordTerms = {of: () => [], adjacent: () => false};

function dictionaryOf(terms: ShardManifest['terms']): Dictionary {
  const read = new Set<string>();
  const index: TermIndex = new SearchableMap<Posting>();
  for (const term of terms.keys()) {
    index.set(term, {
      get ids() {
        read.add(term);
        return NOTHING;
      },
      masks: NOTHING,
      positions: NOTHING,
    });
  }
  return {index, read, matcher: createMatcher(index, NO_RECORDS, 0, 0)};
}

interface Loaded {
  manifest: ShardManifest;
  dictionary: Dictionary;
  synonyms: SynonymTable;
}

async function fetchJson(doFetch: FetchLike, url: string): Promise<unknown> {
  const response = await doFetch(url, {headers: {accept: 'application/json'}});
  if (!response.ok) throw new Error(`search shards: ${url}: HTTP ${response.status}`);
  return response.json();
}

export function createShardedSearch(options: ShardedSearchOptions): ShardedSearch {
  const base = options.manifestUrl.replace(/[^/]*$/, '');
  let loading: Promise<Loaded> | null = null;
  const shards = new Map<number, Promise<DocSearchRecord[]>>();
  const engines = new Map<string, SearchEngine>();

  function load(): Promise<Loaded> {
    if (loading) return loading;
    const attempt = fetchJson(options.fetch, options.manifestUrl).then((json) => {
      const manifest = readShardManifest(json);
      return {
        manifest,
        dictionary: dictionaryOf(manifest.terms),
        synonyms: compileSynonyms(manifest.synonyms ?? []),
      };
    });
    loading = attempt;
    // Forget a failed load, so that the next request tries again.
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    return attempt;
  }

  function shard(loaded: Loaded, n: number): Promise<DocSearchRecord[]> {
    let records = shards.get(n);
    if (!records) {
      records = fetchJson(options.fetch, base + (loaded.manifest.shards[n] as string)).then(
        readShard,
      );
      shards.set(n, records);
      records.catch(() => shards.delete(n));
    }
    return records;
  }

  /** The shards a request needs, ascending: those of the terms it reaches (all for no words). */
  function shardsOf(
    {manifest, dictionary, synonyms}: Loaded,
    request: MultiQueryRequest,
  ): number[] {
    if (request.type === 'facet')
      throw new Error('searchForFacetValues is not supported by the embedded search index');
    const params = normalizeParams(requestParams(request));
    const {queryWords} = parseQuery(params.query, params, synonyms);
    // The empty query lists every record.
    if (queryWords.length === 0) return manifest.shards.map((_, n) => n);
    dictionary.read.clear();
    dictionary.matcher.matchQuery(queryWords);
    const needed = new Set<number>();
    for (const term of dictionary.read)
      for (const n of manifest.terms.get(term) ?? NOTHING) needed.add(n);
    return [...needed].sort((a, b) => a - b);
  }

  async function engineOver(
    loaded: Loaded,
    shardNumbers: readonly number[],
  ): Promise<SearchEngine> {
    const key = shardNumbers.join(',');
    let engine = engines.get(key);
    if (engine) {
      engines.delete(key);
    } else {
      const records = (await Promise.all(shardNumbers.map((n) => shard(loaded, n)))).flat();
      engine = createSearchEngine({
        records,
        synonyms: loaded.manifest.synonyms,
        rules: loaded.manifest.rules,
      });
      if (engines.size >= ENGINE_CACHE_SIZE) engines.delete(engines.keys().next().value as string);
    }
    engines.set(key, engine);
    return engine;
  }

  return {
    async search(requests) {
      const loaded = await load();
      const needs = requests.map((request) => shardsOf(loaded, request));
      // Every shard of every request at once: one round trip.
      await Promise.all([...new Set(needs.flat())].map((n) => shard(loaded, n)));
      return Promise.all(
        requests.map(async (request, i) =>
          (await engineOver(loaded, needs[i] as number[])).search(
            requestParams(request),
            request.indexName,
          ),
        ),
      );
    },
  };
}
