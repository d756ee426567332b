/**
 * Matching: the records each query word matches, through the term index. A word matches its
 * term exactly, as a prefix (the last word while typing), within its allowed typos, through its
 * other number (ignorePlurals), through its synonyms (one-word alternatives as the word itself,
 * longer ones as phrases), split in two adjacent words ('auditlog' as 'audit log'), and two
 * adjacent query words match their concatenation ('audit log' as 'auditlog').
 *
 * Codes: a word with underscores ('ERROR_CODE_SERVICE_UNREACHABLE') is one term, found as
 * written; its parts find it too when they are typed as a run of them, with underscores
 * ('SERVICE_UNREACHABLE') or as adjacent query words ('service unreachable'), never as one word
 * alone (every 'FSC_NAMESPACE' would then answer 'namespace').
 */
import {CONTENT_RANK, FIELDS, lowestRank, NO_POSITION} from './fields';
import type {TermMatch} from './highlight';
import {pluralForms} from './language';
import type {QueryWord} from './query';
import {
  addMatch,
  addTerm,
  copyMatches,
  emptyMatches,
  type QueryWordMatches,
} from './queryWordMatches';
import {typoDistance} from './text';
import type {Posting, RecordTerms, TermIndex} from './termIndex';

const MIN_SPLIT_WORD = 5;
const MIN_SPLIT_PART = 2;
/** Matches of this many recent query words are kept (see createMatcher). */
const QUERY_WORD_CACHE_SIZE = 64;
/**
 * Joined matches of this many recent pairs of adjacent words are kept (see createMatcher): each
 * pair's are two copies of a word's matches, arrays as long as the index has records.
 */
const JOIN_CACHE_SIZE = 8;

export interface Matcher {
  /** Per query word, its matches (read-only: they may be cached), concatenations merged in. */
  matchQuery(queryWords: readonly QueryWord[]): QueryWordMatches[];
}

/** Adds every record of `posting` to `out`. */
function addPosting(out: QueryWordMatches, posting: Posting, typos: number, exact: boolean): void {
  const {ids, masks, positions} = posting;
  for (let i = 0; i < ids.length; i++) {
    const mask = masks[i] as number;
    addMatch(out, ids[i] as number, typos, lowestRank(mask), mask, exact, positions[i] as number);
  }
}

/**
 * Candidate terms within `typos` edits of `word`. Levenshtein counts an
 * adjacent transposition as two edits (Algolia: one typo); for one typo
 * those are looked up directly rather than searching two edits deep.
 */
function typoCandidates(index: TermIndex, word: string, typos: number): Map<string, Posting> {
  const found = new Map<string, Posting>();
  for (const [term, [posting]] of index.fuzzyGet(word, typos)) found.set(term, posting);
  if (typos !== 1) return found;
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    const posting = index.get(swapped);
    if (posting) found.set(swapped, posting);
  }
  return found;
}

/** The word itself, as a prefix, within its typos, and in its other number (no typo, exact). */
function addWordTerms(index: TermIndex, queryWord: QueryWord, out: QueryWordMatches): void {
  const {word} = queryWord;
  const plain: TermMatch = {words: [word]};
  if (queryWord.prefix) {
    const prefixMatch: TermMatch = {words: [word], prefixLength: word.length};
    for (const [term, posting] of index.atPrefix(word).entries()) {
      addTerm(out.terms, term, term === word ? plain : prefixMatch);
      addPosting(out, posting, 0, term === word);
    }
  }
  if (queryWord.typos > 0) {
    for (const [term, posting] of typoCandidates(index, word, queryWord.typos)) {
      if (queryWord.prefix && term.startsWith(word)) continue; // found as a prefix, 0 typos
      const typos = typoDistance(word, term, queryWord.typos);
      if (typos > queryWord.typos) continue;
      addTerm(out.terms, term, plain);
      addPosting(out, posting, typos, typos === 0);
    }
  } else if (!queryWord.prefix) {
    const posting = index.get(word);
    if (posting) {
      addTerm(out.terms, word, plain);
      addPosting(out, posting, 0, true);
    }
  }
  for (const form of queryWord.forms) {
    const posting = index.get(form);
    if (!posting) continue;
    addTerm(out.terms, form, plain);
    addPosting(out, posting, 0, true);
  }
}

/** Code terms ('fsc_grant_hash') by each run of two or more of their parts ('grant_hash'). */
type CodeParts = ReadonlyMap<string, readonly string[]>;

