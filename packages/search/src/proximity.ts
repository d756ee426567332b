/** Algolia's proximity criterion: how close together a record holds the query words. */
import {FIELDS} from './fields';
import {matchedThrough, type QueryWordMatches} from './queryWordMatches';
import type {RecordTerms} from './termIndex';

/** Distance counted for a pair of query words that are farther apart, or not in one field. */
export const MAX_PROXIMITY = 8;

/** Sum over consecutive query words of their closest distance in one field of record `id`. */
export function proximityOf(
  id: number,
  queryWordMatches: readonly QueryWordMatches[],
  terms: RecordTerms,
): number {
  let total = 0;
  for (let i = 0; i + 1 < queryWordMatches.length; i++) {
    const a = queryWordMatches[i] as QueryWordMatches;
    const b = queryWordMatches[i + 1] as QueryWordMatches;
    total +=
      (a.typos[id] as number) < 0 || (b.typos[id] as number) < 0
        ? MAX_PROXIMITY
        : pairDistance(id, a, b, terms);
  }
  return total;
}

/** Closest distance of two query words both matched by record `id` (1: adjacent, in order). */
function pairDistance(
  id: number,
  a: QueryWordMatches,
  b: QueryWordMatches,
  terms: RecordTerms,
): number {
  let best = MAX_PROXIMITY;
  // The split terms, not termTest's functions: this runs for every id of a group being ordered.
  const splitA = a.splitTerms.get(id);
  const splitB = b.splitTerms.get(id);
  // Only fields holding both words can bring them close (the masks
  // cover every matched term; split parts may stand alone elsewhere).
  const split = splitA !== undefined || splitB !== undefined;
  const shared = split ? ~0 : (a.fields[id] as number) & (b.fields[id] as number);
  for (let f = 0; f < FIELDS.length; f++) {
    if (!(shared & (1 << f))) continue;
    const t = terms.of(id, f);
    if (t.length === 0) continue;
    let lastA = -1;
    let lastB = -1;
    for (let p = 0; p < t.length && best > 1; p++) {
      const term = t[p] as string;
      const inA = matchedThrough(a, splitA, term);
      const inB = matchedThrough(b, splitB, term);
      if (inA && inB) best = Math.min(best, 1); // one document word satisfies both
      if (inB && lastA >= 0) best = Math.min(best, p - lastA);
      if (inA && lastB >= 0) best = Math.min(best, p - lastB + 1); // reversed order
      if (inA) lastA = p;
      if (inB) lastB = p;
    }
  }
  return best;
}
