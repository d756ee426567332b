/**
 * The packed sort keys: criteria packed into one number each, so that ranking sorts and groups
 * numbers rather than comparing objects. Each criterion gets a field of fixed width, wide enough
 * for the most a query of MAX_QUERY_WORDS words can put in it: checkPacking proves that when this
 * module loads, and throws, naming the constant to change, when it is not so.
 */
import {FIELDS, NO_POSITION} from './fields';
import {MAX_PROXIMITY} from './proximity';
import {MAX_QUERY_WORDS, MAX_WORD_TYPOS} from './query';

/** Field widths of the rank key (the criteria before proximity). */
const RANK_WORD_SLOTS = 16;
const RANK_FILTER_SLOTS = 8;
const RANK_TYPO_SLOTS = 64;
const RANK_ATTR_SLOTS = 8;
const RANK_ATTR_SUM_SLOTS = 256;
const RANK_POSITION_SLOTS = 256;
/** Field widths of the key ordering records that tie on the rank key (see groupOrderKey). */
const GROUP_PROXIMITY_SLOTS = 1024;
const GROUP_EXACT_SLOTS = 64;
/** Per-record values kept in a Uint8Array: attribute bit masks (QueryWordMatches) and exact counts (orderLargeGroup). */
const BYTE_VALUES = 256;
const BYTE_BITS = 8;

/** What the engine puts in the packed fields, at most. */
export interface PackingLimits {
  /** Searchable attributes: FIELDS.length. */
  attributes: number;
  /** The match position counted in the ordered attribute, at most: NO_POSITION. */
  position: number;
  /** Query words ranked on: MAX_QUERY_WORDS. */
  queryWords: number;
  /** Typos per query word: MAX_WORD_TYPOS. */
  wordTypos: number;
  /** Distance counted per pair of consecutive query words: MAX_PROXIMITY. */
  pairProximity: number;
}

/** Throws when a packed field cannot hold the most the engine puts in it, naming the constants involved. */
export function checkPacking({
  attributes,
  position,
  queryWords,
  wordTypos,
  pairProximity,
}: PackingLimits): void {
  const problems: string[] = [];
  const atMost = (value: number, max: number, what: string, where: string): void => {
    if (value > max) problems.push(`${what} is ${value}, more than ${where} holds (${max})`);
  };
  atMost(
    attributes - 1,
    RANK_ATTR_SLOTS - 1,
    'FIELDS.length - 1 (the last attribute rank)',
    'RANK_ATTR_SLOTS',
  );
  atMost(
    attributes,
    BYTE_BITS,
    'FIELDS.length (attribute bits)',
    'a byte (QueryWordMatches.fields)',
  );
  atMost(position, RANK_POSITION_SLOTS - 1, 'NO_POSITION', 'RANK_POSITION_SLOTS');
  atMost(position, BYTE_VALUES - 1, 'NO_POSITION', 'a byte (QueryWordMatches.position)');
  atMost(queryWords, RANK_WORD_SLOTS - 1, 'MAX_QUERY_WORDS', 'RANK_WORD_SLOTS');
  atMost(
    queryWords * wordTypos,
    RANK_TYPO_SLOTS - 1,
    'MAX_QUERY_WORDS × MAX_WORD_TYPOS',
    'RANK_TYPO_SLOTS',
  );
  atMost(
    queryWords * (attributes - 1),
    RANK_ATTR_SUM_SLOTS - 1,
    'MAX_QUERY_WORDS × (FIELDS.length - 1)',
    'RANK_ATTR_SUM_SLOTS',
  );
  atMost(
    (queryWords - 1) * pairProximity,
    GROUP_PROXIMITY_SLOTS - 1,
    '(MAX_QUERY_WORDS - 1) × MAX_PROXIMITY',
    'GROUP_PROXIMITY_SLOTS',
  );
  atMost(queryWords, GROUP_EXACT_SLOTS - 1, 'MAX_QUERY_WORDS', 'GROUP_EXACT_SLOTS');
  atMost(
    queryWords + 1,
    BYTE_VALUES - 1,
    'MAX_QUERY_WORDS + 1 (exact words plus one)',
    'a byte (orderLargeGroup)',
  );
  if (problems.length > 0) {
    throw new Error(`The packed rank keys cannot hold the engine's limits: ${problems.join('; ')}`);
  }
}

checkPacking({
  attributes: FIELDS.length,
  position: NO_POSITION,
  queryWords: MAX_QUERY_WORDS,
  wordTypos: MAX_WORD_TYPOS,
  pairProximity: MAX_PROXIMITY,
});

/**
 * Packs the criteria before proximity into one comparable number (lower is better): words (more
 * first), optional filter groups (more first), typos, attribute, attribute sum, then the match
 * position in the ordered attribute (Algolia's tie-break within the attribute criterion; the sum is
 * the engine's own and comes first: a query word also found in a heading says more than where the
 * content starts to match). Words, typos, the sum and the position always fit (see checkPacking);
 * optional filter groups, as many as a request sends, count alike beyond RANK_FILTER_SLOTS - 1.
 */
export function rankKey(
  words: number,
  filters: number,
  typos: number,
  attr: number,
  attrSum: number,
  position: number,
): number {
  const throughAttribute = leadingRankKey(words, filters, typos, attr);
  return (throughAttribute * RANK_ATTR_SUM_SLOTS + attrSum) * RANK_POSITION_SLOTS + position;
}

/**
 * The rank key's leading criteria alone (words, optional filter groups, typos, attribute), packed
 * alike: a record whose leading key is lower has the lower rank key, whatever its attribute sum
 * and position, so ranking can take candidates a leading key at a time and work out the rest of
 * the key only for those that can reach the requested page (ranking.ts). The attribute may be
 * left at 0 for every candidate of a query (see leadingKeyOf).
 */
export function leadingRankKey(
  words: number,
  filters: number,
  typos: number,
  attr: number,
): number {
  const wordsSlot = RANK_WORD_SLOTS - 1 - words;
  const filterSlot = RANK_FILTER_SLOTS - 1 - Math.min(filters, RANK_FILTER_SLOTS - 1);
  return (
    ((wordsSlot * RANK_FILTER_SLOTS + filterSlot) * RANK_TYPO_SLOTS + typos) * RANK_ATTR_SLOTS +
    attr
  );
}

/**
 * Packs the criteria after the rank key: proximity (lower first), exact words (more first), then
 * the static order (`staticRank` of `recordCount`), into one number that also gives back the
 * static rank (`key % recordCount`). Proximity and exact words always fit (see checkPacking).
 */
export function groupOrderKey(
  proximity: number,
  exact: number,
  staticRank: number,
  recordCount: number,
): number {
  return (
    (proximity * GROUP_EXACT_SLOTS + (GROUP_EXACT_SLOTS - 1 - exact)) * recordCount + staticRank
  );
}

/** The proximity a key of groupOrderKey packs (of `recordCount` records). */
export function groupOrderProximity(key: number, recordCount: number): number {
  return Math.floor((key - (key % recordCount)) / recordCount / GROUP_EXACT_SLOTS);
}