function codeParts(index: TermIndex): CodeParts {
  const runs = new Map<string, string[]>();
  for (const term of index.keys()) {
    if (!term.includes('_')) continue;
    const parts = term.split('_').filter(Boolean);
    for (let from = 0; from < parts.length; from++) {
      for (let to = from + 2; to <= parts.length; to++) {
        const run = parts.slice(from, to).join('_');
        if (run === term) continue;
        const codes = runs.get(run);
        if (codes) codes.push(term);
        else runs.set(run, [term]);
      }
    }
  }
  return runs;
}

/** The codes holding `run` among their parts, with their postings. */
function codesOf(index: TermIndex, parts: CodeParts, run: string): [string, Posting][] {
  const found: [string, Posting][] = [];
  for (const code of parts.get(run) ?? []) {
    const posting = index.get(code);
    if (posting) found.push([code, posting]);
  }
  return found;
}

/**
 * A synonym's alternative: one word is matched as the query word itself (exact when the query word's
 * alternatives count as exact), with its other number; several words only where a record holds
 * them in order, next to each other, in one field (highlighted in that record only).
 */
function addAlternative(
  index: TermIndex,
  terms: RecordTerms,
  queryWord: QueryWord,
  words: readonly string[],
  out: QueryWordMatches,
): void {
  const plain: TermMatch = {words: [queryWord.word]};
  if (words.length === 1) {
    const [word] = words as [string];
    for (const form of [word, ...pluralForms(word)]) {
      const posting = index.get(form);
      if (!posting) continue;
      addTerm(out.terms, form, plain);
      addPosting(out, posting, 0, queryWord.alternativesExact);
    }
    return;
  }
  const postings = words.map((w) => index.get(w));
  if (postings.some((p) => !p)) return;
  const [first, ...others] = (postings as Posting[]).sort((a, b) => a.ids.length - b.ids.length);
  const members = others.map((p) => new Map(p.ids.map((id, i) => [id, p.masks[i] as number])));
  (first as Posting).ids.forEach((id, i) => {
    let mask = (first as Posting).masks[i] as number;
    for (const m of members) mask &= m.get(id) ?? 0;
    const position = mask === 0 ? null : phrasePosition(terms, id, words);
    if (position === null) return;
    addMatch(out, id, 0, lowestRank(mask), mask, false, position);
    const held = out.splitTerms.get(id);
    if (held) held.push(...words);
    else out.splitTerms.set(id, [...words]);
  });
}

/**
 * Where record `id` holds `words` in order, next to each other, in one field: the first such
 * position in the ordered attribute (NO_POSITION when only other fields hold them), or null when
 * no field does.
 */
function phrasePosition(terms: RecordTerms, id: number, words: readonly string[]): number | null {
  let found: number | null = null;
  for (let f = 0; f < FIELDS.length; f++) {
    const t = terms.of(id, f);
    for (let i = 0; i + words.length <= t.length; i++) {
      if (!words.every((w, k) => t[i + k] === w)) continue;
      if (f !== CONTENT_RANK) found = NO_POSITION;
      else return Math.min(i, NO_POSITION);
      break;
    }
  }
  return found;
}

/** Splitting: 'auditlog' also matches the records holding 'audit' right before 'log'. */
function addSplits(
  index: TermIndex,
  terms: RecordTerms,
  word: string,
  out: QueryWordMatches,
): void {
  for (let i = MIN_SPLIT_PART; i <= word.length - MIN_SPLIT_PART; i++) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    const lp = index.get(left);
    const rp = index.get(right);
    if (!lp || !rp) continue;
    // both postings are sorted by id: merge-join
    for (let x = 0, y = 0; x < lp.ids.length && y < rp.ids.length;) {
      const lid = lp.ids[x] as number;
      const rid = rp.ids[y] as number;
      if (lid < rid) x++;
      else if (rid < lid) y++;
      else {
        const position = phrasePosition(terms, lid, [left, right]);
        if (position !== null) {
          const lm = lp.masks[x] as number;
          const rm = rp.masks[y] as number;
          addMatch(out, lid, 0, Math.max(lowestRank(lm), lowestRank(rm)), lm & rm, false, position);
          const parts = out.splitTerms.get(lid);
          if (parts) parts.push(left, right);
          else out.splitTerms.set(lid, [left, right]);
        }
        x++;
        y++;
      }
    }
  }
}

/**
 * Two adjacent query words as one term: their concatenation ('audit log' also matches the single
 * word 'auditlog') and the codes holding them as a run of parts ('service unreachable' matches
 * 'error_code_service_unreachable'). Returns copies of both words' matches with those terms merged
 * in, or null when no record holds one.
 */
