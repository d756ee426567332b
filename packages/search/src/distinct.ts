/** Algolia's `distinct` on `url` (DocSearch's attributeForDistinct): at most N hits per url. */
import type {RecordFacts} from './recordFacts';

export interface DistinctCounter {
  /** Hits left after `distinct` among the records `ids` (every hit when `distinct` is 0). */
  count(ids: Int32Array, distinct: number): number;
}

/** Counts per url through the urls' numbers: no string keys for the tens of thousands of matches. */
export function distinctCounter({urls: urlIds, urlCount}: RecordFacts): DistinctCounter {
  // Kept between counts and cleared at once (a fill is far cheaper than a second pass over the
  // ids): at 10,000 pages a new one per keystroke was half a megabyte for the collector. Cleared
  // before the loop, not after it: see acceptedIds in ranking.ts.
  const perUrl = new Int32Array(urlCount);
  return {
    count(ids, distinct) {
      if (distinct <= 0) return ids.length;
      perUrl.fill(0);
      let n = 0;
      for (let i = 0; i < ids.length; i++)
        if ((perUrl[urlIds[ids[i] as number] as number] as number)++ < distinct) n++;
      return n;
    },
  };
}

/** The hits, in order, keeping at most `distinct` per url (all of them when `distinct` is 0). */
export function distinctHits<T extends {id: number}>(
  hits: readonly T[],
  distinct: number,
  urls: Int32Array,
): readonly T[] {
  if (distinct <= 0) return hits;
  const perUrl = new Map<number, number>();
  return hits.filter((c) => {
    const url = urls[c.id] as number;
    const n = perUrl.get(url) ?? 0;
    perUrl.set(url, n + 1);
    return n < distinct;
  });
}
