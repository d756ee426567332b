/**
 * The packed sort keys: criteria packed into one number each, so that ranking sorts and groups
 * numbers rather than comparing objects. Each criterion gets a field of fixed width.
 */
import { FIELDS } from './fields';

/** Field widths of the packed rank key: beyond these, results stop being told apart. */
const RANK_MAX_WORDS = 15;
const RANK_FILTER_SLOTS = 8;
const RANK_TYPO_SLOTS = 64;
const RANK_ATTR_SLOTS = 8;
const RANK_ATTR_SUM_SLOTS = 256;
if (FIELDS.length > RANK_ATTR_SLOTS) {
  throw new Error(`rankKey packs at most ${RANK_ATTR_SLOTS} searchable attributes; FIELDS has ${FIELDS.length}`);
}

/** Field widths of the key ordering records that tie on the rank key (see groupOrderKey). */
const GROUP_PROXIMITY_SLOTS = 1024;
const GROUP_EXACT_SLOTS = 64;

/**
 * Packs the criteria before proximity into one comparable number (lower is
 * better): words (more first), optional filters (more first), typos, attribute, attribute sum.
 */
export function rankKey(words: number, filters: number, typos: number, attr: number, attrSum: number): number {
  const wordsSlot = RANK_MAX_WORDS - Math.min(words, RANK_MAX_WORDS);
  const filterSlot = RANK_FILTER_SLOTS - 1 - Math.min(filters, RANK_FILTER_SLOTS - 1);
  const typoSlot = Math.min(typos, RANK_TYPO_SLOTS - 1);
  const attrSumSlot = Math.min(attrSum, RANK_ATTR_SUM_SLOTS - 1);
  return (
    (((wordsSlot * RANK_FILTER_SLOTS + filterSlot) * RANK_TYPO_SLOTS + typoSlot) * RANK_ATTR_SLOTS + attr) *
      RANK_ATTR_SUM_SLOTS +
    attrSumSlot
  );
}

/**
 * Packs the criteria after the rank key: proximity (lower first), exact words (more first), then
 * the static order (`staticRank` of `recordCount`), into one number that also gives back the
 * static rank (`key % recordCount`).
 */
export function groupOrderKey(proximity: number, exact: number, staticRank: number, recordCount: number): number {
  const proximitySlot = Math.min(proximity, GROUP_PROXIMITY_SLOTS - 1);
  const exactSlot = GROUP_EXACT_SLOTS - 1 - Math.min(exact, GROUP_EXACT_SLOTS - 1);
  return (proximitySlot * GROUP_EXACT_SLOTS + exactSlot) * recordCount + staticRank;
}
