/**
 * The sharded index's reader (issue 38; the format is shardFileFormat.ts): answers the multi-query
 * requests the embedded requester answers, with the same Algolia-shaped params, from the files
 * each query needs, in the engine's own two steps (engine.ts createQueryRanker).
 *
 * - open(), on the first interaction with search: the manifest, then the table its hash names (the
 *   embedded requester has asked for both at once, and hands them in through `fetch`).
 * - A query: the engine's matcher runs over the manifest's dictionary, each term standing for an
 *   empty posting that notes when the matcher reads it; every term whose posting the matcher reads
 *   is one the whole index's matcher would read, since its lookups (exact, prefix, typos, plurals,
 *   synonyms, splits, joins, codes) depend on the terms alone. The postings files holding those
 *   terms (and the excluded words') are fetched at once: one round trip.
 *   With them come the files holding the prior's rows of the query's words (priorRowsFile),
 *   mostly the same files: the client re-orders the first hits with them (priorOf).
 * - Then the query is ranked over the term index those postings filled in and the table, exactly
 *   as the whole index ranks it, and the text files of the hits it shows are fetched: a second.
 * - A one-word query whose word has an answer file (a short prefix with large postings, the first
 *   keystroke), asked as the build ranked it (the engine's answersAs: the modal's and /search's
 *   first page), is answered from that file instead, which holds its hits' text and its word's prior
 *   row: one round trip. The reader shapes the hits, as the whole index does, from the terms the
 *   word reaches in the dictionary.
 *
 * Everything fetched is kept, so later keystrokes fetch only what they add; the ranker, built once
 * over the table, is never rebuilt.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type {FetchLike} from './fetchLike';
import {createQueryRanker, type KnownRanking, type QueryRanker} from './engine';
import {fetchedTerms} from './fetchedTerms';
import {createMatcher, type Matcher} from './matching';
import {normalizeParams, requestParams, type NormalizedParams} from './params';
import {parseQuery, type QueryWord} from './query';
import {partialPrior, priorWords, type PriorOf} from './queryPrior';
import {compileQueryRules, type CompiledRules} from './queryRules';
import {
  decodePosting,
  fileOf,
  prefixRequest,
  priorRowsFile,
  readAnswerFile,
  readPostingsFile,
  readShardManifest,
  readTable,
  readTextFile,
  shardFileName,
  TABLE_ATTRIBUTES,
  type ShardManifest,
  type TableFacts,
} from './shardFileFormat';
import {compileSynonyms, type SynonymTable} from './synonyms';
import {terms as toTerms} from './text';
import type {Posting, RecordTerms, TermIndex} from './termIndex';
import type {DocSearchRecord, MultiQueryRequest, SearchResponse} from './types';

export interface ShardedSearchOptions {
  /** The manifest's URL (absolute or from the site's root); the other files are beside it. */
  manifestUrl: string;
  fetch: FetchLike;
}

export interface ShardedSearch {
  /** Fetches the manifest and the table, which every query needs (the first interaction with search). */
  open(): Promise<void>;
  /** The answers to the requests of a `POST /1/indexes/*\/queries` body, in their order. */
  search(requests: readonly MultiQueryRequest[]): Promise<SearchResponse[]>;
  /**
   * Opens the index; then the prior of a query, from the rows of its words (which its search
   * fetches too), or null when the index was built without a prior.
   */
  priorOf(): Promise<PriorOf | null>;
}

const NOTHING: number[] = [];
/** The matcher reads a record's terms only for records of a posting, and these postings have none. */
const NO_RECORDS: RecordTerms = {of: () => [], adjacent: () => false};

/** The dictionary as a term index that notes the terms the matcher looks up or reads. */
interface Dictionary {
  read: Set<string>;
  /** Without a cache: a cached word would not be read again, and its terms not noted. */
  matcher: Matcher;
  /** The terms a word, or two adjacent words, reach (see termsReached), for recent ones. */
  reached: Map<string, string[]>;
}

/** Words and pairs of words whose terms are kept: the words before the last repeat as one types. */
const REACHED_CACHE_SIZE = 256;

/**
 * The terms the matcher reads for `queryWords`: each word's lookups depend on that word alone, and
 * a join on two adjacent words, so the terms of each pair of adjacent words (of the word, for one)
 * together are the query's, and a pair typed before is not matched again.
 */
