/** facetFilters (which records a query may return) and optionalFilters (the `filters` criterion). */
import type {RecordFacts} from './recordFacts';

/** Which records the facet filters accept, and how many optional filter groups each matches. */
export interface RecordFilters {
  accepted: Uint8Array;
  /** Null when the query has no optional filters. */
  scores: Uint8Array | null;
}

interface FacetFilter {
  attribute: string;
  value: string;
  negated: boolean;
}

/** Filter sets kept per kind; the same few come with every keystroke. */
const FILTER_CACHE_SIZE = 16;
/** Optional filter groups a record matches are counted in a byte: more count as this many. */
const MAX_FILTER_SCORE = 255;

function parseFacetFilter(filter: string): FacetFilter {
  let text = filter.trim();
  let negated = false;
  if (text.startsWith('-')) {
    negated = true;
    text = text.slice(1);
  }
  const colon = text.indexOf(':');
  if (colon <= 0)
    throw new Error(`facetFilters: invalid filter "${filter}" (expected attribute:value)`);
  const attribute = text.slice(0, colon).trim();
  let value = text.slice(colon + 1);
  if (value.startsWith('\\-')) value = value.slice(1);
  else if (value.startsWith('-')) {
    negated = !negated;
    value = value.slice(1);
  }
  return {attribute, value, negated};
}

/** Per OR group of filters: whether a record (its id) passes it. */
function compileGroups(groups: string[][], facts: RecordFacts): ((id: number) => boolean)[] {
  return groups.map((group) => {
    const filters = group.map(parseFacetFilter);
    return (id) =>
      filters.some((f) => facts.values(id, f.attribute).includes(f.value) !== f.negated);
  });
}

/** One value per record for each filter set, computed on first use and kept in a small cache. */
function perRecordCache(
  compute: (groups: string[][]) => Uint8Array,
): (groups: string[][]) => Uint8Array {
  const cache = new Map<string, Uint8Array>();
  return (groups: string[][]): Uint8Array => {
    const key = JSON.stringify(groups);
    let values = cache.get(key);
    if (!values) {
      values = compute(groups);
      if (cache.size >= FILTER_CACHE_SIZE) cache.clear();
      cache.set(key, values);
    }
    return values;
  };
}

export interface FilterSets {
  filtersFor(facetFilters: string[][], optionalFilters: string[][]): RecordFilters;
}

export function createRecordFilters(facts: RecordFacts): FilterSets {
  const perRecord = (value: (id: number) => number): Uint8Array =>
    Uint8Array.from({length: facts.count}, (_, id) => value(id));
  const accepted = perRecordCache((groups) => {
    const compiled = compileGroups(groups, facts);
    return perRecord((id) => (compiled.every((passes) => passes(id)) ? 1 : 0));
  });
  const scores = perRecordCache((groups) => {
    const compiled = compileGroups(groups, facts);
    return perRecord((id) =>
      Math.min(compiled.filter((passes) => passes(id)).length, MAX_FILTER_SCORE),
    );
  });
  return {
    filtersFor(facetFilters, optionalFilters) {
      return {
        accepted: accepted(facetFilters),
        scores: optionalFilters.length > 0 ? scores(optionalFilters) : null,
      };
    },
  };
}
