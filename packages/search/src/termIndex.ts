/**
 * The records' terms both ways: from a term to the records holding it (MiniSearch's radix tree,
 * `SearchableMap`, for exact, prefix and edit-distance lookups), and from a record to its terms in
 * order (for proximity, phrases, split words and highlights).
 */
import SearchableMap from 'minisearch/SearchableMap';
import {CONTENT_RANK, FIELDS, fieldValue, NO_POSITION, type Field} from './fields';
import {terms as toTerms} from './text';
import type {DocSearchRecord} from './types';

/**
 * Documents holding a term: ascending record ids and, per id, a bit mask of attribute ranks and the
 * term's first position in the ordered attribute (see CONTENT_RANK; NO_POSITION when not there).
 */
export interface Posting {
  ids: number[];
  masks: number[];
  positions: number[];
}

export type TermIndex = SearchableMap<Posting>;

export function buildTermIndex(records: readonly DocSearchRecord[]): TermIndex {
  const map = new SearchableMap<Posting>();
  records.forEach((record, id) => {
    FIELDS.forEach((field, rank) => {
      const text = fieldValue(record, field);
      if (!text) return;
      const bit = 1 << rank;
      toTerms(text).forEach((term, p) => {
        const position = rank === CONTENT_RANK ? Math.min(p, NO_POSITION) : NO_POSITION;
        const posting = map.fetch(term, () => ({ids: [], masks: [], positions: []}));
        const last = posting.ids.length - 1;
        if (posting.ids[last] === id) {
          posting.masks[last] = (posting.masks[last] ?? 0) | bit;
          posting.positions[last] = Math.min(posting.positions[last] ?? NO_POSITION, position);
        } else {
          posting.ids.push(id);
          posting.masks.push(bit);
          posting.positions.push(position);
        }
      });
    });
  });
  return map;
}

/** A record's terms in order, per field. */
export interface RecordTerms {
  /**
   * The terms of record `id`'s field of attribute rank `rank`, to be read before the next call:
   * that may hand out the same array again (the sharded reader's does).
   */
  of(id: number, rank: number): string[];
  /** True when a term passing `a` is immediately followed by a term passing `b` in one field of record `id`. */
  adjacent(id: number, a: (term: string) => boolean, b: (term: string) => boolean): boolean;
}

/** RecordTerms tokenising each field on first use and keeping it (only matched records are ever asked). */
export function recordTerms(records: readonly DocSearchRecord[]): RecordTerms {
  /** Indexed by `id * FIELDS.length + rank`. */
  const cache: (string[] | undefined)[] = new Array(records.length * FIELDS.length);
  function of(id: number, rank: number): string[] {
    const slot = id * FIELDS.length + rank;
    let cached = cache[slot];
    if (!cached) {
      const record = records[id];
      const text = record ? fieldValue(record, FIELDS[rank] as Field) : null;
      cache[slot] = cached = text ? toTerms(text) : [];
    }
    return cached;
  }
  function adjacent(
    id: number,
    a: (term: string) => boolean,
    b: (term: string) => boolean,
  ): boolean {
    for (let f = 0; f < FIELDS.length; f++) {
      const t = of(id, f);
      for (let i = 0; i + 1 < t.length; i++) {
        if (a(t[i] as string) && b(t[i + 1] as string)) return true;
      }
    }
    return false;
  }
  return {of, adjacent};
}