function termsReached(dictionary: Dictionary, queryWords: readonly QueryWord[]): Set<string> {
  const groups =
    queryWords.length === 1
      ? [queryWords]
      : queryWords.slice(1).map((word, i) => [queryWords[i] as QueryWord, word]);
  const terms = new Set<string>();
  for (const group of groups) {
    const key = JSON.stringify(group);
    let reached = dictionary.reached.get(key);
    if (!reached) {
      dictionary.read.clear();
      dictionary.matcher.matchQuery(group);
      reached = [...dictionary.read];
      if (dictionary.reached.size >= REACHED_CACHE_SIZE)
        dictionary.reached.delete(dictionary.reached.keys().next().value as string);
      dictionary.reached.set(key, reached);
    }
    for (const term of reached) terms.add(term);
  }
  return terms;
}

/**
 * A term index whose lookups note their term: a split word's merge of two postings stops at the
 * end of the shorter (here empty) one without reading the other, which the real merge needs.
 */
class NotingIndex extends SearchableMap<Posting> {
  readonly read = new Set<string>();

  override get(term: string): Posting | undefined {
    const found = super.get(term);
    if (found) this.read.add(term);
    return found;
  }
}

/**
 * A term's posting in the dictionary: empty, and prefix and typo lookups, which hand out postings
 * without get, note its term when they read it. One object per term, its getter on the class:
 * object literals with getters were four objects each, for every term (issue 38, the collections).
 */
class NotedPosting implements Posting {
  readonly masks = NOTHING;
  readonly positions = NOTHING;

  constructor(
    private readonly term: string,
    private readonly read: Set<string>,
  ) {}

  get ids(): number[] {
    this.read.add(this.term);
    return NOTHING;
  }
}

function dictionaryOf(terms: readonly string[]): Dictionary {
  const index = new NotingIndex();
  const {read} = index;
  for (const term of terms) index.set(term, new NotedPosting(term, read));
  return {read, matcher: createMatcher(index, NO_RECORDS, 0, 0), reached: new Map()};
}

/** What every query needs: the manifest, the table and the ranker over them. */
interface Opened {
  manifest: ShardManifest;
  dictionary: Dictionary;
  synonyms: SynonymTable;
  /** The best bets, for the attributes their filters name. */
  rules: CompiledRules;
  /** Each term's place in the dictionary. */
  termNumbers: Map<string, number>;
  /** The words that have an answer file, and its number. */
  answers: Map<string, number>;
  ranker: QueryRanker;
  /** The table: every record's facts. */
  facts: TableFacts;
  /** Per term (by number), its posting once its file is fetched. */
  postings: (Posting | undefined)[];
  place: ReturnType<typeof fetchedTerms>['place'];
  /** The prior's rows of the postings files fetched. */
  priorRows: Map<string, number[]>;
}

/**
 * Runs `step` in a task of its own: opening the index is then a few short tasks instead of one
 * long one that holds up input and paint (a page's total blocking time).
 */
function inNextTask<T>(step: () => T): Promise<T> {
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(step());
      } catch (error) {
        reject(error);
      }
    }),
  );
}

async function fetchJson(doFetch: FetchLike, url: string): Promise<unknown> {
  const response = await doFetch(url, {headers: {accept: 'application/json'}});
  if (!response.ok) throw new Error(`search shards: ${url}: HTTP ${response.status}`);
  return response.json();
}

/** Term `n`'s posting, read from the fetched ones when it is asked for (see NotedPosting). */
class FetchedPosting implements Posting {
  constructor(
    private readonly n: number,
    private readonly postings: readonly (Posting | undefined)[],
    private readonly terms: readonly string[],
  ) {}

  private posting(): Posting {
    const found = this.postings[this.n];
    // Never met: a query's postings are fetched before it is ranked (see postingFilesOf).
    if (!found)
      throw new Error(`search shards: the posting of ${this.terms[this.n]} was not fetched`);
    return found;
  }

  get ids(): number[] {
    return this.posting().ids;
  }

  get masks(): number[] {
    return this.posting().masks;
  }

  get positions(): number[] {
    return this.posting().positions;
  }
}

/** A term index of every term of the dictionary, each posting read when its file is there. */
function lazyIndex(
  terms: readonly string[],
  postings: readonly (Posting | undefined)[],
): TermIndex {
  const index: TermIndex = new SearchableMap<Posting>();
  terms.forEach((term, n) => index.set(term, new FetchedPosting(n, postings, terms)));
  return index;
}

/**
 * Throws for a filter or facet on an attribute the table does not hold. The best bets' filters on
 * url_without_anchor name the table's page keys (serializeShards), so they are the rules' alone.
 */
