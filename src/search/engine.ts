/**
 * An Algolia-compatible query engine over DocSearch records.
 *
 * Words are looked up in MiniSearch's radix tree (`SearchableMap`: exact,
 * prefix and edit-distance lookups); ranking follows Algolia's
 * tie-breaking criteria with DocSearch's index settings (not a BM25 score):
 *
 *   words (only differs in the any-word fallback) > typo > attribute
 *   (hierarchy.lvl0 … lvl6, then content) > proximity > exact >
 *   custom: desc(weight.pageRank), desc(weight.level), asc(weight.position)
 *
 * then `distinct` on `url` (DocSearch's attributeForDistinct).
 */
import SearchableMap from 'minisearch/SearchableMap';
import { highlight, snippet, type TermMatch, type TermMatcher, type Tags } from './highlight';
import { DEFAULTS, normalizeParams, serializeParams, type NormalizedParams } from './params';
import { terms as toTerms, tokenizeWithOffsets, typoDistance, type Token } from './text';
import {
  HIERARCHY_LEVELS,
  type DocSearchRecord,
  type HierarchyLevel,
  type HighlightResult,
  type SearchHit,
  type SearchParams,
  type SearchResponse,
  type SnippetResult,
} from './types';

/** Searchable attributes in DocSearch's order; the index is the attribute rank. */
export const FIELDS = [...HIERARCHY_LEVELS, 'content'] as const;
export type Field = (typeof FIELDS)[number];
const CONTENT_RANK = FIELDS.length - 1;

/** DocSearch's attributesForFaceting. */
export const FACET_ATTRIBUTES = ['language', 'docusaurus_tag', 'type'] as const;

/** Algolia defaults: 1 typo from 4 letters, 2 typos from 8. */
export const MIN_WORD_SIZE_FOR_1_TYPO = 4;
export const MIN_WORD_SIZE_FOR_2_TYPOS = 8;
const MAX_PROXIMITY = 8;
const MIN_SPLIT_WORD = 5;
const MIN_SPLIT_PART = 2;
const SLOT_CACHE_SIZE = 64;
const HIT_TOKEN_CACHE_SIZE = 512;

function fieldValue(record: DocSearchRecord, field: string): string | null {
  if (field === 'content') return record.content;
  return record.hierarchy[field as HierarchyLevel] ?? null;
}

/** Documents holding a term: ascending record ids and, per id, a bit mask of attribute ranks. */
export interface Posting {
  ids: number[];
  masks: number[];
}

/** The term index as stored in an index file: term -> [id, mask, id, mask, …]. */
export type SerializedTerms = Record<string, number[]>;

export function buildTermIndex(records: readonly DocSearchRecord[]): SearchableMap<Posting> {
  const map = new SearchableMap<Posting>();
  records.forEach((record, id) => {
    FIELDS.forEach((field, rank) => {
      const text = fieldValue(record, field);
      if (!text) return;
      const bit = 1 << rank;
      for (const term of toTerms(text)) {
        const posting = map.fetch(term, () => ({ ids: [], masks: [] }));
        const last = posting.ids.length - 1;
        if (posting.ids[last] === id) posting.masks[last] = (posting.masks[last] ?? 0) | bit;
        else {
          posting.ids.push(id);
          posting.masks.push(bit);
        }
      }
    });
  });
  return map;
}

export function serializeTerms(map: SearchableMap<Posting>): SerializedTerms {
  const out: SerializedTerms = {};
  for (const [term, { ids, masks }] of map.entries()) {
    const flat: number[] = new Array(ids.length * 2);
    ids.forEach((id, i) => {
      flat[2 * i] = id;
      flat[2 * i + 1] = masks[i] ?? 0;
    });
    out[term] = flat;
  }
  return out;
}

function loadTerms(data: SerializedTerms): SearchableMap<Posting> {
  const map = new SearchableMap<Posting>();
  for (const term of Object.keys(data)) {
    const flat = data[term] ?? [];
    const ids: number[] = [];
    const masks: number[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      ids.push(flat[i] as number);
      masks.push(flat[i + 1] as number);
    }
    map.set(term, { ids, masks });
  }
  return map;
}

/** Rank of the most important attribute in a mask. */
function lowestRank(mask: number): number {
  for (let r = 0; r < FIELDS.length; r++) if (mask & (1 << r)) return r;
  return CONTENT_RANK;
}

export function allowedTypos(word: string): number {
  if (/^\d+$/.test(word)) return 0; // allowTyposOnNumericTokens: false
  if (word.length >= MIN_WORD_SIZE_FOR_2_TYPOS) return 2;
  if (word.length >= MIN_WORD_SIZE_FOR_1_TYPO) return 1;
  return 0;
}

// ---------------------------------------------------------------------------
// Query parsing
// ---------------------------------------------------------------------------

