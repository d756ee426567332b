/**
 * Algolia's ranking criteria for one record, from the matches of the query words: words, filters
 * (optionalFilters), typo, attribute (with the match position in the ordered attribute), proximity
 * and exact (see engine.ts for their order).
 */
import {CONTENT_RANK, FIELDS, NO_POSITION} from './fields';
import {leadingRankKey, rankKey} from './rankKey';
import type {QueryWordMatches} from './queryWordMatches';
import type {RecordTerms} from './termIndex';

/** A ranked record, with its criteria (the values `_rankingInfo` reports). */
export interface Candidate {
  id: number;
  words: number;
  /** Optional filter groups the record matches (Algolia's `filters` criterion). */
  filters: number;
  typos: number;
  /** Attribute criterion (see coveringAttribute). */
  attr: number;
  /** Its tie-break in the ordered attribute (see firstPosition). */
  position: number;
  /** Tie-break: sum of each word's best attribute. */
  attrSum: number;
  proximity: number;
  exact: number;
}

/**
 * Algolia's attribute criterion as DocSearch configures it
 * (attributeCriteriaComputedByMinProximity): the attribute where the query
 * words are matched together, i.e. the one holding the most query words,
 * the more important on a tie. For one word: its best attribute.
 */
export function coveringAttribute(
  queryWordMatches: readonly QueryWordMatches[],
  id: number,
): number {
  if (queryWordMatches.length === 1) {
    const fields = (queryWordMatches[0] as QueryWordMatches).fields[id] as number;
    return fields === 0 ? CONTENT_RANK : 31 - Math.clz32(fields & -fields); // lowest set bit
  }
  // Only the attributes some word matched in can hold the most, each visited lowest first (a bit
  // at a time): this runs for every match of a query of several words.
  let matched = 0;
  for (const m of queryWordMatches) matched |= m.fields[id] as number;
  let best = CONTENT_RANK;
  let bestCount = 0;
  for (let left = matched & ALL_FIELDS; left !== 0; left &= left - 1) {
    const bit = left & -left;
    let count = 0;
    for (const m of queryWordMatches) if ((m.fields[id] as number) & bit) count++;
    if (count > bestCount) {
      bestCount = count;
      best = 31 - Math.clz32(bit);
    }
  }
  return best;
}

/** The bits of every searchable attribute (QueryWordMatches.fields). */
const ALL_FIELDS = (1 << FIELDS.length) - 1;

/**
 * Where the match starts in the covering attribute when that is the ordered one (Algolia: "on an
 * ordered attribute, the match position breaks ties"): the first position of any query word
 * there. 0 in the unordered attributes.
 */
function firstPosition(
  queryWordMatches: readonly QueryWordMatches[],
  id: number,
  attr: number,
): number {
  if (attr !== CONTENT_RANK) return 0;
  let first = NO_POSITION;
  for (const m of queryWordMatches) first = Math.min(first, m.position[id] as number);
  return first;
}

/** Query words record `id` matches exactly (what `_rankingInfo.nbExactWords` reports). */
function exactWords(queryWordMatches: readonly QueryWordMatches[], id: number): number {
  let exact = 0;
  for (const m of queryWordMatches) exact += m.exact[id] as number;
  return exact;
}

/**
 * Algolia's exact criterion: the query words record `id` matches exactly. A one-word query follows
 * Algolia's default `exactOnSingleWordQuery: attribute` instead: 1 only where the word is a whole
 * attribute value (a heading "Grants" for "grants"), not merely a word of one.
 */
export function exactCriterion(
  queryWordMatches: readonly QueryWordMatches[],
  id: number,
  terms: RecordTerms,
): number {
  // No rest destructuring: this runs for every id of a group being ordered.
  if (queryWordMatches.length === 1)
    return isWholeAttribute(queryWordMatches[0] as QueryWordMatches, id, terms) ? 1 : 0;
  return exactWords(queryWordMatches, id);
}

/**
 * Whether a field of record `id` is one word only, which `m` matched as a whole word (not as the
 * start of a longer one: "Granted" is no whole attribute for "grant").
 */
function isWholeAttribute(m: QueryWordMatches, id: number, terms: RecordTerms): boolean {
  if (m.exact[id] !== 1) return false;
  const fields = m.fields[id] as number;
  for (let f = 0; f < FIELDS.length; f++) {
    if (!(fields & (1 << f))) continue;
    const fieldTerms = terms.of(id, f);
    if (fieldTerms.length !== 1) continue; // (no rest destructuring: this runs for every match)
    const match = m.terms.get(fieldTerms[0] as string);
    if (match && match.prefixLength === undefined) return true;
  }
  return false;
}

/** How many query words record `id` matches (the words criterion). */
export function matchedWords(queryWordMatches: readonly QueryWordMatches[], id: number): number {
  let words = 0;
  for (const m of queryWordMatches) if ((m.typos[id] as number) >= 0) words++;
  return words;
}

/**
 * The typos of the query words record `id` matches, summed (the typo criterion). Each sum of the
 * criteria is a number of its own, not an object of three: the rank key is worked out for every
 * match of a common prefix, and an object each was most of what a warm keystroke allocated
 * (issue 38).
 */
function typoSum(queryWordMatches: readonly QueryWordMatches[], id: number): number {
  let typos = 0;
  for (const m of queryWordMatches) typos += Math.max(m.typos[id] as number, 0);
  return typos;
}

/** The best attribute of each query word record `id` matches, summed (the attribute's tie-break). */
function attributeSum(queryWordMatches: readonly QueryWordMatches[], id: number): number {
  let sum = 0;
  for (const m of queryWordMatches) if ((m.typos[id] as number) >= 0) sum += m.attr[id] as number;
  return sum;
}

/**
 * Record `id`'s leading rank key (see leadingRankKey): words, filters and typos, a read per word,
 * and for a query of one word its attribute, the lowest of its fields (one read more); the
 * attribute of several words (coveringAttribute) is left to the rank key.
 */
export function leadingKeyOf(
  queryWordMatches: readonly QueryWordMatches[],
  id: number,
  filters: number,
): number {
  const attr = queryWordMatches.length === 1 ? coveringAttribute(queryWordMatches, id) : 0;
  return leadingRankKey(
    matchedWords(queryWordMatches, id),
    filters,
    typoSum(queryWordMatches, id),
    attr,
  );
}

/** Record `id`'s rank key (see rankKey), without making a Candidate. */
export function rankKeyOf(
  queryWordMatches: readonly QueryWordMatches[],
  id: number,
  filters: number,
): number {
  const attr = coveringAttribute(queryWordMatches, id);
  return rankKey(
    matchedWords(queryWordMatches, id),
    filters,
    typoSum(queryWordMatches, id),
    attr,
    attributeSum(queryWordMatches, id),
    firstPosition(queryWordMatches, id, attr),
  );
}

export function candidate(
  id: number,
  queryWordMatches: readonly QueryWordMatches[],
  proximity: number,
  filters: number,
): Candidate {
  const attr = coveringAttribute(queryWordMatches, id);
  return {
    id,
    words: matchedWords(queryWordMatches, id),
    typos: typoSum(queryWordMatches, id),
    attrSum: attributeSum(queryWordMatches, id),
    filters,
    attr,
    position: firstPosition(queryWordMatches, id, attr),
    proximity,
    exact: exactWords(queryWordMatches, id),
  };
}
