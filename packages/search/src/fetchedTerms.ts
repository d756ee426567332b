/**
 * The sharded reader's RecordTerms (shardedSearch.ts): what the postings it fetched tell of the
 * records' terms in order.
 */
import {FIELDS} from './fields';
import type {Place} from './shardFileFormat';
import type {RecordTerms} from './termIndex';

/**
 * The records' terms in order as far as the fetched postings tell them: a field holds each fetched
 * term at its positions, and nothing (undefined) elsewhere. Exact for every question the engine
 * asks, since it only asks whether a term is one the query reached, and those were all fetched;
 * a field that is more than one term is at least two long, and one that is one term is one long
 * (the exact criterion's whole-attribute question).
 *
 * The places are kept in typed arrays, a list per field of (position, term number), and a field's
 * terms written out into one array that `of` hands out again at its next call (RecordTerms allows
 * it): an array per field of every record a fetched term is in was a quarter of a million objects
 * at 10,000 pages after a few queries, which every major collection marked (issue 38).
 */
export function fetchedTerms(
  dictionary: readonly string[],
  records: number,
): {
  terms: RecordTerms;
  /** Where the posting of term `n` (its number in the dictionary) places it. */
  place(n: number): Place;
} {
  const fields = records * FIELDS.length;
  /** Per field (`id * FIELDS.length + rank`): its first place, -1 for none, and its length. */
  const first = new Int32Array(fields).fill(-1);
  const lengths = new Int32Array(fields);
  /** Per place: the field's next place (-1: none), its position and its term's number. */
  let next: Int32Array = new Int32Array(1024);
  let positions: Int32Array = new Int32Array(next.length);
  let termNumbers: Int32Array = new Int32Array(next.length);
  let placed = 0;
  const grown = (array: Int32Array): Int32Array => {
    const bigger = new Int32Array(array.length * 2);
    bigger.set(array);
    return bigger;
  };
  const written: (string | undefined)[] = [];
  let writtenField = -1;
  function of(id: number, rank: number): string[] {
    const field = id * FIELDS.length + rank;
    // Only the places of the field written before are cleared: a field is hundreds of positions
    // long where the fetched terms hold a few, and this runs for every id of a group ordered.
    for (
      let at = writtenField < 0 ? -1 : (first[writtenField] as number);
      at >= 0;
      at = next[at] as number
    )
      written[positions[at] as number] = undefined;
    writtenField = field;
    written.length = lengths[field] as number;
    for (let at = first[field] as number; at >= 0; at = next[at] as number)
      written[positions[at] as number] = dictionary[termNumbers[at] as number];
    return written as string[];
  }
  return {
    terms: {
      of,
      adjacent(id, a, b) {
        for (let f = 0; f < FIELDS.length; f++) {
          const t = of(id, f);
          for (let i = 0; i + 1 < t.length; i++) {
            const here = t[i];
            const following = t[i + 1];
            if (here !== undefined && following !== undefined && a(here) && b(following))
              return true;
          }
        }
        return false;
      },
    },
    place: (n) => (id, rank, position, whole) => {
      if (placed === next.length) {
        next = grown(next);
        positions = grown(positions);
        termNumbers = grown(termNumbers);
      }
      const field = id * FIELDS.length + rank;
      next[placed] = first[field] as number;
      positions[placed] = position;
      termNumbers[placed] = n;
      first[field] = placed++;
      lengths[field] = Math.max(lengths[field] as number, position + 1, whole ? 0 : 2);
    },
  };
}
