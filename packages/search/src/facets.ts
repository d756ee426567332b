/** Facets: how many of a query's records hold each value of an attribute (what `facets` counts). */
import type {RecordFacts} from './recordFacts';

/** DocSearch's attributesForFaceting: what `facets: ['*']` counts. */
export const FACET_ATTRIBUTES = ['language', 'docusaurus_tag', 'type'] as const;

/**
 * Per attribute, how many of the records `ids` hold each value; values listed in the order of
 * `ids`.
 */
export function countFacets(
  ids: Iterable<number>,
  facts: RecordFacts,
  attributes: readonly string[],
): Record<string, Record<string, number>> {
  const unique = [...new Set(attributes)];
  const facets: Record<string, Record<string, number>> = {};
  for (const attribute of unique) facets[attribute] = {};
  for (const id of ids) {
    for (const attribute of unique) {
      const counts = facets[attribute] as Record<string, number>;
      for (const v of facts.values(id, attribute)) counts[v] = (counts[v] ?? 0) + 1;
    }
  }
  return facets;
}