function checkAttributes(p: NormalizedParams, ruleFilters: readonly string[][]): void {
  const attributeOf = (filter: string) => filter.trim().replace(/^-/, '').split(':')[0] as string;
  const named = [
    ...[...p.facetFilters, ...p.optionalFilters].flat().map(attributeOf),
    ...ruleFilters
      .flat()
      .map(attributeOf)
      .filter((attribute) => attribute !== 'url_without_anchor'),
  ];
  for (const attribute of [...named, ...p.facets.filter((facet) => facet !== '*')]) {
    if (!TABLE_ATTRIBUTES.has(attribute))
      throw new Error(`search shards: filters and facets on ${attribute} are not supported`);
  }
}

export function createShardedSearch(options: ShardedSearchOptions): ShardedSearch {
  const base = options.manifestUrl.replace(/[^/]*$/, '');
  let opening: Promise<Opened> | null = null;
  const postingFiles = new Map<number, Promise<void>>();
  const textFiles = new Map<number, Promise<void>>();
  const answerFiles = new Map<number, Promise<KnownRanking>>();
  const records = new Map<number, DocSearchRecord>();

  async function load(): Promise<Opened> {
    const read = await fetchJson(options.fetch, options.manifestUrl);
    const manifest = await inNextTask(() => readShardManifest(read));
    const facts = readTable(
      await fetchJson(options.fetch, base + shardFileName(manifest.hash, 'table')),
    );
    const postings: (Posting | undefined)[] = new Array(manifest.terms.length);
    const {terms, place} = fetchedTerms(manifest.terms, facts.count);
    const data = {synonyms: manifest.synonyms, rules: manifest.rules};
    const index = await inNextTask(() => lazyIndex(manifest.terms, postings));
    return {
      manifest,
      dictionary: await inNextTask(() => dictionaryOf(manifest.terms)),
      synonyms: await inNextTask(() => compileSynonyms(manifest.synonyms ?? [])),
      rules: compileQueryRules(manifest.rules ?? []),
      termNumbers: new Map(manifest.terms.map((term, n) => [term, n])),
      answers: new Map(manifest.answers.map((word, n) => [word, n])),
      ranker: await inNextTask(() => createQueryRanker(facts, index, terms, data)),
      facts,
      postings,
      place,
      priorRows: new Map(),
    };
  }

  function open(): Promise<Opened> {
    if (opening) return opening;
    const attempt = load();
    opening = attempt;
    // Forget a failed load, so that the next request tries again.
    attempt.catch(() => {
      if (opening === attempt) opening = null;
    });
    return attempt;
  }

  function postingFile(opened: Opened, n: number): Promise<void> {
    let loading = postingFiles.get(n);
    if (!loading) {
      const {hash, postingStarts: starts, terms} = opened.manifest;
      const first = starts[n] as number;
      const end = starts[n + 1] ?? terms.length;
      loading = fetchJson(options.fetch, base + shardFileName(hash, ['p', n])).then((json) => {
        const file = readPostingsFile(json, end - first);
        file.postings.forEach((text, k) => {
          opened.postings[first + k] = decodePosting(text, opened.place(first + k));
        });
        for (const [word, counts] of Object.entries(file.priorRows))
          opened.priorRows.set(word, counts);
      });
      postingFiles.set(n, loading);
      loading.catch(() => postingFiles.delete(n));
    }
    return loading;
  }

  function textFile(opened: Opened, n: number): Promise<void> {
    let loading = textFiles.get(n);
    if (!loading) {
      const {hash, textStarts: starts} = opened.manifest;
      const first = starts[n] as number;
      const end = starts[n + 1] ?? opened.facts.count;
      loading = fetchJson(options.fetch, base + shardFileName(hash, ['t', n])).then((json) => {
        const facts = Array.from({length: end - first}, (_, k) => opened.facts.record(first + k));
        readTextFile(json, facts).forEach((record, k) => records.set(first + k, record));
      });
      textFiles.set(n, loading);
      loading.catch(() => textFiles.delete(n));
    }
    return loading;
  }

  /** Answer file `n`: its hits' records and its word's prior rows are kept as the other files'. */
  function answerFile(opened: Opened, n: number): Promise<KnownRanking> {
    let loading = answerFiles.get(n);
    if (!loading) {
      const url = base + shardFileName(opened.manifest.hash, ['a', n]);
      loading = fetchJson(options.fetch, url).then((json) => {
        const answer = readAnswerFile(json, opened.facts);
        answer.known.hitIds.forEach((id, k) =>
          records.set(id, answer.records[k] as DocSearchRecord),
        );
        for (const [word, counts] of Object.entries(answer.priorRows))
          opened.priorRows.set(word, counts);
        return answer.known;
      });
      answerFiles.set(n, loading);
      loading.catch(() => answerFiles.delete(n));
    }
    return loading;
  }

  /** The answer file of a query of one word (as the tokenizer reads it), if that word has one. */
  function answerOfWord(opened: Opened, query: string): number | undefined {
    const words = toTerms(query);
    return words.length === 1 ? opened.answers.get(words[0] as string) : undefined;
  }

  /** The postings files holding the prior's rows of a query's words (none without a prior). */
  function priorFilesOf(opened: Opened, query: string): number[] {
    const {manifest} = opened;
    return manifest.prior ? priorWords(query).map((word) => priorRowsFile(manifest, word)) : [];
  }

  /** A request's words, once its filters and facets are known to be the table's. */
  function parsed(opened: Opened, request: MultiQueryRequest) {
    if (request.type === 'facet')
      throw new Error('searchForFacetValues is not supported by the embedded search index');
    const p = normalizeParams(requestParams(request));
    checkAttributes(p, p.enableRules ? opened.rules.filtersFor(p.query) : []);
    return {p, ...parseQuery(p.query, p, opened.synonyms)};
  }

  /**
   * The answer file that answers a request, the request's one word ranked as the build ranked it
   * (prefixRequest), with the matches of its word over the dictionary; null when none does.
   */
  function answerOf(opened: Opened, request: MultiQueryRequest) {
    const {queryWords, excluded} = parsed(opened, request);
    const [only] = queryWords;
    if (!only || queryWords.length > 1 || excluded.length > 0) return null;
    const n = opened.answers.get(only.word);
    if (
      n === undefined ||
      !opened.ranker.answersAs(requestParams(request), prefixRequest(only.word))
    )
      return null;
    return {n, matches: opened.dictionary.matcher.matchQuery(queryWords)};
  }

  /**
   * The postings files a request needs: those of the terms it reaches and of its excluded words,
   * and those of its words' prior rows.
   */
  function postingFilesOf(opened: Opened, request: MultiQueryRequest): number[] {
    const {manifest, dictionary, termNumbers} = opened;
    const {p, queryWords, excluded} = parsed(opened, request);
    const needed = new Set(priorFilesOf(opened, p.query));
    for (const term of [...termsReached(dictionary, queryWords), ...excluded]) {
      const n = termNumbers.get(term);
      if (n !== undefined) needed.add(fileOf(manifest.postingStarts, n));
    }
    return [...needed];
  }

  return {
    async open() {
      await open();
    },
    async search(requests) {
      const opened = await open();
      const answers = requests.map((request) => answerOf(opened, request));
      const needed = new Set(
        requests.flatMap((request, i) => (answers[i] ? [] : postingFilesOf(opened, request))),
      );
      // Every answer file and postings file of every request at once: one round trip.
      const [known] = await Promise.all([
        Promise.all(answers.map((answer) => answer && answerFile(opened, answer.n))),
        ...[...needed].map((n) => postingFile(opened, n)),
      ]);
      const ranked = requests.map((request, i) => {
        const raw = requestParams(request);
        const answer = answers[i];
        const ranking = known[i];
        return answer && ranking
          ? opened.ranker.answerKnown(raw, request.indexName, ranking, answer.matches)
          : opened.ranker.rank(raw, request.indexName);
      });
      // The text of every hit shown that an answer file did not bring: a second.
      const texts = new Set(
        ranked.flatMap((query) =>
          query.hitIds.flatMap((id) =>
            records.has(id) ? [] : [fileOf(opened.manifest.textStarts, id)],
          ),
        ),
      );
      await Promise.all([...texts].map((n) => textFile(opened, n)));
      return ranked.map((query) => query.respond((id) => records.get(id) as DocSearchRecord));
    },
    async priorOf() {
      const opened = await open();
      const head = opened.manifest.prior;
      if (!head) return null;
      return async (query) => {
        // A query of a word with an answer file is answered from it, which holds the word's row.
        const answer = answerOfWord(opened, query);
        await (answer === undefined
          ? Promise.all(priorFilesOf(opened, query).map((n) => postingFile(opened, n)))
          : answerFile(opened, answer));
        const rows: Record<string, number[]> = {};
        for (const word of priorWords(query)) {
          const counts = opened.priorRows.get(word);
          if (counts) rows[word] = counts;
        }
        return partialPrior(head, rows);
      };
    },
  };
}