function withJoinedTerms(
  index: TermIndex,
  parts: CodeParts,
  a: QueryWord,
  b: QueryWord,
  ma: QueryWordMatches,
  mb: QueryWordMatches,
): [QueryWordMatches, QueryWordMatches] | null {
  const joined = a.word + b.word;
  const tm: TermMatch = {words: [a.word, b.word]};
  const found: [string, TermMatch, Posting][] = [];
  if (b.prefix) {
    const prefixTm: TermMatch = {words: [a.word, b.word], prefixLength: joined.length};
    for (const [term, posting] of index.atPrefix(joined).entries()) {
      found.push([term, term === joined ? tm : prefixTm, posting]);
    }
  } else {
    const posting = index.get(joined);
    if (posting) found.push([joined, tm, posting]);
    for (const [code, codePosting] of codesOf(index, parts, `${a.word}_${b.word}`))
      found.push([code, tm, codePosting]);
  }
  if (found.length === 0) return null;
  const copies: [QueryWordMatches, QueryWordMatches] = [copyMatches(ma), copyMatches(mb)];
  for (const copy of copies) {
    for (const [term, termMatch, posting] of found) {
      addTerm(copy.terms, term, termMatch);
      addPosting(copy, posting, 0, false);
    }
  }
  return copies;
}

export function createMatcher(
  index: TermIndex,
  terms: RecordTerms,
  recordCount: number,
  /** Recent query words whose matches are kept (0: none, so every query reads the index again). */
  cacheSize = QUERY_WORD_CACHE_SIZE,
): Matcher {
  // Typing sends one query per keystroke: the words before the last one
  // repeat, so their matches are cached (read-only once cached).
  const cache = new Map<string, QueryWordMatches>();
  const parts = codeParts(index);

  function matchQueryWord(queryWord: QueryWord): QueryWordMatches {
    const {word, prefix, typos, phrase, forms, alternatives} = queryWord;
    const key =
      `${word}|${prefix ? 1 : 0}|${typos}|${phrase === null ? 0 : 1}|${forms.join(',')}|` +
      `${queryWord.alternativesExact ? 1 : 0}|${alternatives.map((a) => a.join(' ')).join(',')}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const out = emptyMatches(recordCount, word);
    addWordTerms(index, queryWord, out);
    for (const alternative of alternatives)
      addAlternative(index, terms, queryWord, alternative, out);
    if (word.includes('_')) {
      for (const [code, posting] of codesOf(index, parts, word)) {
        addTerm(out.terms, code, {words: [word]});
        addPosting(out, posting, 0, false);
      }
    }
    if (phrase === null && word.length >= MIN_SPLIT_WORD && !/\d/.test(word))
      addSplits(index, terms, word, out);
    if (cacheSize === 0) return out;
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(key, out);
    return out;
  }

  // The words before the last one also keep their pairs: a pair's joined matches are the same
  // as long as both words' matches are (the same objects, which the cache hands out), and copying
  // them anew at every keystroke was most of what a query of several words allocated.
  const joins = new Map<string, [QueryWordMatches, QueryWordMatches] | null>();
  const numbers = new WeakMap<QueryWordMatches, number>();
  let numbered = 0;
  const numberOf = (m: QueryWordMatches): number => {
    let n = numbers.get(m);
    if (n === undefined) numbers.set(m, (n = numbered++));
    return n;
  };

  function joined(
    a: QueryWord,
    b: QueryWord,
    ma: QueryWordMatches,
    mb: QueryWordMatches,
  ): [QueryWordMatches, QueryWordMatches] | null {
    if (cacheSize === 0) return withJoinedTerms(index, parts, a, b, ma, mb);
    const key = `${numberOf(ma)} ${numberOf(mb)}`;
    const cached = joins.get(key);
    if (cached !== undefined) return cached;
    const merged = withJoinedTerms(index, parts, a, b, ma, mb);
    if (joins.size >= JOIN_CACHE_SIZE) joins.delete(joins.keys().next().value as string);
    joins.set(key, merged);
    return merged;
  }

  function matchQuery(queryWords: readonly QueryWord[]): QueryWordMatches[] {
    const matches = queryWords.map(matchQueryWord);
    queryWords.forEach((a, i) => {
      const b = queryWords[i + 1];
      if (!b || a.phrase !== null || b.phrase !== null) return;
      const merged = joined(
        a,
        b,
        matches[i] as QueryWordMatches,
        matches[i + 1] as QueryWordMatches,
      );
      if (merged) [matches[i], matches[i + 1]] = merged;
    });
    return matches;
  }

  return {matchQuery};
}
