/** The searchable attributes of DocSearch records, in DocSearch's order: a field's index is its attribute rank. */
import {HIERARCHY_LEVELS, type DocSearchRecord, type HierarchyLevel} from './types';

export const FIELDS = [...HIERARCHY_LEVELS, 'content'] as const;
export type Field = (typeof FIELDS)[number];
/**
 * Content's attribute rank. Content is also the one ordered searchable attribute, as DocSearch
 * configures them (the hierarchy `unordered(…)`, `content` plain): there a match nearer the start
 * ranks first, within Algolia's attribute criterion.
 */
export const CONTENT_RANK = FIELDS.length - 1;
/** A word's position in the ordered attribute when it is not there; positions from here on count alike (a byte). */
export const NO_POSITION = 255;

export function fieldValue(record: DocSearchRecord, field: Field): string | null {
  if (field === 'content') return record.content;
  return record.hierarchy[field as HierarchyLevel] ?? null;
}

/** Rank of the most important attribute in a bit mask of attribute ranks. */
export function lowestRank(mask: number): number {
  for (let r = 0; r < FIELDS.length; r++) if (mask & (1 << r)) return r;
  return CONTENT_RANK;
}
