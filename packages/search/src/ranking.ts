/**
 * Ranking: the records matching a query in Algolia's order. Records are grouped by their packed
 * rank key (the criteria before proximity), groups taken in key order, and within a group ordered
 * by proximity, exact words and the custom ranking (see groupOrderKey).
 */
import {candidate, exactCriterion, matchedWords, rankKeyOf, type Candidate} from './criteria';
import type {RecordFilters} from './filters';
import {proximityOf} from './proximity';
import type {QueryWord} from './query';
import {groupOrderKey} from './rankKey';
import {termTest, type QueryWordMatches} from './queryWordMatches';
import type {RecordTerms} from './termIndex';
import type {DocSearchRecord} from './types';

/** See orderLargeGroup: a group above 1/8 of the records is ordered by walking the static order. */
const LARGE_GROUP_RATIO = 8;

/**
 * Algolia's limit on a query of at least LONG_QUERY_WORDS words that are all optional: past every
 * RESULTS_PER_STEP results, a record must match more of the words (one more, or from
 * MANY_OPTIONAL_WORDS words on, a fifth of them more), so that such a query does not return the
 * whole index.
 */
const LONG_QUERY_WORDS = 4;
const RESULTS_PER_STEP = 1000;
const MANY_OPTIONAL_WORDS = 10;

/** A query to rank: its words, their matches and what filters out records. */
interface RankQuery {
  queryWords: readonly QueryWord[];
  queryWordMatches: readonly QueryWordMatches[];
  excludedIds: ReadonlySet<number>;
  filters: RecordFilters;
}

/** Candidates of a query: all of them (unordered), and the leading ones in final order. */
interface Ranking {
  /** Every matching record id (unordered). */
  ids: number[];
  /** Holds at least the requested page's hits (all of them when fewer), in final order. */
  head: Candidate[];
  /** The candidates after `head`, in the order a full sort gives (computed on demand). */
  rest: () => Candidate[];
}

export interface Ranker {
  /**
   * The matches of every word that is not optional, or when none match them all, of any word
   * (removeWordsIfNoResults: allOptional), ordered far enough for `needed` hits (distinct urls
   * when `distinct`).
   */
  rank(query: RankQuery, needed: number, distinct: boolean): Ranking;
  /** Every record the filters leave, in custom-ranking order (the empty query). */
  everyRecord(filters: RecordFilters, excludedIds: ReadonlySet<number>): Ranking;
}

/**
 * The custom ranking (desc pageRank, desc level, asc position, then id) as
 * one integer per record: `staticRank[id]`, and its inverse.
 */
export function staticOrder(records: readonly DocSearchRecord[]): {
  staticRank: Int32Array;
  byStaticRank: Int32Array;
} {
  const byStaticRank = Int32Array.from(records.keys());
  byStaticRank.sort((x, y) => {
    const a = (records[x] as DocSearchRecord).weight;
    const b = (records[y] as DocSearchRecord).weight;
    return (
      (b.pageRank ?? 0) - (a.pageRank ?? 0) || b.level - a.level || a.position - b.position || x - y
    );
  });
  const staticRank = new Int32Array(records.length);
  byStaticRank.forEach((id, rank) => (staticRank[id] = rank));
  return {staticRank, byStaticRank};
}

/** Pairs of consecutive words of one quoted phrase: a record must hold each pair adjacent, in order. */
function phrasePairs(
  queryWords: readonly QueryWord[],
  queryWordMatches: readonly QueryWordMatches[],
): [QueryWordMatches, QueryWordMatches][] {
  const pairs: [QueryWordMatches, QueryWordMatches][] = [];
  queryWords.forEach((s, i) => {
    const next = queryWords[i + 1];
    if (s.phrase !== null && next && next.phrase === s.phrase) {
      pairs.push([
        queryWordMatches[i] as QueryWordMatches,
        queryWordMatches[i + 1] as QueryWordMatches,
      ]);
    }
  });
  return pairs;
}

