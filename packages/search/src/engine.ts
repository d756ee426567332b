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
import {normalizeParams} from './params';
import {parseQuery} from './query';
import {createRanker} from './ranking';
import {compileQueryRules, type QueryRule} from './queryRules';
import {pageOf, searchResponse} from './response';
import {compileSynonyms, type SynonymEntry} from './synonyms';
import {buildTermIndex, recordTerms} from './termIndex';
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
  const index = buildTermIndex(records);
  const termsOfRecords = recordTerms(records);
  const parts: RecordParts = {
    records,
    index,
    matcher: createMatcher(index, termsOfRecords, records.length),
    filterSets: createRecordFilters(records),
    ranker: createRanker(records, termsOfRecords),
    distinct: distinctCounter(records),
  };
  return engineOver(parts, synonyms, rules);
}

/** What an engine makes of its records, whatever its synonyms and rules. */
interface RecordParts {
  records: readonly DocSearchRecord[];
  index: ReturnType<typeof buildTermIndex>;
  matcher: ReturnType<typeof createMatcher>;
  filterSets: ReturnType<typeof createRecordFilters>;
  ranker: ReturnType<typeof createRanker>;
  distinct: ReturnType<typeof distinctCounter>;
}

function engineOver(
  parts: RecordParts,
  synonyms: EngineData['synonyms'],
  rules: EngineData['rules'],
): SearchEngine {
  const {records, index, matcher, filterSets, ranker, distinct} = parts;
  const synonymTable = compileSynonyms(synonyms ?? []);
  const queryRules = compileQueryRules(rules ?? []);
  const shaper = createHitShaper();

  function search(raw: SearchParams | Record<string, unknown>, indexName?: string): SearchResponse {
    const started = now();
    const p = normalizeParams(raw);
    const ruleFilters = p.enableRules ? queryRules.filtersFor(p.query) : [];
    const filters = filterSets.filtersFor(p.facetFilters, [...p.optionalFilters, ...ruleFilters]);
    const {queryWords, excluded} = parseQuery(p.query, p, synonymTable);
    const excludedIds = new Set<number>();
    for (const term of excluded) for (const id of index.get(term)?.ids ?? []) excludedIds.add(id);

    const queryWordMatches = matcher.matchQuery(queryWords);
    const needed = (p.page + 1) * p.hitsPerPage;
    const ranking =
      queryWords.length === 0
        ? ranker.everyRecord(filters, excludedIds)
        : ranker.rank({queryWords, queryWordMatches, excludedIds, filters}, needed, p.distinct > 0);

    const facetAttributes = p.facets.includes('*') ? [...FACET_ATTRIBUTES] : p.facets;
    // Counts are order-free, but values are listed in ranking order: walk the full order.
    const facets =
      facetAttributes.length > 0
        ? countFacets(
            [...ranking.head, ...ranking.rest()].map((c) => c.record),
            facetAttributes,
          )
        : null;

    const plan = hitPlan(p, [...new Set(queryWords.map((s) => s.word))], queryWordMatches);
    const hits = pageOf(ranking.head, p).map((c) => shaper.hit(c, plan));
    const processingTimeMS = Math.max(1, Math.round(now() - started));
    const nbHits = distinct.count(ranking.ids, p.distinct);
    return searchResponse({raw, p, indexName, hits, nbHits, facets, processingTimeMS});
  }

  return {
    records,
    search,
    withSearchData: (other) => engineOver(parts, other.synonyms, other.rules),
  };
}