interface Slot {
  /** Normalised query word. */
  word: string;
  prefix: boolean;
  typos: number;
  /** Words of a quoted phrase share an id and must be adjacent. */
  phrase: number | null;
}

interface ParsedQuery {
  slots: Slot[];
  excluded: string[];
}

export function parseQuery(query: string, advancedSyntax: boolean): ParsedQuery {
  const slots: Slot[] = [];
  const excluded: string[] = [];
  let rest = query;
  const phrases: string[][] = [];
  if (advancedSyntax) {
    rest = rest.replace(/"([^"]*)"?/g, (_m, inner: string) => {
      const words = toTerms(inner);
      if (words.length > 0) phrases.push(words);
      return ' ';
    });
    rest = rest.replace(/(^|\s)-(\S+)/g, (_m, lead: string, word: string) => {
      excluded.push(...toTerms(word));
      return lead;
    });
  }
  const words = toTerms(rest);
  words.forEach((word, i) => {
    slots.push({
      word,
      prefix: i === words.length - 1 && phrases.length === 0,
      typos: allowedTypos(word),
      phrase: null,
    });
  });
  phrases.forEach((phrase, p) => {
    for (const word of phrase) slots.push({ word, prefix: false, typos: 0, phrase: p });
  });
  return { slots, excluded };
}

// ---------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------

/** How one document matches one query word. */
interface SlotMatch {
  typos: number;
  /** Best (lowest) attribute rank among the matching terms. */
  attr: number;
  /** Bit mask of the attributes (by rank) the word matched in. */
  fields: number;
  exact: boolean;
  /** Document terms that satisfied the word, with how to highlight them. */
  terms: [string, TermMatch][];
  /**
   * Set instead of `terms` when the word matched as a bare prefix: then the
   * terms are the document's words starting with it, listed only on demand
   * (see termsOf). A 1-2 letter prefix reaches thousands of terms, and
   * listing them for every document would dominate the query.
   */
  prefixOf?: string;
}

function better(a: SlotMatch, b: SlotMatch): boolean {
  return a.typos < b.typos || (a.typos === b.typos && a.attr < b.attr);
}

/** Combines two ways one document matches a word (never mutates either). */
function combine(x: SlotMatch, y: SlotMatch): SlotMatch {
  const [best, other] = better(y, x) ? [y, x] : [x, y];
  const terms = [...best.terms];
  for (const entry of other.terms) if (!terms.some(([t]) => t === entry[0])) terms.push(entry);
  return { ...best, fields: best.fields | other.fields, exact: best.exact || other.exact, terms };
}

function mergeMatch(map: Map<number, SlotMatch>, id: number, match: SlotMatch): void {
  const current = map.get(id);
  map.set(id, current ? combine(current, match) : match);
}

/**
 * Algolia's attribute criterion as DocSearch configures it
 * (attributeCriteriaComputedByMinProximity): the attribute where the query
 * words are matched together, i.e. the one holding the most query words,
 * the more important on a tie. For one word: its best attribute.
 */
function coveringAttribute(matches: readonly (SlotMatch | undefined)[]): number {
  let best = CONTENT_RANK;
  let bestCount = 0;
  for (let f = 0; f < FIELDS.length; f++) {
    let count = 0;
    for (const m of matches) if (m && m.fields & (1 << f)) count++;
    if (count > bestCount) {
      bestCount = count;
      best = f;
    }
  }
  return best;
}

interface Candidate {
  id: number;
  record: DocSearchRecord;
  matches: (SlotMatch | undefined)[];
  words: number;
  typos: number;
  /** Attribute criterion (see coveringAttribute). */
  attr: number;
  /** Tie-break: sum of each word's best attribute. */
  attrSum: number;
  proximity: number;
  exact: number;
  /** words, typos, attribute and attribute sum packed into one number (lower is better). */
  key: number;
}

/** Packs the criteria before proximity into one comparable number. */
function rankKey(words: number, typos: number, attr: number, attrSum: number): number {
  return (((15 - Math.min(words, 15)) * 64 + Math.min(typos, 63)) * 8 + attr) * 256 + Math.min(attrSum, 255);
}

/** Candidates of a query: all of them (unordered), and the leading ones in final order. */
interface Ranking {
  /** Every matching record id (unordered). */
  ids: number[];
  /** Holds at least the requested page's hits (all of them when fewer), in final order. */
  head: Candidate[];
  /** The candidates after `head`, in the order a full sort gives (computed on demand). */
  rest: () => Candidate[];
}

/**
 * The custom ranking (desc pageRank, desc level, asc position, then id) as
 * one integer per record: `staticRank[id]`, and its inverse.
 */