/** What ranking needs of the records, worked out once per engine. */
interface RankContext {
  records: readonly DocSearchRecord[];
  terms: RecordTerms;
  staticRank: Int32Array;
  byStaticRank: Int32Array;
}

const filterScore = (scores: Uint8Array | null, id: number): number =>
  scores ? (scores[id] as number) : 0;

/** The matches of the required words, or when there are none, of any word. */
function matchingIds(
  queryWordMatches: readonly QueryWordMatches[],
  required: readonly QueryWordMatches[],
): Iterable<number> {
  if (required.length === 0) return new Set(queryWordMatches.flatMap((m) => m.ids));
  const [smallest, ...others] = [...required].sort((a, b) => a.ids.length - b.ids.length);
  return (smallest?.ids ?? []).filter((id) => others.every((m) => (m.typos[id] as number) >= 0));
}

/** The ids of a long query of optional words that Algolia's limit keeps (see LONG_QUERY_WORDS). */
function withinLongQueryLimit(ctx: RankContext, query: RankQuery, ids: number[]): number[] {
  const wordCount = query.queryWords.length;
  if (ids.length <= RESULTS_PER_STEP) return ids;
  const step = wordCount < MANY_OPTIONAL_WORDS ? 1 : Math.floor(wordCount / 5);
  const words = new Map(ids.map((id) => [id, matchedWords(query.queryWordMatches, id)]));
  // By words, most first (the first criterion), then the static order: at the limit, which of
  // the records that tie on words stay is otherwise a matter of the later criteria.
  const ordered = [...ids].sort(
    (a, b) =>
      (words.get(b) as number) - (words.get(a) as number) ||
      (ctx.staticRank[a] as number) - (ctx.staticRank[b] as number),
  );
  return ordered.filter(
    (id, p) => (words.get(id) as number) >= 1 + Math.floor(p / RESULTS_PER_STEP) * step,
  );
}

/** The rank key of candidate `id` for the query (see rankKey). */
const rankKeyIn = (query: RankQuery, id: number): number =>
  rankKeyOf(query.queryWordMatches, id, filterScore(query.filters.scores, id));

/**
 * Of the candidates, the ids whose rank keys the requested page needs: those matching the most query
 * words, a word count at a time (words is the first criterion), until they hold `needed` hits
 * (distinct urls when `distinct`). Every other candidate matches fewer words, so it ranks after all
 * of them whatever its other criteria: its key can wait until something asks for the rest. Only a
 * query with optional words has candidates with different word counts.
 */
function leadingByWords(
  ctx: RankContext,
  queryWordMatches: readonly QueryWordMatches[],
  ids: readonly number[],
  needed: number,
  distinct: boolean,
): {leading: number[]; later: number[]} {
  const byWords: number[][] = Array.from({length: queryWordMatches.length + 1}, () => []);
  for (const id of ids) byWords[matchedWords(queryWordMatches, id)]?.push(id);
  const leading: number[] = [];
  const urls = new Set<string>();
  let words = queryWordMatches.length;
  for (; words >= 0 && (distinct ? urls.size : leading.length) < needed; words--) {
    for (const id of byWords[words] as number[]) {
      leading.push(id);
      if (distinct) urls.add((ctx.records[id] as DocSearchRecord).url);
    }
  }
  return {leading, later: byWords.slice(0, words + 1).flat()};
}

/**
 * The documents matching the query words that pass the filters, excluded words and phrases: all of
 * them (`ids`), and the leading ones with their rank keys (see rankKey and leadingByWords). No
 * Candidate objects: there can be tens of thousands, and only the leading ones are needed.
 */
