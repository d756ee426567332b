/**
 * An Algolia-compatible query engine over DocSearch records.
 *
 * Words are looked up in MiniSearch's radix tree (`SearchableMap`: exact,
 * prefix and edit-distance lookups); ranking follows Algolia's
 * tie-breaking criteria with DocSearch's index settings (not a BM25 score):
 *
 *   words (only differs in the any-word fallback) > filters (optionalFilters, the query's and its
 *   rules') > typo > attribute
 *   (hierarchy.lvl0 … lvl6, then content) > proximity > exact >
 *   custom: desc(weight.pageRank), desc(weight.level), asc(weight.position)
 *
 * then `distinct` on `url` (DocSearch's attributeForDistinct).
 *
 * The parts, in the order a query goes through them: query.ts (words), matching.ts (the records
 * each word matches, through termIndex.ts), ranking.ts (criteria.ts, proximity.ts, rankKey.ts,
 * distinct.ts), hits.ts and response.ts (what Algolia answers, with facets.ts).
 */
import {distinctCounter} from './distinct';
import {countFacets, FACET_ATTRIBUTES} from './facets';
import {createRecordFilters} from './filters';
import {createHitShaper, hitPlan} from './hits';
import {createMatcher} from './matching';
import {normalizeParams, type NormalizedParams} from './params';
import {parseQuery} from './query';
import {createRanker} from './ranking';
import {factsOfRecords, type RecordFacts} from './recordFacts';
import {compileQueryRules, type QueryRule} from './queryRules';
import {pageOf, searchResponse} from './response';
import type {QueryWordMatches} from './queryWordMatches';
import {compileSynonyms, type SynonymEntry} from './synonyms';
import {buildTermIndex, recordTerms, type RecordTerms, type TermIndex} from './termIndex';
import type {DocSearchRecord, SearchParams, SearchResponse} from './types';

export {staticOrder} from './ranking';

export interface SearchEngine {
  readonly records: readonly DocSearchRecord[];
  search(params: SearchParams | Record<string, unknown>, indexName?: string): SearchResponse;
  /**
   * The engine over the same records with other synonyms and rules, reusing their term index:
   * what `npm run search:evidence` ranks with, an entry left out at a time.
   */
  withSearchData(data: Omit<EngineData, 'records'>): SearchEngine;
}