export function staticOrder(records: readonly DocSearchRecord[]): { staticRank: Int32Array; byStaticRank: Int32Array } {
  const byStaticRank = Int32Array.from(records.keys());
  byStaticRank.sort((x, y) => {
    const a = (records[x] as DocSearchRecord).weight;
    const b = (records[y] as DocSearchRecord).weight;
    return (b.pageRank ?? 0) - (a.pageRank ?? 0) || b.level - a.level || a.position - b.position || x - y;
  });
  const staticRank = new Int32Array(records.length);
  byStaticRank.forEach((id, rank) => (staticRank[id] = rank));
  return { staticRank, byStaticRank };
}

/** Numbers each record's url, for counting hits per url without string keys. */
function numberUrls(records: readonly DocSearchRecord[]): { urlIds: Int32Array; urlCount: number } {
  const numbers = new Map<string, number>();
  const urlIds = new Int32Array(records.length);
  records.forEach((r, i) => {
    let n = numbers.get(r.url);
    if (n === undefined) numbers.set(r.url, (n = numbers.size));
    urlIds[i] = n;
  });
  return { urlIds, urlCount: numbers.size };
}

export interface SearchEngine {
  readonly records: readonly DocSearchRecord[];
  search(params: SearchParams | Record<string, unknown>, indexName?: string): SearchResponse;
}

export interface EngineData {
  records: readonly DocSearchRecord[];
  /** The term index over the same records, serialised (optional; built when absent). */
  terms?: SerializedTerms;
}

function newQueryId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

function facetValues(record: DocSearchRecord, attribute: string): string[] {
  if (!attribute.includes('.')) {
    const direct = (record as unknown as Record<string, unknown>)[attribute];
    if (typeof direct === 'string') return [direct];
  }
  let value: unknown = record;
  for (const part of attribute.split('.')) {
    if (value === null || typeof value !== 'object') return [];
    value = (value as Record<string, unknown>)[part];
  }
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined) return [];
  return [String(value)];
}

interface FacetFilter {
  attribute: string;
  value: string;
  negated: boolean;
}

function parseFacetFilter(filter: string): FacetFilter {
  let text = filter.trim();
  let negated = false;
  if (text.startsWith('-')) {
    negated = true;
    text = text.slice(1);
  }
  const colon = text.indexOf(':');
  if (colon <= 0) throw new Error(`facetFilters: invalid filter "${filter}" (expected attribute:value)`);
  const attribute = text.slice(0, colon).trim();
  let value = text.slice(colon + 1);
  if (value.startsWith('\\-')) value = value.slice(1);
  else if (value.startsWith('-')) {
    negated = !negated;
    value = value.slice(1);
  }
  return { attribute, value, negated };
}

function compileFilters(groups: string[][]): (record: DocSearchRecord) => boolean {
  if (groups.length === 0) return () => true;
  const compiled = groups.map((group) => group.map(parseFacetFilter));
  return (record) =>
    compiled.every((group) =>
      group.some((f) => facetValues(record, f.attribute).includes(f.value) !== f.negated),
    );
}

/** Sets the dotted `path` of `target` from `source`. */
function copyPath(target: Record<string, unknown>, source: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in source)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const child = (target[head] ??= {}) as Record<string, unknown>;
  copyPath(child, value as Record<string, unknown>, rest);
}

function retrieve(record: DocSearchRecord, attributes: string[] | null): SearchHit {
  if (attributes === null || attributes.includes('*')) {
    const hit: SearchHit = { ...record, hierarchy: { ...record.hierarchy } };
    for (const a of attributes ?? []) {
      if (a.startsWith('-')) delete (hit as unknown as Record<string, unknown>)[a.slice(1)];
    }
    return hit;
  }
  const hit: Record<string, unknown> = { objectID: record.objectID };
  for (const a of attributes) copyPath(hit, record as unknown as Record<string, unknown>, a.split('.'));
  return hit as unknown as SearchHit;
}

/** Attribute paths (`hierarchy.lvl1`, `content`, `hierarchy`) -> fields. */
function fieldsOf(attributes: Iterable<string>): Set<Field> {
  const out = new Set<Field>();
  for (const a of attributes) {
    if (a === '*') FIELDS.forEach((f) => out.add(f));
    else if (a === 'hierarchy') HIERARCHY_LEVELS.forEach((l) => out.add(l));
    else if (a === 'content') out.add('content');
    else if (a.startsWith('hierarchy.')) {
      const level = a.slice('hierarchy.'.length);
      if ((HIERARCHY_LEVELS as readonly string[]).includes(level)) out.add(level as HierarchyLevel);
    }
  }
  return out;
}

