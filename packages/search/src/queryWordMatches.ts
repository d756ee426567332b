/**
 * How the records match one query word: the structure the matching fills in and the
 * ranking and hit shaping read.
 */
import {NO_POSITION} from './fields';
import type {TermMatch} from './highlight';

/**
 * Per-record facts live in typed arrays indexed by record id (no object per
 * record: a one-letter prefix matches almost every record, and objects made
 * the engine slow and garbage-heavy). Which terms a record matched through is
 * not stored per record either: it is the record's own terms that are in
 * `terms`, since a record is in a term's posting exactly when it holds that term.
 */
export interface QueryWordMatches {
  /** Matching record ids, each once, in no particular order. */
  ids: number[];
  /** Per record: fewest typos among its matching terms; -1 when it does not match. */
  typos: Int8Array;
  /** Per record: best (lowest) attribute rank among the matching terms. */
  attr: Uint8Array;
  /** Per record: bit mask of the attributes (by rank) the word matched in. */
  fields: Uint8Array;
  /** Per record: 1 when a term matched the word exactly. */
  exact: Uint8Array;
  /** Per record: first position of a matching term in the ordered attribute (NO_POSITION: none). */
  position: Uint8Array;
  /** Every term the word matched through, with how to highlight it. */
  terms: Map<string, TermMatch>;
  /**
   * Word splits ('auditlog' as 'audit log') count only where the two parts
   * are adjacent: their terms per record, highlighted with `splitMatch`.
   */
  splitTerms: Map<number, string[]>;
  splitMatch: TermMatch;
}

export function emptyMatches(recordCount: number, word: string): QueryWordMatches {
  return {
    ids: [],
    typos: new Int8Array(recordCount).fill(-1),
    attr: new Uint8Array(recordCount),
    fields: new Uint8Array(recordCount),
    exact: new Uint8Array(recordCount),
    position: new Uint8Array(recordCount).fill(NO_POSITION),
    terms: new Map(),
    splitTerms: new Map(),
    splitMatch: {words: [word]},
  };
}

/** A copy to merge into (cached matches are read-only). */
export function copyMatches(m: QueryWordMatches): QueryWordMatches {
  return {
    ids: [...m.ids],
    typos: m.typos.slice(),
    attr: m.attr.slice(),
    fields: m.fields.slice(),
    exact: m.exact.slice(),
    position: m.position.slice(),
    terms: new Map(m.terms),
    splitTerms: m.splitTerms,
    splitMatch: m.splitMatch,
  };
}

/**
 * Notes that record `id` matches, keeping its best typos and attribute, the union of fields and the
 * first position in the ordered attribute.
 */
export function addMatch(
  m: QueryWordMatches,
  id: number,
  typos: number,
  attr: number,
  fields: number,
  exact: boolean,
  position: number,
): void {
  const current = m.typos[id] as number;
  if (current < 0) {
    m.ids.push(id);
    m.typos[id] = typos;
    m.attr[id] = attr;
    m.fields[id] = fields;
    m.exact[id] = exact ? 1 : 0;
    m.position[id] = position;
    return;
  }
  if (position < (m.position[id] as number)) m.position[id] = position;
  if (typos < current || (typos === current && attr < (m.attr[id] as number))) {
    m.typos[id] = typos;
    m.attr[id] = attr;
  }
  m.fields[id] = (m.fields[id] as number) | fields;
  if (exact) m.exact[id] = 1;
}

/** Adds a term to the ones a word matched through; a term reached twice keeps both ways. */
export function addTerm(terms: Map<string, TermMatch>, term: string, tm: TermMatch): void {
  const prev = terms.get(term);
  terms.set(term, prev ? mergeTermMatch(prev, tm) : tm);
}

function mergeTermMatch(a: TermMatch, b: TermMatch): TermMatch {
  if (a === b) return a;
  const words = [...new Set([...a.words, ...b.words])];
  // A full-word match wins over a prefix match of the same term.
  const prefixLength =
    a.prefixLength === undefined || b.prefixLength === undefined
      ? undefined
      : Math.max(a.prefixLength, b.prefixLength);
  return prefixLength === undefined ? {words} : {words, prefixLength};
}

/** Whether a term of record `id` is one through which it matched `m`. */
export function termTest(m: QueryWordMatches, id: number): (term: string) => boolean {
  const split = m.splitTerms.get(id);
  return (term) => matchedThrough(m, split, term);
}

/**
 * termTest without a function made: whether `term` is one through which a record matched `m`,
 * given the record's split terms (`m.splitTerms.get(id)`).
 */
export function matchedThrough(
  m: QueryWordMatches,
  split: readonly string[] | undefined,
  term: string,
): boolean {
  return m.terms.has(term) || (split !== undefined && split.includes(term));
}