function candidateKeys(
  ctx: RankContext,
  query: RankQuery,
  required: readonly QueryWordMatches[],
  needed: number,
  distinct: boolean,
): {ids: number[]; leading: number[]; keys: number[]; later: number[]} {
  const {queryWordMatches, excludedIds} = query;
  const {accepted} = query.filters;
  const ids = matchingIds(queryWordMatches, required);
  const phrases = phrasePairs(query.queryWords, queryWordMatches);
  const inPhrases = (id: number): boolean =>
    phrases.every(
      ([a, b]) =>
        (a.typos[id] as number) >= 0 &&
        (b.typos[id] as number) >= 0 &&
        ctx.terms.adjacent(id, termTest(a, id), termTest(b, id)),
    );
  let kept: number[] = [];
  for (const id of ids) {
    if (!accepted[id] || (excludedIds.size > 0 && excludedIds.has(id))) continue;
    if (phrases.length > 0 && !inPhrases(id)) continue;
    kept.push(id);
  }
  const allOptional = query.queryWords.every((queryWord) => queryWord.optional);
  if (allOptional && query.queryWords.length >= LONG_QUERY_WORDS)
    kept = withinLongQueryLimit(ctx, query, kept);
  const {leading, later} =
    required.length < queryWordMatches.length
      ? leadingByWords(ctx, queryWordMatches, kept, needed, distinct)
      : {leading: kept, later: []};
  const keys = leading.map((id) => rankKeyIn(query, id));
  return {ids: kept, leading, keys, later};
}

/** Ids grouped by their rank key, and the keys in order (best first). */
function groupsByKey(
  ids: readonly number[],
  keys: readonly number[],
): {byKey: Map<number, number[]>; sortedKeys: number[]} {
  const byKey = new Map<number, number[]>();
  for (let i = 0; i < ids.length; i++) {
    const group = byKey.get(keys[i] as number);
    if (group) group.push(ids[i] as number);
    else byKey.set(keys[i] as number, [ids[i] as number]);
  }
  return {byKey, sortedKeys: [...byKey.keys()].sort((a, b) => a - b)};
}

/**
 * Orders ids that tie on the rank key, through one packed number per id
 * (see groupOrderKey): sorting numbers is far cheaper than comparing objects.
 */
function orderGroup(
  ctx: RankContext,
  group: number[],
  queryWordMatches: readonly QueryWordMatches[],
  /** Where to record proximities; null: not computed (0). */
  proximities: Map<number, number> | null,
): number[] {
  const n = ctx.records.length;
  if (!proximities && group.length * LARGE_GROUP_RATIO > n)
    return orderLargeGroup(ctx, group, queryWordMatches);
  const packed = new Float64Array(group.length);
  group.forEach((id, i) => {
    const proximity = proximities ? proximityOf(id, queryWordMatches, ctx.terms) : 0;
    proximities?.set(id, proximity);
    packed[i] = groupOrderKey(
      proximity,
      exactCriterion(queryWordMatches, id, ctx.terms),
      ctx.staticRank[id] as number,
      n,
    );
  });
  packed.sort();
  return Array.from(packed, (v) => ctx.byStaticRank[v % n] as number);
}

/**
 * orderGroup without proximities, for a group holding a good part of all
 * records (a one-letter prefix): walking the static order once per exact
 * count is cheaper than sorting the group.
 */
function orderLargeGroup(
  ctx: RankContext,
  group: number[],
  queryWordMatches: readonly QueryWordMatches[],
): number[] {
  // 0: not in the group; at most MAX_QUERY_WORDS + 1, which fits a byte (see checkPacking)
  const exactPlusOne = new Uint8Array(ctx.records.length);
  for (const id of group) exactPlusOne[id] = exactCriterion(queryWordMatches, id, ctx.terms) + 1;
  const ordered: number[] = [];
  for (let level = queryWordMatches.length + 1; level >= 1; level--) {
    for (const id of ctx.byStaticRank) if (exactPlusOne[id] === level) ordered.push(id);
  }
  return ordered;
}

