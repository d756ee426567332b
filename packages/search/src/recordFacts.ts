/**
 * What ranking, filters, facets and distinct read of the records, by record id: a record's url
 * (as a number), its weight, and the values of the attributes a filter or facet names. The whole
 * index has its records (factsOfRecords); the sharded reader has only its table, whose facts it
 * keeps in typed arrays rather than as an object per record (shardFileFormat.ts readTable): at
 * 10,000 pages those objects were most of the page's heap, and its major collections the slowest
 * keystrokes (issue 38).
 */
import type {DocSearchRecord} from './types';

export interface RecordFacts {
  /** How many records there are: ids are 0 to count - 1. */
  readonly count: number;
  /** Per record, its url as a number: records of the same url, and only they, share one. */
  readonly urls: Int32Array;
  /** How many urls there are: every number of `urls` is below it. */
  readonly urlCount: number;
  /** Per record, weight.pageRank (0 for none), weight.level and weight.position. */
  readonly pageRanks: Float64Array;
  readonly levels: Float64Array;
  readonly positions: Float64Array;
  /**
   * The values of a record's attribute (a dotted path) as strings, as facetValues gives them of
   * its record. Read only: the table hands out the same array to every record with that value.
   */
  values(id: number, attribute: string): readonly string[];
}

/** The facts of records held whole. */
export function factsOfRecords(records: readonly DocSearchRecord[]): RecordFacts {
  const numbers = new Map<string, number>();
  const urls = Int32Array.from(records, ({url}) => {
    let n = numbers.get(url);
    if (n === undefined) numbers.set(url, (n = numbers.size));
    return n;
  });
  return {
    count: records.length,
    urls,
    urlCount: numbers.size,
    pageRanks: Float64Array.from(records, ({weight}) => weight.pageRank ?? 0),
    levels: Float64Array.from(records, ({weight}) => weight.level),
    positions: Float64Array.from(records, ({weight}) => weight.position),
    values: (id, attribute) => facetValues(records[id] as DocSearchRecord, attribute),
  };
}

/** The values of a record's attribute (dotted path), as strings. */
export function facetValues(record: DocSearchRecord, attribute: string): string[] {
  if (!attribute.includes('.')) {
    const direct = (record as unknown as Record<string, unknown>)[attribute];
    if (typeof direct === 'string') return [direct];
  }
  let value: unknown = record;
  for (const part of attribute.split('.')) {
    if (value === null || typeof value !== 'object') return [];
    value = (value as Record<string, unknown>)[part];
  }
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined) return [];
  return [String(value)];
}
