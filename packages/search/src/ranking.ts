/**
 * Ranking: the records matching a query in Algolia's order. Records are grouped by their packed
 * rank key (the criteria before proximity), groups taken in key order, and within a group ordered
 * by proximity, exact words and the custom ranking (see groupOrderKey).
 */
import {
  candidate,
  coveringAttribute,
  exactCriterion,
  leadingKeyOf,
  matchedWords,
  rankKeyOf,
  type Candidate,
} from './criteria';
import type {RecordFilters} from './filters';
import {proximityOf} from './proximity';
import type {QueryWord} from './query';
import {groupOrderKey, groupOrderProximity} from './rankKey';
import {termTest, type QueryWordMatches} from './queryWordMatches';
import type {RecordTerms} from './termIndex';
import type {RecordFacts} from './recordFacts';

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

/**
 * Candidates of a query: all of them (unordered), and the leading ones in final order. Its `ids`
 * and `rest` read the ranker's scratch (see Scratch): they are valid until the ranker ranks again.
 */
interface Ranking {
  /** Every matching record id (unordered). */
  ids: Int32Array;
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
export function staticOrder({count, pageRanks, levels, positions}: RecordFacts): {
  staticRank: Int32Array;
  byStaticRank: Int32Array;
} {
  const byStaticRank = Int32Array.from({length: count}, (_, id) => id);
  const at = (values: Float64Array, id: number): number => values[id] as number;
  byStaticRank.sort(
    (x, y) =>
      at(pageRanks, y) - at(pageRanks, x) ||
      at(levels, y) - at(levels, x) ||
      at(positions, x) - at(positions, y) ||
      x - y,
  );
  const staticRank = new Int32Array(count);
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

/**
 * A ranking's working arrays, one slot per record, made once per ranker and reused by every
 * ranking: at 10,000 pages a common word's candidates are tens of thousands, and arrays of them
 * made anew at every keystroke (the candidates, a key per candidate at each level, a group per key,
 * a packed key per grouped id) were a megabyte of garbage per keystroke, whose collections were the
 * slow keystrokes (issue 38). The candidates stay in `order`; each level of keys partitions its
 * span of `order` in place into groups (spans), so a group is a span and nothing is copied.
 */
interface Scratch {
  /** The candidates' ids, each group of equal keys a span of it once grouped (see inKeyOrder). */
  order: Int32Array;
  /** `keys[i]` is the key of `order[i]` at the level that is grouping that span. */
  keys: Float64Array;
  /** `packed[i]` is the packed order key of `order[i]` once its group is ordered (orderGroup). */
  packed: Float64Array;
  /** A mark per record, all 0 between uses (matchingIds, orderLargeGroup). */
  marks: Uint8Array;
  /** How many rankings used the scratch: a Ranking's `rest` checks it is still its own. */
  uses: number;
}

/** What ranking needs of the records, worked out once per engine. */
interface RankContext {
  facts: RecordFacts;
  terms: RecordTerms;
  staticRank: Int32Array;
  byStaticRank: Int32Array;
  scratch: Scratch;
}

/** A group of candidates: `order[from]` to `order[to - 1]` of the scratch. */
interface Span {
  from: number;
  to: number;
}

const filterScore = (scores: Uint8Array | null, id: number): number =>
  scores ? (scores[id] as number) : 0;

/**
 * The matches of the required words, or when there are none, of any word, written to the start of
 * the scratch's `order`; returns how many.
 */
function matchingIds(
  {order, marks}: Scratch,
  queryWordMatches: readonly QueryWordMatches[],
  required: readonly QueryWordMatches[],
): number {
  let count = 0;
  if (required.length === 0) {
    // A mark per record, not a Set: a short prefix's words match most of the records.
    for (const m of queryWordMatches) {
      for (const id of m.ids) {
        if (marks[id]) continue;
        marks[id] = 1;
        order[count++] = id;
      }
    }
    for (let i = 0; i < count; i++) marks[order[i] as number] = 0;
    return count;
  }
  const [smallest, ...others] = [...required].sort((a, b) => a.ids.length - b.ids.length);
  const {ids} = smallest as QueryWordMatches;
  // Indexed loops, no closure per id: this runs for every match of the query's rarest word.
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    let inAll = true;
    for (let k = 0; k < others.length && inAll; k++)
      inAll = ((others[k] as QueryWordMatches).typos[id] as number) >= 0;
    if (inAll) order[count++] = id;
  }
  return count;
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

/**
 * The documents matching the query words that pass the filters, excluded words and phrases (and,
 * for a long query of optional words, Algolia's limit), in no particular order, written to the
 * start of the scratch's `order`; returns how many.
 *
 * Its passes over every match are functions of their own, each ending with the loop (see
 * acceptedIds), and what is read after them is read before them.
 */
function candidateIds(
  ctx: RankContext,
  query: RankQuery,
  required: readonly QueryWordMatches[],
): number {
  const {queryWordMatches, excludedIds} = query;
  const phrases = phrasePairs(query.queryWords, queryWordMatches);
  const limited =
    query.queryWords.length >= LONG_QUERY_WORDS &&
    query.queryWords.every((queryWord) => queryWord.optional);
  const matching = matchingIds(ctx.scratch, queryWordMatches, required);
  let count = acceptedIds(ctx.scratch.order, matching, query.filters.accepted, excludedIds);
  if (phrases.length > 0) count = inPhrases(ctx, phrases, count);
  if (limited) {
    const {order} = ctx.scratch;
    const kept = withinLongQueryLimit(ctx, query, Array.from(order.subarray(0, count)));
    order.set(kept);
    count = kept.length;
  }
  return count;
}

/**
 * The first `matching` ids of `order` that the filters accept and no excluded word holds, moved to
 * its start; returns how many. Nothing follows the loop: V8 optimises a long loop while it runs (on
 * stack replacement), before the code after it ever ran, and code compiled without that code's
 * type feedback was dropped at its end in every keystroke of a page (issue 38: `candidateIds` and
 * `count` in Chromium's trace of the warm rounds).
 */
function acceptedIds(
  order: Int32Array,
  matching: number,
  accepted: Uint8Array,
  excludedIds: ReadonlySet<number>,
): number {
  const excluding = excludedIds.size > 0;
  let count = 0;
  for (let i = 0; i < matching; i++) {
    const id = order[i] as number;
    if (accepted[id] && !(excluding && excludedIds.has(id))) order[count++] = id;
  }
  return count;
}

/** The first `count` ids of the scratch's `order` that hold each phrase's pairs, moved to its start. */
function inPhrases(
  ctx: RankContext,
  phrases: readonly [QueryWordMatches, QueryWordMatches][],
  count: number,
): number {
  const {order} = ctx.scratch;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const id = order[i] as number;
    const held = phrases.every(
      ([a, b]) =>
        (a.typos[id] as number) >= 0 &&
        (b.typos[id] as number) >= 0 &&
        ctx.terms.adjacent(id, termTest(a, id), termTest(b, id)),
    );
    if (held) order[kept++] = id;
  }
  return kept;
}

/**
 * Groups a pass over the keys finds, one at a time, before the rest are grouped at once (see
 * groupsInKeyOrder): a page rarely needs more, and past them a pass per group would cost more
 * than grouping every id.
 */
const SCANNED_GROUPS = 16;

/**
 * The span's ids in groups of equal key (`keys[i]` is `order[i]`'s), smallest key first, each
 * made when it is asked for by moving its ids to the front of what is left of the span. The first
 * groups are each found by two passes over the keys (the smallest key left, then its ids): no
 * map, no sort and no boxed number per id, which is what tens of thousands of candidates cost when
 * the requested page needs the first few groups only. After SCANNED_GROUPS, the rest are grouped by
 * a map and their keys sorted. A group's own span is the next level's to key (inKeyOrder), so the
 * keys of what is left must not be read from it: they lie after it.
 */
function* groupsInKeyOrder({order, keys}: Scratch, {from, to}: Span): Generator<Span> {
  let start = from;
  for (let scanned = 0; scanned < SCANNED_GROUPS; scanned++) {
    if (start === to) return;
    let smallest = keys[start] as number;
    for (let i = start + 1; i < to; i++) smallest = Math.min(smallest, keys[i] as number);
    let end = start;
    for (let i = start; i < to; i++) {
      if (keys[i] !== smallest) continue;
      const id = order[i] as number;
      order[i] = order[end] as number;
      keys[i] = keys[end] as number;
      order[end++] = id;
    }
    yield {from: start, to: end};
    start = end;
  }
  const byKey = new Map<number, number[]>();
  for (let i = start; i < to; i++) {
    const key = keys[i] as number;
    const group = byKey.get(key);
    if (group) group.push(order[i] as number);
    else byKey.set(key, [order[i] as number]);
  }
  const spans: Span[] = [];
  for (const key of [...byKey.keys()].sort((x, y) => x - y)) {
    const group = byKey.get(key) as number[];
    order.set(group, start);
    spans.push({from: start, to: (start += group.length)});
  }
  yield* spans;
}

/** The groups a generator has left, without closing it as a for-of loop that breaks would. */
function* remaining<T>(groups: Iterator<T>): Generator<T> {
  for (let next = groups.next(); !next.done; next = groups.next()) yield next.value;
}

/** A group that ties on the rank key, in final order, ordered as far as it is read. */
interface OrderedGroup {
  readonly size: number;
  /** Its `i`-th id in order (`i` < size). */
  id(i: number): number;
  /** The proximity of its `i`-th id (0 when not computed). */
  proximity(i: number): number;
}

/**
 * The `count` smallest of `values` in order, or all of them sorted when there are no more: one pass
 * that keeps the smallest so far in a short sorted array.
 */
function smallestInOrder(values: Float64Array, count: number): Float64Array {
  if (count >= values.length) return values.sort();
  const smallest = new Float64Array(count).fill(Infinity);
  for (let v = 0; v < values.length; v++) {
    const value = values[v] as number;
    if (value >= (smallest[count - 1] as number)) continue;
    let i = count - 1;
    for (; i > 0 && (smallest[i - 1] as number) > value; i--)
      smallest[i] = smallest[i - 1] as number;
    smallest[i] = value;
  }
  return smallest;
}

/**
 * Orders ids that tie on the rank key, through one packed number per id (see groupOrderKey):
 * sorting numbers is far cheaper than comparing objects, and the proximities come back from them.
 * Only the first `first` are put in order at once, the rest when one of them is read: the head of
 * a ranking mostly needs a few ids of a group of thousands (every record that holds a common word
 * in a heading), while every id's packed number is a few reads.
 */
function orderGroup(
  ctx: RankContext,
  {from, to}: Span,
  queryWordMatches: readonly QueryWordMatches[],
  /** Whether to compute proximities (else 0). */
  withProximity: boolean,
  first = Infinity,
): OrderedGroup {
  const n = ctx.facts.count;
  const {order} = ctx.scratch;
  const size = to - from;
  if (!withProximity && size * LARGE_GROUP_RATIO > n) {
    orderLargeGroup(ctx, {from, to}, queryWordMatches);
    return {size, id: (i) => order[from + i] as number, proximity: () => 0};
  }
  // The group's own span of the scratch: no other group's, and sorted in place.
  const packed = ctx.scratch.packed.subarray(from, to);
  for (let i = 0; i < size; i++) {
    const id = order[from + i] as number;
    packed[i] = groupOrderKey(
      withProximity ? proximityOf(id, queryWordMatches, ctx.terms) : 0,
      exactCriterion(queryWordMatches, id, ctx.terms),
      ctx.staticRank[id] as number,
      n,
    );
  }
  let ordered = smallestInOrder(packed, first);
  // The packed numbers are unique (the static rank is), so the smallest in order are the sort's first.
  const key = (i: number): number => {
    if (i >= ordered.length) ordered = packed.sort();
    return ordered[i] as number;
  };
  return {
    size,
    id: (i) => ctx.byStaticRank[key(i) % n] as number,
    proximity: (i) => (withProximity ? groupOrderProximity(key(i), n) : 0),
  };
}

/**
 * orderGroup without proximities, for a group holding a good part of all records (a one-letter
 * prefix): walking the static order once per exact count is cheaper than sorting the group. Puts
 * the group's span of the scratch's `order` in order.
 */
function orderLargeGroup(
  ctx: RankContext,
  {from, to}: Span,
  queryWordMatches: readonly QueryWordMatches[],
): void {
  // 0: not in the group; at most MAX_QUERY_WORDS + 1, which fits a byte (see checkPacking)
  const {order, marks: exactPlusOne} = ctx.scratch;
  for (let i = from; i < to; i++) {
    const id = order[i] as number;
    exactPlusOne[id] = exactCriterion(queryWordMatches, id, ctx.terms) + 1;
  }
  let next = from;
  for (let level = queryWordMatches.length + 1; level >= 1; level--) {
    for (const id of ctx.byStaticRank) if (exactPlusOne[id] === level) order[next++] = id;
  }
  for (let i = from; i < to; i++) exactPlusOne[order[i] as number] = 0;
}

/**
 * The kinds of a candidate's keys (lower first), each ordering the ties of the one before: numbers,
 * not closures made anew for each query, so that one loop (keyEach) keys every level.
 */
const LEADING_KEY = 0;
const COVERING_KEY = 1;
const RANK_KEY = 2;
type KeyKind = typeof LEADING_KEY | typeof COVERING_KEY | typeof RANK_KEY;

/**
 * The keys that put a query's candidates in rank-key order (see rankKey), cheapest first: the
 * leading key (words, filters and typos, a read per word; for one word its attribute too, one read
 * more), for several words the covering attribute (a read of each word's fields), then the whole
 * rank key, the only one that tells every group apart.
 */
const KEYS_OF_ONE_WORD: readonly KeyKind[] = [LEADING_KEY, RANK_KEY];
const KEYS_OF_WORDS: readonly KeyKind[] = [LEADING_KEY, COVERING_KEY, RANK_KEY];

function keyOf(kind: KeyKind, query: RankQuery, id: number): number {
  const {queryWordMatches} = query;
  if (kind === COVERING_KEY) return coveringAttribute(queryWordMatches, id);
  const filters = filterScore(query.filters.scores, id);
  return kind === LEADING_KEY
    ? leadingKeyOf(queryWordMatches, id, filters)
    : rankKeyOf(queryWordMatches, id, filters);
}

/** Writes the span's keys of one kind (a function ending with its loop: see acceptedIds). */
function keyEach({order, keys}: Scratch, {from, to}: Span, kind: KeyKind, query: RankQuery): void {
  for (let i = from; i < to; i++) keys[i] = keyOf(kind, query, order[i] as number);
}

/**
 * The span's ids in groups of equal keys, in key order: by the first key, the ties of each group
 * by the next, and so on; a group's next key is worked out only when that group is asked for.
 */
function* inKeyOrder(
  scratch: Scratch,
  query: RankQuery,
  span: Span,
  [kind, ...finer]: readonly KeyKind[],
): Generator<Span> {
  if (kind === undefined || span.to - span.from === 1) {
    yield span;
    return;
  }
  keyEach(scratch, span, kind, query);
  for (const group of groupsInKeyOrder(scratch, span))
    yield* inKeyOrder(scratch, query, group, finer);
}

/**
 * Every matching candidate (unordered) and the `head`: the leading candidates in their exact final
 * order. Only the first `needed` distinct hits must be ordered, so instead of sorting every
 * candidate, groups of candidates that tie on the rank key (the criteria before proximity) are taken
 * in key order until they hold `needed` distinct urls (records without distinct); only those are
 * given a proximity (costly) and sorted: the groups a full sort would lead with.
 *
 * Nor does every candidate get a rank key: the candidates are first grouped by their leading key
 * (KEYS_OF_ONE_WORD: words, filters, typos, a few reads per word), the ties by the covering attribute, and
 * a group's candidates get their next key only when the groups before it hold fewer than the
 * `needed` hits. Every candidate of a later group ranks after all of those, whatever its later
 * criteria, so this orders the same groups in the same order as keying them all; at 10,000 pages,
 * keying every match of a common word was most of a keystroke (issue 38).
 */
function rankMatches(
  ctx: RankContext,
  query: RankQuery,
  required: readonly QueryWordMatches[],
  needed: number,
  distinct: boolean,
): Ranking {
  const {facts, scratch} = ctx;
  const {queryWordMatches} = query;
  const {scores} = query.filters;
  const use = ++scratch.uses;
  const count = candidateIds(ctx, query, required);
  const urls = new Set<number>();
  const head: Candidate[] = [];
  const full = (): boolean => (distinct ? urls.size : head.length) >= needed;
  const candidateOf = (id: number, proximity = 0): Candidate =>
    candidate(id, queryWordMatches, proximity, filterScore(scores, id));
  const withProximity = queryWordMatches.length >= 2;
  const keyKinds = queryWordMatches.length === 1 ? KEYS_OF_ONE_WORD : KEYS_OF_WORDS;
  const groups = inKeyOrder(scratch, query, {from: 0, to: count}, keyKinds);
  let tail: OrderedGroup | null = null; // the last group ordered
  let tailFrom = 0; // its first id after `head`
  // A group is asked for only while the head is short of `needed` (a group taken and not ordered
  // would be missing from the rest).
  while (!full()) {
    const group = groups.next();
    if (group.done) break;
    // With distinct, a url's other records may come first: twice what is short, and some more.
    const short = needed - (distinct ? urls.size : head.length);
    tail = orderGroup(ctx, group.value, queryWordMatches, withProximity, 2 * short + 8);
    let i = 0;
    for (; i < tail.size && !full(); i++) {
      const id = tail.id(i);
      urls.add(facts.urls[id] as number);
      head.push(candidateOf(id, tail.proximity(i)));
    }
    tailFrom = i;
  }
  // Only facets need the rest (their values are listed in ranking order); beyond the ordered
  // groups, proximity is not computed (a full sort with proximity 0 there, as before this partial
  // ranking). It takes up the groups where the head left them.
  let rest: Candidate[] | null = null;
  const restOnce = (): Candidate[] => {
    if (scratch.uses !== use) throw new Error('ranking: rest() read after a later ranking');
    const all = (group: OrderedGroup, from = 0): Candidate[] =>
      Array.from({length: group.size - from}, (_, i) =>
        candidateOf(group.id(from + i), group.proximity(from + i)),
      );
    return [
      ...(tail ? all(tail, tailFrom) : []),
      ...[...remaining(groups)].flatMap((group) =>
        all(orderGroup(ctx, group, queryWordMatches, false)),
      ),
    ];
  };
  return {ids: scratch.order.subarray(0, count), head, rest: () => (rest ??= restOnce())};
}

export function createRanker(facts: RecordFacts, terms: RecordTerms): Ranker {
  const ctx: RankContext = {
    facts,
    terms,
    ...staticOrder(facts),
    scratch: {
      order: new Int32Array(facts.count),
      keys: new Float64Array(facts.count),
      packed: new Float64Array(facts.count),
      marks: new Uint8Array(facts.count),
      uses: 0,
    },
  };
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
        .map((id): Candidate => ({
          id,
          words: 0,
          filters: 0,
          typos: 0,
          attr: 0,
          position: 0,
          attrSum: 0,
          proximity: 0,
          exact: 0,
        }));
      return {ids: Int32Array.from(head, (c) => c.id), head, rest: () => []};
    },
  };
}
