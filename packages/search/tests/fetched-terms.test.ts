/**
 * The sharded reader's terms of the records (fetchedTerms.ts), which writes a field's terms into
 * one array it hands out again: each field must read as its own places alone, whatever was read
 * before it, and places fetched later must show.
 */
import {describe, expect, it} from 'vitest';
import {fetchedTerms} from '../src/fetchedTerms';
import {CONTENT_RANK} from '../src/fields';

const DICTIONARY = ['audit', 'inway', 'log', 'outway'];
const [AUDIT, INWAY, LOG, OUTWAY] = [0, 1, 2, 3];

describe("the sharded reader's terms of the records", () => {
  it('reads each field as its places alone, in any order, with places fetched later', () => {
    const {terms, place} = fetchedTerms(DICTIONARY, 3);
    // Record 0's content holds 'audit log' at 7 and 'outway' at 12; record 1's content 'inway'
    // at 1; record 2's lvl1 is the one word 'outway'.
    place(AUDIT)(0, CONTENT_RANK, 7, false);
    place(LOG)(0, CONTENT_RANK, 8, false);
    place(OUTWAY)(0, CONTENT_RANK, 12, false);
    place(INWAY)(1, CONTENT_RANK, 1, false);
    place(OUTWAY)(2, 1, 0, true);
    const longField = [...Array<undefined>(7), 'audit', 'log', ...Array<undefined>(3), 'outway'];
    const expected = new Map<string, (string | undefined)[]>([
      ['0 content', longField],
      ['1 content', [undefined, 'inway']],
      ['2 lvl1', ['outway']],
      ['2 content', []],
    ]);
    const read = (key: string): (string | undefined)[] => {
      const [id, field] = key.split(' ');
      return [...terms.of(Number(id), field === 'content' ? CONTENT_RANK : 1)];
    };
    // Every field after every other: a term left from the field read before would show.
    for (const before of expected.keys())
      for (const [key, want] of expected) {
        read(before);
        expect(read(key), `${key} after ${before}`).toEqual(want);
      }
    expect(
      terms.adjacent(
        0,
        (t) => t === 'audit',
        (t) => t === 'log',
      ),
    ).toBe(true);
    expect(
      terms.adjacent(
        0,
        (t) => t === 'log',
        (t) => t === 'outway',
      ),
    ).toBe(false);
    // A postings file fetched after a read: its places show in the field read before.
    place(INWAY)(1, CONTENT_RANK, 4, false);
    expect(read('1 content')).toEqual([undefined, 'inway', undefined, undefined, 'inway']);
    expect(read('0 content')).toEqual(longField);
  });

  it('keeps places past the arrays it starts with', () => {
    const {terms, place} = fetchedTerms(DICTIONARY, 2000);
    for (let id = 0; id < 2000; id++)
      place(id % 2 ? INWAY : OUTWAY)(id, CONTENT_RANK, id % 5, false);
    for (let id = 0; id < 2000; id++)
      expect(terms.of(id, CONTENT_RANK)[id % 5]).toBe(id % 2 ? 'inway' : 'outway');
  });
});