export function createSearchEngine(data: readonly DocSearchRecord[] | EngineData): SearchEngine {
  const { records, terms } = Array.isArray(data)
    ? { records: data as readonly DocSearchRecord[], terms: undefined }
    : (data as EngineData);
  const index = terms ? loadTerms(terms) : buildTermIndex(records);
  const { urlIds, urlCount } = numberUrls(records);
  const { staticRank, byStaticRank } = staticOrder(records);

  /** Per record, per field: terms in order (lazily, for proximity and phrases). */
  const tokenCache: (Map<Field, string[]> | undefined)[] = new Array(records.length);
  function fieldTerms(id: number, field: Field): string[] {
    let perField = tokenCache[id];
    if (!perField) tokenCache[id] = perField = new Map();
    let cached = perField.get(field);
    if (!cached) {
      const record = records[id];
      const text = record ? fieldValue(record, field) : null;
      cached = text ? tokenizeWithOffsets(text).map((t) => t.term) : [];
      perField.set(field, cached);
    }
    return cached;
  }

  // Highlighting tokenises the fields of each hit; the same hits come back
  // keystroke after keystroke, so the tokens of recent hits are kept
  // (bounded: a full corpus of tokens would cost too much memory).
  const hitTokenCache = new Map<number, Map<Field, Token[]>>();
  function hitTokens(id: number): Map<Field, Token[]> {
    let tokens = hitTokenCache.get(id);
    if (tokens) hitTokenCache.delete(id); // re-inserted below as the most recent
    else tokens = new Map();
    if (hitTokenCache.size >= HIT_TOKEN_CACHE_SIZE) hitTokenCache.delete(hitTokenCache.keys().next().value as number);
    hitTokenCache.set(id, tokens);
    return tokens;
  }

  /** The terms through which document `id` matched (listing a prefix match's terms once). */
  function termsOf(id: number, m: SlotMatch): [string, TermMatch][] {
    const word = m.prefixOf;
    if (word === undefined) return m.terms;
    const plain: TermMatch = { words: [word] };
    const prefixMatch: TermMatch = { words: [word], prefixLength: word.length };
    const seen = new Set<string>();
    for (const field of FIELDS) {
      for (const term of fieldTerms(id, field)) {
        if (seen.has(term) || !term.startsWith(word)) continue;
        seen.add(term);
        m.terms.push([term, term === word ? plain : prefixMatch]);
      }
    }
    // Same terms whenever listed: safe to keep in the (possibly cached) match.
    m.prefixOf = undefined;
    return m.terms;
  }

  /** Whether a document term is one through which `m` matched (without listing a prefix match's terms). */
  function termTest(m: SlotMatch): (term: string) => boolean {
    const word = m.prefixOf;
    if (word !== undefined) return (term) => term.startsWith(word);
    const set = new Set(m.terms.map(([t]) => t));
    return (term) => set.has(term);
  }

  /** True when a term of `a` is immediately followed by a term of `b` in one field. */
  function adjacent(id: number, a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
    for (const field of FIELDS) {
      const t = fieldTerms(id, field);
      for (let i = 0; i + 1 < t.length; i++) {
        if (a.has(t[i] as string) && b.has(t[i + 1] as string)) return true;
      }
    }
    return false;
  }

  /** Adds every document of `posting` to `out` as matching through `term`. */
  function addPosting(
    out: Map<number, SlotMatch>,
    posting: Posting,
    term: string,
    tm: TermMatch,
    typos: number,
    exact: boolean,
    prefixOf?: string,
  ): void {
    const { ids, masks } = posting;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const mask = masks[i] as number;
      const attr = lowestRank(mask);
      const current = out.get(id);
      if (!current) {
        out.set(id, prefixOf === undefined
          ? { typos, attr, fields: mask, exact, terms: [[term, tm]] }
          : { typos, attr, fields: mask, exact, terms: [], prefixOf });
        continue;
      }
      // `out` is still private to this lookup: update in place
      if (typos < current.typos || (typos === current.typos && attr < current.attr)) {
        current.typos = typos;
        current.attr = attr;
      }
      current.fields |= mask;
      current.exact ||= exact;
      // No duplicate check: each lookup adds a given term once (prefix and
      // fuzzy terms are disjoint), and a check would be quadratic for
      // documents holding many terms of a short prefix.
      if (prefixOf === undefined) current.terms.push([term, tm]);
    }
  }

  // The same facet filters come with every keystroke: which records they
  // accept is computed once per filter set.
  const filterCache = new Map<string, Uint8Array>();
  function acceptedRecords(groups: string[][]): Uint8Array {
    const key = JSON.stringify(groups);
    let mask = filterCache.get(key);
    if (!mask) {
      const accept = compileFilters(groups);
      mask = new Uint8Array(records.length);
      records.forEach((r, i) => {
        if (accept(r)) (mask as Uint8Array)[i] = 1;
      });
      if (filterCache.size >= 16) filterCache.clear();
      filterCache.set(key, mask);
    }
    return mask;
  }

  // Typing sends one query per keystroke: the words before the last one
  // repeat, so their matches are cached (read-only once cached).
  const slotCache = new Map<string, Map<number, SlotMatch>>();

  function matchSlot(slot: Slot): Map<number, SlotMatch> {
    const key = `${slot.word}|${slot.prefix ? 1 : 0}|${slot.typos}|${slot.phrase === null ? 0 : 1}`;
    const cached = slotCache.get(key);
    if (cached) return cached;
    const out = new Map<number, SlotMatch>();
    const { word } = slot;
    const plain: TermMatch = { words: [word] };
    if (slot.prefix) {
      const prefixMatch: TermMatch = { words: [word], prefixLength: word.length };
      // Without typos (short words) the prefix is the only way to match: no fuzzy or split terms.
      const lazy = slot.typos === 0 ? word : undefined;
      for (const [term, posting] of index.atPrefix(word).entries()) {
        addPosting(out, posting, term, term === word ? plain : prefixMatch, 0, term === word, lazy);
      }
    }
    if (slot.typos > 0) {
      // One more edit than allowed for 1-typo words, so that an adjacent
      // transposition (2 Levenshtein edits, 1 Algolia typo) is found.
      const retrieval = slot.typos === 1 ? 2 : slot.typos;
      for (const [term, [posting, distance]] of index.fuzzyGet(word, retrieval)) {
        if (slot.prefix && term.startsWith(word)) continue; // found as a prefix, 0 typos
        const typos = distance === 0 ? 0 : typoDistance(word, term, slot.typos);
        if (typos > slot.typos) continue;
        addPosting(out, posting, term, plain, typos, typos === 0);
      }
    } else if (!slot.prefix) {
      const posting = index.get(word);
      if (posting) addPosting(out, posting, word, plain, 0, true);
    }

    // Splitting: 'auditlog' also matches the adjacent words 'audit log'.
    if (slot.phrase === null && word.length >= MIN_SPLIT_WORD && !/\d/.test(word)) {
      for (let i = MIN_SPLIT_PART; i <= word.length - MIN_SPLIT_PART; i++) {
        const left = word.slice(0, i);
        const right = word.slice(i);
        const lp = index.get(left);
        const rp = index.get(right);
        if (!lp || !rp) continue;
        const l = new Set([left]);
        const r = new Set([right]);
        // both postings are sorted by id: merge-join
        for (let x = 0, y = 0; x < lp.ids.length && y < rp.ids.length; ) {
          const lid = lp.ids[x] as number;
          const rid = rp.ids[y] as number;
          if (lid < rid) x++;
          else if (rid < lid) y++;
          else {
            if (adjacent(lid, l, r)) {
              const lm = lp.masks[x] as number;
              const rm = rp.masks[y] as number;
              mergeMatch(out, lid, {
                typos: 0,
                attr: Math.max(lowestRank(lm), lowestRank(rm)),
                fields: lm & rm,
                exact: false,
                terms: [
                  [left, plain],
                  [right, plain],
                ],
              });
            }
            x++;
            y++;
          }
        }
      }
    }
    if (slotCache.size >= SLOT_CACHE_SIZE) slotCache.delete(slotCache.keys().next().value as string);
    slotCache.set(key, out);
    return out;
  }

  /** Concatenation: 'audit log' also matches the single word 'auditlog'. */
  function matchConcat(a: Slot, b: Slot): Map<number, SlotMatch> {
    const out = new Map<number, SlotMatch>();
    const joined = a.word + b.word;
    const tm: TermMatch = { words: [a.word, b.word] };
    if (b.prefix) {
      const prefixTm: TermMatch = { words: [a.word, b.word], prefixLength: joined.length };
      for (const [term, posting] of index.atPrefix(joined).entries()) {
        addPosting(out, posting, term, term === joined ? tm : prefixTm, 0, false);
      }
    } else {
      const posting = index.get(joined);
      if (posting) addPosting(out, posting, joined, tm, 0, false);
    }
    return out;
  }

  function proximityOf(id: number, matches: (SlotMatch | undefined)[]): number {
    let total = 0;
    for (let i = 0; i + 1 < matches.length; i++) {
      const a = matches[i];
      const b = matches[i + 1];
      if (!a || !b) {
        total += MAX_PROXIMITY;
        continue;
      }
      let best = MAX_PROXIMITY;
      const inATerms = termTest(a);
      const inBTerms = termTest(b);
      for (const field of FIELDS) {
        const t = fieldTerms(id, field);
        if (t.length === 0) continue;
        let lastA = -1;
        let lastB = -1;
        for (let p = 0; p < t.length && best > 1; p++) {
          const term = t[p] as string;
          const inA = inATerms(term);
          const inB = inBTerms(term);
          if (inA && inB) {
            best = Math.min(best, 1); // one document word satisfies both
          }
          if (inB && lastA >= 0) best = Math.min(best, p - lastA);
          if (inA && lastB >= 0) best = Math.min(best, p - lastB + 1); // reversed order
          if (inA) lastA = p;
          if (inB) lastB = p;
        }
      }
      total += best;
    }
    return total;
  }

  function compare(x: Candidate, y: Candidate): number {
    return (
      x.key - y.key ||
      x.proximity - y.proximity ||
      y.exact - x.exact ||
      (y.record.weight.pageRank ?? 0) - (x.record.weight.pageRank ?? 0) ||
      y.record.weight.level - x.record.weight.level ||
      x.record.weight.position - y.record.weight.position ||
      x.id - y.id
    );
  }

  /**
   * Every matching candidate (unordered) and the `head`: the leading
   * candidates in their exact final order. Only the first `needed` distinct
   * hits must be ordered, so instead of sorting every candidate, whole
   * groups of candidates that tie on the packed key (the criteria before
   * proximity) are taken in key order until they hold `needed` distinct
   * urls (records without distinct); only those are given a proximity
   * (costly) and sorted. The same groups as a full sort would lead with.
   */
  function rank(
    slots: Slot[],
    slotMatches: Map<number, SlotMatch>[],
    excludedIds: ReadonlySet<number>,
    accepted: Uint8Array,
    requireAll: boolean,
    needed: number,
    distinct: boolean,
  ): Ranking {
    const { ids, keys } = candidateKeys(slots, slotMatches, excludedIds, accepted, requireAll);
    const byKey = new Map<number, number[]>();
    for (let i = 0; i < ids.length; i++) {
      const group = byKey.get(keys[i] as number);
      if (group) group.push(ids[i] as number);
      else byKey.set(keys[i] as number, [ids[i] as number]);
    }
    const sortedKeys = [...byKey.keys()].sort((a, b) => a - b);
    const urls = new Set<string>();
    const head: Candidate[] = [];
    let tail: number[] = []; // ordered ids of the last group, after `head`
    const proximities = new Map<number, number>();
    let k = 0;
    for (; k < sortedKeys.length && (distinct ? urls.size : head.length) < needed; k++) {
      const group = byKey.get(sortedKeys[k] as number) as number[];
      const ordered = orderGroup(group, slotMatches, slots.length >= 2 ? proximities : null);
      let i = 0;
      for (; i < ordered.length && (distinct ? urls.size : head.length) < needed; i++) {
        const id = ordered[i] as number;
        urls.add((records[id] as DocSearchRecord).url);
        head.push(candidate(id, slotMatches, proximities.get(id) ?? 0));
      }
      tail = ordered.slice(i);
    }
    // Only facets need the rest (their values are listed in ranking order);
    // beyond the ordered groups, proximity is not computed (a full sort with
    // proximity 0 there, as before this partial ranking).
    const rest = (): Candidate[] =>
      [...tail, ...sortedKeys.slice(k).flatMap((key) => orderGroup(byKey.get(key) as number[], slotMatches, null))]
        .map((id) => candidate(id, slotMatches, proximities.get(id) ?? 0));
    return { ids, head, rest };
  }

  /**
   * Orders ids that tie on the rank key as `compare` would, through one
   * packed number per id (proximity, then exact words, then the static
   * order): sorting numbers is far cheaper than comparing objects.
   */
  function orderGroup(
    group: number[],
    slotMatches: Map<number, SlotMatch>[],
    /** Where to record proximities; null: not computed (0). */
    proximities: Map<number, number> | null,
  ): number[] {
    const n = records.length;
    const packed = new Float64Array(group.length);
    group.forEach((id, i) => {
      const matches = slotMatches.map((m) => m.get(id));
      let exact = 0;
      for (const m of matches) if (m?.exact) exact++;
      const proximity = proximities ? proximityOf(id, matches) : 0;
      proximities?.set(id, proximity);
      packed[i] = (Math.min(proximity, 1023) * 64 + (63 - Math.min(exact, 63))) * n + (staticRank[id] as number);
    });
    packed.sort();
    return Array.from(packed, (v) => byStaticRank[v % n] as number);
  }

  function candidate(id: number, slotMatches: Map<number, SlotMatch>[], proximity: number): Candidate {
    const matches = slotMatches.map((m) => m.get(id));
    let words = 0;
    let typos = 0;
    let attrSum = 0;
    let exact = 0;
    for (const m of matches) {
      if (!m) continue;
      words++;
      typos += m.typos;
      attrSum += m.attr;
      if (m.exact) exact++;
    }
    const attr = coveringAttribute(matches);
    const record = records[id] as DocSearchRecord;
    return { id, record, matches, words, typos, attr, attrSum, proximity, exact, key: rankKey(words, typos, attr, attrSum) };
  }

  /**
   * The documents matching the slots that pass the filters, excluded words
   * and phrases, with their rank keys (see rankKey). No Candidate objects:
   * there can be tens of thousands, and only the leading ones are needed.
   */
  function candidateKeys(
    slots: Slot[],
    slotMatches: Map<number, SlotMatch>[],
    excludedIds: ReadonlySet<number>,
    accepted: Uint8Array,
    requireAll: boolean,
  ): { ids: number[]; keys: number[] } {
    let ids: Iterable<number>;
    if (requireAll) {
      const [smallest, ...others] = [...slotMatches].sort((a, b) => a.size - b.size);
      const both: number[] = [];
      for (const id of smallest?.keys() ?? []) if (others.every((m) => m.has(id))) both.push(id);
      ids = both;
    } else {
      const any = new Set<number>();
      for (const m of slotMatches) for (const id of m.keys()) any.add(id);
      ids = any;
    }
    // Phrases: the words of each quoted phrase must be adjacent, in order.
    const phraseChecks: [number, number][] = [];
    slots.forEach((s, i) => {
      const next = slots[i + 1];
      if (s.phrase !== null && next && next.phrase === s.phrase) phraseChecks.push([i, i + 1]);
    });
    const outIds: number[] = [];
    const keys: number[] = [];
    const matches: (SlotMatch | undefined)[] = new Array(slotMatches.length);
    for (const id of ids) {
      if (!records[id] || !accepted[id] || excludedIds.has(id)) continue;
      for (let s = 0; s < slotMatches.length; s++) matches[s] = (slotMatches[s] as Map<number, SlotMatch>).get(id);
      if (
        phraseChecks.length > 0 &&
        phraseChecks.some(([i, j]) => {
          const a = matches[i];
          const b = matches[j];
          return !a || !b || !adjacent(id, new Set(a.terms.map(([t]) => t)), new Set(b.terms.map(([t]) => t)));
        })
      ) {
        continue;
      }
      let words = 0;
      let typos = 0;
      let attrSum = 0;
      for (const m of matches) {
        if (!m) continue;
        words++;
        typos += m.typos;
        attrSum += m.attr;
      }
      outIds.push(id);
      keys.push(rankKey(words, typos, coveringAttribute(matches), attrSum));
    }
    return { ids: outIds, keys };
  }

  /** Hits after `distinct` over all candidates: per url, at most `distinct` records. */
  function distinctCount(ids: readonly number[], distinct: number): number {
    if (distinct <= 0) return ids.length;
    const perUrl = new Int32Array(urlCount);
    let n = 0;
    for (const id of ids) if ((perUrl[urlIds[id] as number] as number)++ < distinct) n++;
    return n;
  }

  function hitFor(c: Candidate, p: NormalizedParams, queryWords: readonly string[]): SearchHit {
    const hit = retrieve(c.record, p.attributesToRetrieve);
    const matcher = new Map<string, TermMatch>();
    for (const m of c.matches) {
      if (!m) continue;
      for (const [term, tm] of termsOf(c.id, m)) {
        const prev = matcher.get(term);
        if (!prev) matcher.set(term, tm);
        else {
          const words = [...new Set([...prev.words, ...tm.words])];
          // A full-word match wins over a prefix match of the same term.
          const prefixLength =
            prev.prefixLength === undefined || tm.prefixLength === undefined
              ? undefined
              : Math.max(prev.prefixLength, tm.prefixLength);
          matcher.set(term, prefixLength === undefined ? { words } : { words, prefixLength });
        }
      }
    }
    const tags: Tags = { pre: p.highlightPreTag, post: p.highlightPostTag };
    const highlightFields =
      p.attributesToHighlight === null ? new Set<Field>(FIELDS) : fieldsOf(p.attributesToHighlight);
    const hl: HighlightResult = {};
    const tokensOf = hitTokens(c.id);
    const tokenized = (field: Field, text: string): Token[] => {
      let t = tokensOf.get(field);
      if (!t) tokensOf.set(field, (t = tokenizeWithOffsets(text)));
      return t;
    };
    for (const field of FIELDS) {
      const text = fieldValue(c.record, field);
      if (text === null || !highlightFields.has(field)) continue;
      const value = highlight(text, matcher as TermMatcher, queryWords, tags, tokenized(field, text));
      if (field === 'content') hl.content = value;
      else (hl.hierarchy ??= {})[field] = value;
    }
    hit._highlightResult = hl;
    if (p.getRankingInfo) {
      hit._rankingInfo = {
        words: c.words,
        nbTypos: c.typos,
        firstMatchedWord: c.attr * 1000,
        proximityDistance: c.proximity,
        nbExactWords: c.exact,
        filters: 0,
        userScore: c.record.weight.level,
        attributeSum: c.attrSum,
      };
    }
    if (p.attributesToSnippet.size > 0) {
      const sn: SnippetResult = {};
      for (const [attribute, words] of p.attributesToSnippet) {
        for (const field of fieldsOf([attribute])) {
          const text = fieldValue(c.record, field);
          if (text === null) continue;
          const value = snippet(
            text, matcher as TermMatcher, queryWords, words, p.snippetEllipsisText, tags, tokenized(field, text),
          );
          if (field === 'content') sn.content = value;
          else (sn.hierarchy ??= {})[field] = value;
        }
      }
      hit._snippetResult = sn;
    }
    return hit;
  }

  function search(raw: SearchParams | Record<string, unknown>, indexName?: string): SearchResponse {
    const started = typeof performance !== 'undefined' ? performance.now() : Date.now();
    const p = normalizeParams(raw);
    const accepted = acceptedRecords(p.facetFilters);
    const needed = (p.page + 1) * p.hitsPerPage;
    const { slots, excluded } = parseQuery(p.query, p.advancedSyntax);

    const excludedIds = new Set<number>();
    for (const term of excluded) for (const id of index.get(term)?.ids ?? []) excludedIds.add(id);

    const facetAttributes = p.facets.includes('*') ? [...FACET_ATTRIBUTES] : p.facets;
    let ranking: Ranking;
    if (slots.length === 0) {
      const all = records
        .map((record, id) => ({
          id, record, matches: [], words: 0, typos: 0, attr: 0, attrSum: 0, proximity: 0, exact: 0, key: 0,
        }))
        .filter((c) => accepted[c.id] === 1 && !excludedIds.has(c.id))
        .sort(compare);
      ranking = { ids: all.map((c) => c.id), head: all, rest: () => [] };
    } else {
      const slotMatches = slots.map(matchSlot);
      slots.forEach((a, i) => {
        const b = slots[i + 1];
        if (!b || a.phrase !== null || b.phrase !== null) return;
        const joined = matchConcat(a, b);
        if (joined.size === 0) return;
        // cached maps are shared: merge into copies
        const ma = new Map(slotMatches[i]);
        const mb = new Map(slotMatches[i + 1]);
        for (const [id, m] of joined) {
          for (const own of [ma.get(id), mb.get(id)]) if (own) termsOf(id, own); // combine reads terms
          mergeMatch(ma, id, m);
          mergeMatch(mb, id, m);
        }
        slotMatches[i] = ma;
        slotMatches[i + 1] = mb;
      });
      ranking = rank(slots, slotMatches, excludedIds, accepted, true, needed, p.distinct > 0);
      // removeWordsIfNoResults: any word will do when all words find nothing.
      if (ranking.ids.length === 0 && slots.length > 1) {
        ranking = rank(slots, slotMatches, excludedIds, accepted, false, needed, p.distinct > 0);
      }
    }

    const facets: Record<string, Record<string, number>> = {};
    if (facetAttributes.length > 0) {
      // Counts are order-free, but values are listed in ranking order: walk the full order.
      const ordered = [...ranking.head, ...ranking.rest()];
      for (const attribute of facetAttributes) {
        const counts: Record<string, number> = {};
        for (const c of ordered) {
          for (const v of facetValues(c.record, attribute)) counts[v] = (counts[v] ?? 0) + 1;
        }
        facets[attribute] = counts;
      }
    }

    let unique = ranking.head;
    if (p.distinct > 0) {
      const perUrl = new Map<string, number>();
      unique = ranking.head.filter((c) => {
        const n = perUrl.get(c.record.url) ?? 0;
        perUrl.set(c.record.url, n + 1);
        return n < p.distinct;
      });
    }

    const nbHits = distinctCount(ranking.ids, p.distinct);
    const nbPages = p.hitsPerPage > 0 ? Math.ceil(nbHits / p.hitsPerPage) : 0;
    const pageItems = unique.slice(p.page * p.hitsPerPage, (p.page + 1) * p.hitsPerPage);
    const queryWords = [...new Set(slots.map((s) => s.word))];
    const hits = pageItems.map((c) => hitFor(c, p, queryWords));
    const elapsed = (typeof performance !== 'undefined' ? performance.now() : Date.now()) - started;

    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages,
      hitsPerPage: p.hitsPerPage,
      processingTimeMS: Math.max(1, Math.round(elapsed)),
      query: p.query,
      params: serializeParams(raw as Record<string, unknown>),
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true },
    };
    if (indexName !== undefined) response.index = indexName;
    if (facetAttributes.length > 0) {
      response.facets = facets;
      response.exhaustiveFacetsCount = true;
      if (response.exhaustive) response.exhaustive.facetsCount = true;
    }
    if (p.clickAnalytics) response.queryID = newQueryId();
    return response;
  }

  return { records, search };
}

export { DEFAULTS };
