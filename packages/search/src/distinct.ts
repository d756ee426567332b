/** Algolia's `distinct` on `url` (DocSearch's attributeForDistinct): at most N hits per url. */
import type {DocSearchRecord} from './types';

export interface DistinctCounter {
  /** Hits left after `distinct` among the records `ids` (every hit when `distinct` is 0). */
  count(ids: ArrayLike<number>, distinct: number): number;
}

/** Counts per url through numbered urls: no string keys for the tens of thousands of matches. */
export function distinctCounter(records: readonly DocSearchRecord[]): DistinctCounter {
  const numbers = new Map<string, number>();
  const urlIds = new Int32Array(records.length);
  records.forEach((r, i) => {
    let n = numbers.get(r.url);
    if (n === undefined) numbers.set(r.url, (n = numbers.size));
    urlIds[i] = n;
  });
  // Kept between counts and cleared at once (a fill is far cheaper than a second pass over the
  // ids): at 10,000 pages a new one per keystroke was half a megabyte for the collector.
  const perUrl = new Int32Array(numbers.size);
  return {
    count(ids, distinct) {
      if (distinct <= 0) return ids.length;
      let n = 0;
      for (let i = 0; i < ids.length; i++)
        if ((perUrl[urlIds[ids[i] as number] as number] as number)++ < distinct) n++;
      perUrl.fill(0);
      return n;
    },
  };
}

/** The hits, in order, keeping at most `distinct` per url (all of them when `distinct` is 0). */
export function distinctHits<T extends {record: DocSearchRecord}>(
  hits: readonly T[],
  distinct: number,
): readonly T[] {
  if (distinct <= 0) return hits;
  const perUrl = new Map<string, number>();
  return hits.filter((c) => {
    const n = perUrl.get(c.record.url) ?? 0;
    perUrl.set(c.record.url, n + 1);
    return n < distinct;
  });
}
