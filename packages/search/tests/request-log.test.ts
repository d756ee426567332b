import {describe, expect, it} from 'vitest';
import {roundTrips} from '../support/requestLog.mjs';

/** A request that arrived at `arrived` ms and was answered at `answered`. */
const at = (arrived: number, answered: number) => ({arrived, answered});

describe('round trips in sequence (bench:search-scale)', () => {
  it('counts requests made together as one, however many', () => {
    expect(roundTrips([at(0, 100), at(3, 104), at(40, 140), at(2, 130)])).toBe(1);
  });

  it('counts a request made after an answer as one more, in any order given', () => {
    // The script, then the index after its answer: two round trips.
    expect(roundTrips([at(120, 300), at(0, 100)])).toBe(2);
    // A manifest, then shards together, then text for the hits: three.
    const sharded = [at(0, 100), at(110, 210), at(112, 215), at(220, 320)];
    expect(roundTrips(sharded)).toBe(3);
  });

  it('takes the deepest answer a request came after, not how many answers came before it', () => {
    // Three shards together, then the hits' text: two round trips, not four.
    expect(roundTrips([at(0, 100), at(1, 100), at(2, 100), at(150, 200)])).toBe(2);
    // Beside a chain of three, a request after the first answer only is in the second.
    const requests = [at(0, 10), at(11, 20), at(21, 300), at(0, 50), at(15, 70)];
    expect(roundTrips(requests)).toBe(3);
    // A request that arrived before another's answer was made beside it.
    expect(roundTrips([at(0, 100), at(99, 150)])).toBe(1);
    expect(roundTrips([at(0, 100), at(100, 150)])).toBe(2);
  });

  it('is 0 without requests', () => {
    expect(roundTrips([])).toBe(0);
  });
});
