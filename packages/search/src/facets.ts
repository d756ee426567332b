/** Facet values of records: what facetFilters test and what `facets` counts. */
import type {DocSearchRecord} from './types';

/** DocSearch's attributesForFaceting: what `facets: ['*']` counts. */
export const FACET_ATTRIBUTES = ['language', 'docusaurus_tag', 'type'] as const;

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

/** Per attribute, how many of `records` hold each value; values listed in the order of `records`. */
export function countFacets(
  records: Iterable<DocSearchRecord>,
  attributes: readonly string[],
): Record<string, Record<string, number>> {
  const unique = [...new Set(attributes)];
  const facets: Record<string, Record<string, number>> = {};
  for (const attribute of unique) facets[attribute] = {};
  for (const record of records) {
    for (const attribute of unique) {
      const counts = facets[attribute] as Record<string, number>;
      for (const v of facetValues(record, attribute)) counts[v] = (counts[v] ?? 0) + 1;
    }
  }
  return facets;
}