/**
 * Every matching candidate (unordered) and the `head`: the leading
 * candidates in their exact final order. Only the first `needed` distinct
 * hits must be ordered, so instead of sorting every candidate, whole
 * groups of candidates that tie on the packed key (the criteria before
 * proximity) are taken in key order until they hold `needed` distinct
 * urls (records without distinct); only those are given a proximity
 * (costly) and sorted. The same groups as a full sort would lead with.
 * With optional words, only the candidates of the leading word counts get
 * a rank key at all (see leadingByWords).
 */
function rankMatches(
  ctx: RankContext,
  query: RankQuery,
  required: readonly QueryWordMatches[],
  needed: number,
  distinct: boolean,
): Ranking {
  const {records} = ctx;
  const {queryWordMatches} = query;
  const {scores} = query.filters;
  const {ids, leading, keys, later} = candidateKeys(ctx, query, required, needed, distinct);
  const {byKey, sortedKeys} = groupsByKey(leading, keys);
  const urls = new Set<string>();
  const head: Candidate[] = [];
  let tail: number[] = []; // ordered ids of the last group, after `head`
  const proximities = new Map<number, number>();
  const candidateOf = (id: number): Candidate =>
    candidate(
      records[id] as DocSearchRecord,
      id,
      queryWordMatches,
      proximities.get(id) ?? 0,
      filterScore(scores, id),
    );
  let k = 0;
  for (; k < sortedKeys.length && (distinct ? urls.size : head.length) < needed; k++) {
    const group = byKey.get(sortedKeys[k] as number) as number[];
    const ordered = orderGroup(
      ctx,
      group,
      queryWordMatches,
      queryWordMatches.length >= 2 ? proximities : null,
    );
    let i = 0;
    for (; i < ordered.length && (distinct ? urls.size : head.length) < needed; i++) {
      const id = ordered[i] as number;
      urls.add((records[id] as DocSearchRecord).url);
      head.push(candidateOf(id));
    }
    tail = ordered.slice(i);
  }
  // Only facets need the rest (their values are listed in ranking order);
  // beyond the ordered groups, proximity is not computed (a full sort with
  // proximity 0 there, as before this partial ranking). The candidates with
  // fewer words come last, whatever their keys.
  const rest = (): Candidate[] => {
    const ordered = (groups: Map<number, number[]>, keysInOrder: number[]): number[] =>
      keysInOrder.flatMap((key) =>
        orderGroup(ctx, groups.get(key) as number[], queryWordMatches, null),
      );
    const fewerWords = groupsByKey(
      later,
      later.map((id) => rankKeyIn(query, id)),
    );
    return [
      ...tail,
      ...ordered(byKey, sortedKeys.slice(k)),
      ...ordered(fewerWords.byKey, fewerWords.sortedKeys),
    ].map(candidateOf);
  };
  return {ids, head, rest};
}

export function createRanker(records: readonly DocSearchRecord[], terms: RecordTerms): Ranker {
  const ctx: RankContext = {records, terms, ...staticOrder(records)};
  return {
    rank(query, needed, distinct) {
      const required = query.queryWordMatches.filter((_, i) => !query.queryWords[i]?.optional);
      const ranking = rankMatches(ctx, query, required, needed, distinct);
      if (ranking.ids.length > 0 || query.queryWords.length <= 1 || required.length === 0)
        return ranking;
      return rankMatches(ctx, query, [], needed, distinct);
    },
    everyRecord({accepted}, excludedIds) {
      const head = Array.from(ctx.byStaticRank)
        .filter((id) => accepted[id] === 1 && !excludedIds.has(id))
        .map((id): Candidate => {
          const record = records[id] as DocSearchRecord;
          return {
            id,
            record,
            words: 0,
            filters: 0,
            typos: 0,
            attr: 0,
            position: 0,
            attrSum: 0,
            proximity: 0,
            exact: 0,
          };
        });
      return {ids: head.map((c) => c.id), head, rest: () => []};
    },
  };
}