export interface EngineData {
  records: readonly DocSearchRecord[];
  /** Synonyms in Algolia's format, applied to every query (see synonyms.ts). */
  synonyms?: readonly SynonymEntry[] | undefined;
  /** Query rules in Algolia's format, applied to every query unless it disables them (see queryRules.ts). */
  rules?: readonly QueryRule[] | undefined;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function createSearchEngine(data: readonly DocSearchRecord[] | EngineData): SearchEngine {
  const {records, synonyms, rules} = Array.isArray(data)
    ? {records: data as readonly DocSearchRecord[], synonyms: undefined, rules: undefined}
    : (data as EngineData);
  const parts = recordParts(factsOfRecords(records), buildTermIndex(records), recordTerms(records));
  return engineOver(records, parts, synonyms, rules);
}

/** What an engine makes of its records, whatever its synonyms and rules. */
interface RecordParts {
  facts: RecordFacts;
  index: TermIndex;
  matcher: ReturnType<typeof createMatcher>;
  filterSets: ReturnType<typeof createRecordFilters>;
  ranker: ReturnType<typeof createRanker>;
  distinct: ReturnType<typeof distinctCounter>;
}

/**
 * The parts over the records' facts and their terms both ways. Ranking, filters, facets and
 * distinct read only the facts (RecordFacts): the sharded reader has those of its table, and gives
 * the hits their whole records.
 */
function recordParts(facts: RecordFacts, index: TermIndex, terms: RecordTerms): RecordParts {
  return {
    facts,
    index,
    matcher: createMatcher(index, terms, facts.count),
    filterSets: createRecordFilters(facts),
    ranker: createRanker(facts, terms),
    distinct: distinctCounter(facts),
  };
}

/** A query ranked, counted and faceted, whose hits wait for their records (see QueryRanker). */
export interface RankedQuery {
  /** The ids of the records the requested page shows, in order. */
  hitIds: number[];
  /** The answer, given the whole record of each of `hitIds`. */
  respond(recordOf: (id: number) => DocSearchRecord): SearchResponse;
}

/** A query the ranker ranked itself, whose ranking may answer later requests (answerKnown). */
export interface FreshRanking extends RankedQuery {
  /**
   * What answering a request from this ranking needs, or null when a hit shown matched through
   * split words or a phrase of a synonym, whose terms only this query's matches of that record
   * hold (the matches answerKnown is given know a word's terms, not its records).
   */
  known(): KnownRanking | null;
}

/**
 * A ranking made before a request for it, by rank(): the sharded index's answers to the shortest
 * prefixes, ranked by the build (issue 38).
 */
export interface KnownRanking {
  /** The hits of its first page, after distinct, in order. */
  hitIds: number[];
  nbHits: number;
  /** The facets its request asked for, counted over all its hits (countFacets). */
  facets: Record<string, Record<string, number>>;
}

/**
 * Search in two steps, for an index whose records' text is fetched apart from what ranks them (the
 * sharded reader): rank a query over the records' terms and facts, then shape the hits.
 */
export interface QueryRanker {
  rank(raw: SearchParams | Record<string, unknown>, indexName?: string): FreshRanking;
  /**
   * Whether the answer to `raw` can be cut from the ranking of `asked` (its page 0, `known()`): both
   * rank the same words over the same records alike (words, exclusions, accepted records, optional
   * filters and rules, distinct), and `raw` asks for no hit past `asked`'s first page, no facet
   * it did not count and no ranking information, which a known ranking does not keep.
   */
  answersAs(
    raw: SearchParams | Record<string, unknown>,
    asked: SearchParams | Record<string, unknown>,
  ): boolean;
  /**
   * The answer to `raw` from `known`, the ranking of a request it answersAs, given the matches of
   * its query words over the terms alone (no records: their terms are all highlighting needs).
   */
  answerKnown(
    raw: SearchParams | Record<string, unknown>,
    indexName: string | undefined,
    known: KnownRanking,
    matches: readonly QueryWordMatches[],
  ): RankedQuery;
}

/**
 * The two-step search over records known by their facts (see recordParts), a term index and their
 * terms in order; every posting a query reaches must be there when it is ranked.
 */
export function createQueryRanker(
  facts: RecordFacts,
  index: TermIndex,
  terms: RecordTerms,
  data: Omit<EngineData, 'records'>,
): QueryRanker {
  return rankerOver(recordParts(facts, index, terms), data.synonyms, data.rules);
}

function rankerOver(
  parts: RecordParts,
  synonyms: EngineData['synonyms'],
  rules: EngineData['rules'],
): QueryRanker {
  const {facts, index, matcher, filterSets, ranker, distinct} = parts;
  const synonymTable = compileSynonyms(synonyms ?? []);
  const queryRules = compileQueryRules(rules ?? []);
  const shaper = createHitShaper();

  /** What ranks a request: its words and exclusions, and the records its filters accept and favour. */
  function inputsOf(raw: SearchParams | Record<string, unknown>) {
    const p = normalizeParams(raw);
    const ruleFilters = p.enableRules ? queryRules.filtersFor(p.query) : [];
    const filters = filterSets.filtersFor(p.facetFilters, [...p.optionalFilters, ...ruleFilters]);
    return {p, filters, ...parseQuery(p.query, p, synonymTable)};
  }

  const facetAttributesOf = (p: NormalizedParams): string[] =>
    p.facets.includes('*') ? [...FACET_ATTRIBUTES] : p.facets;

  function rank(raw: SearchParams | Record<string, unknown>, indexName?: string): FreshRanking {
    const started = now();
    const {p, filters, queryWords, excluded} = inputsOf(raw);
    const excludedIds = new Set<number>();
    for (const term of excluded) for (const id of index.get(term)?.ids ?? []) excludedIds.add(id);

    const queryWordMatches = matcher.matchQuery(queryWords);
    const needed = (p.page + 1) * p.hitsPerPage;
    const ranking =
      queryWords.length === 0
        ? ranker.everyRecord(filters, excludedIds)
        : ranker.rank({queryWords, queryWordMatches, excludedIds, filters}, needed, p.distinct > 0);

    const facetAttributes = facetAttributesOf(p);
    // Counts are order-free, but values are listed in ranking order: walk the full order.
    const facets =
      facetAttributes.length > 0
        ? countFacets(
            [...ranking.head, ...ranking.rest()].map((c) => c.id),
            facts,
            facetAttributes,
          )
        : null;

    const plan = hitPlan(p, [...new Set(queryWords.map((s) => s.word))], queryWordMatches);
    const shown = pageOf(ranking.head, p, facts.urls);
    const nbHits = distinct.count(ranking.ids, p.distinct);
    const hitIds = shown.map((c) => c.id);
    return {
      hitIds,
      respond(recordOf) {
        const hits = shown.map((c) => shaper.hit({...c, record: recordOf(c.id)}, plan));
        const processingTimeMS = Math.max(1, Math.round(now() - started));
        return searchResponse({raw, p, indexName, hits, nbHits, facets, processingTimeMS});
      },
      known() {
        const split = queryWordMatches.some((m) => hitIds.some((id) => m.splitTerms.has(id)));
        return split ? null : {hitIds, nbHits, facets: facets ?? {}};
      },
    };
  }

  function answersAs(
    raw: SearchParams | Record<string, unknown>,
    asked: SearchParams | Record<string, unknown>,
  ): boolean {
    const a = inputsOf(raw);
    const b = inputsOf(asked);
    const counted = new Set(facetAttributesOf(b.p));
    return (
      b.p.page === 0 &&
      (a.p.page + 1) * a.p.hitsPerPage <= b.p.hitsPerPage &&
      facetAttributesOf(a.p).every((attribute) => counted.has(attribute)) &&
      !a.p.getRankingInfo &&
      a.p.distinct === b.p.distinct &&
      JSON.stringify([a.queryWords, a.excluded]) === JSON.stringify([b.queryWords, b.excluded]) &&
      sameValues(a.filters.accepted, b.filters.accepted) &&
      sameValues(a.filters.scores, b.filters.scores)
    );
  }

  function answerKnown(
    raw: SearchParams | Record<string, unknown>,
    indexName: string | undefined,
    known: KnownRanking,
    matches: readonly QueryWordMatches[],
  ): RankedQuery {
    const started = now();
    const {p, queryWords} = inputsOf(raw);
    const hitIds = known.hitIds.slice(p.page * p.hitsPerPage, (p.page + 1) * p.hitsPerPage);
    const attributes = [...new Set(facetAttributesOf(p))];
    const facets =
      attributes.length > 0
        ? Object.fromEntries(attributes.map((a) => [a, known.facets[a] ?? {}]))
        : null;
    const plan = hitPlan(p, [...new Set(queryWords.map((s) => s.word))], matches);
    const {nbHits} = known;
    return {
      hitIds,
      respond(recordOf) {
        const hits = hitIds.map((id) => shaper.hit({id, record: recordOf(id)}, plan));
        const processingTimeMS = Math.max(1, Math.round(now() - started));
        return searchResponse({raw, p, indexName, hits, nbHits, facets, processingTimeMS});
      },
    };
  }

  return {rank, answersAs, answerKnown};
}

/** Whether two per-record arrays (or two nulls) hold the same values. */
function sameValues(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((value, i) => value === b[i]);
}

function engineOver(
  records: readonly DocSearchRecord[],
  parts: RecordParts,
  synonyms: EngineData['synonyms'],
  rules: EngineData['rules'],
): SearchEngine {
  const {rank} = rankerOver(parts, synonyms, rules);
  return {
    records,
    search: (raw, indexName) =>
      rank(raw, indexName).respond((id) => records[id] as DocSearchRecord),
    withSearchData: (other) => engineOver(records, parts, other.synonyms, other.rules),
  };
}
