import {describe, expect, it} from 'vitest';
import {distinctCounter} from '../src/distinct';
import {factsOfRecords} from '../src/recordFacts';
import {corpus} from './support/records';

describe('distinctCounter', () => {
  // Its per-url counts are one array kept between counts, as a keystroke after another counts.
  const records = corpus();
  const facts = factsOfRecords(records);
  const {count} = distinctCounter(facts);
  const ids = Int32Array.from(records.keys());
  const byHand = (of: Int32Array, distinct: number): number => {
    const perUrl = new Map<number, number>();
    for (const id of of) {
      const url = facts.urls[id] as number;
      perUrl.set(url, (perUrl.get(url) ?? 0) + 1);
    }
    return [...perUrl.values()].reduce((sum, n) => sum + Math.min(n, distinct), 0);
  };

  it('counts each set of hits from zero, whatever it counted before', () => {
    const firstHalf = ids.subarray(0, ids.length >> 1);
    const everyOther = ids.filter((id) => id % 2 === 0);
    // the corpus has urls with several records, or distinct would not matter
    expect(byHand(ids, 1)).toBeLessThan(ids.length);
    for (const [of, distinct] of [
      [ids, 1],
      [ids, 1],
      [firstHalf, 2],
      [everyOther, 1],
      [ids, 2],
      [firstHalf, 1],
    ] as const)
      expect(count(of, distinct)).toBe(byHand(of, distinct));
    expect(count(ids, 0)).toBe(ids.length);
  });
});
