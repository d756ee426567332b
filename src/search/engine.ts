/**
 * An Algolia-compatible query engine over DocSearch records.
 *
 * Words are looked up in MiniSearch's radix tree (`SearchableMap`: exact,
 * prefix and edit-distance lookups); ranking follows Algolia's
 * tie-breaking criteria with DocSearch's index settings (not a BM25 score):
 *
 *   words (only differs in the any-word fallback) > filters (optionalFilters) > typo > attribute
 *   (hierarchy.lvl0 … lvl6, then content) > proximity > exact >
 *   custom: desc(weight.pageRank), desc(weight.level), asc(weight.position)
 *
 * then `distinct` on `url` (DocSearch's attributeForDistinct).
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { SerializedTerms } from './indexFormat';
import { highlight, snippet, type TermMatch, type TermMatcher, type Tags } from './highlight';
import { pluralForms, STOP_WORDS } from './language';
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
/** See orderLargeGroup: a group above 1/8 of the records is ordered by walking the static order. */
const LARGE_GROUP_RATIO = 8;
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
  /** Its singular or plural form, matched as the word itself (ignorePlurals). */
  forms: string[];
}

interface ParsedQuery {
  slots: Slot[];
  excluded: string[];
}

export interface QueryRules {
  advancedSyntax: boolean;
  /** Algolia's queryType: the last word is a prefix ('prefixLast') or a whole word ('prefixNone'). */
  queryType: 'prefixLast' | 'prefixNone';
  removeStopWords: boolean;
  ignorePlurals: boolean;
}

/** Stop words may go where they are neither a prefix being typed nor part of a phrase. */
function isRemovableStopWord(slot: Slot): boolean {
  return !slot.prefix && slot.phrase === null && STOP_WORDS.has(slot.word);
}

/** The query without its stop words, unless nothing but stop words would remain (see language.ts). */
function withoutStopWords(slots: Slot[]): Slot[] {
  const kept = slots.filter((slot) => !isRemovableStopWord(slot));
  return kept.some((slot) => !STOP_WORDS.has(slot.word)) ? kept : slots;
}

export function parseQuery(query: string, rules: QueryRules): ParsedQuery {
  const { advancedSyntax } = rules;
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
      prefix: rules.queryType === 'prefixLast' && i === words.length - 1 && phrases.length === 0,
      typos: allowedTypos(word),
      phrase: null,
      forms: rules.ignorePlurals ? pluralForms(word) : [],
    });
  });
  phrases.forEach((phrase, p) => {
    for (const word of phrase) slots.push({ word, prefix: false, typos: 0, phrase: p, forms: [] });
  });
  return { slots: rules.removeStopWords ? withoutStopWords(slots) : slots, excluded };
}

// ---------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------

/**
 * How the records match one query word. Per-record facts live in typed
 * arrays indexed by record id (no object per record: a one-letter prefix
 * matches almost every record, and objects made the engine slow and
 * garbage-heavy). Which terms a record matched through is not stored per
 * record either: it is the record's own terms that are in `terms`, since a
 * record is in a term's posting exactly when it holds that term.
 */
interface SlotMatches {
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
  /** Every term the word matched through, with how to highlight it. */
  terms: Map<string, TermMatch>;
  /**
   * Word splits ('auditlog' as 'audit log') count only where the two parts
   * are adjacent: their terms per record, highlighted with `splitMatch`.
   */
  splitTerms: Map<number, string[]>;
  splitMatch: TermMatch;
}

function emptyMatches(recordCount: number, word: string): SlotMatches {
  return {
    ids: [],
    typos: new Int8Array(recordCount).fill(-1),
    attr: new Uint8Array(recordCount),
    fields: new Uint8Array(recordCount),
    exact: new Uint8Array(recordCount),
    terms: new Map(),
    splitTerms: new Map(),
    splitMatch: { words: [word] },
  };
}

/** A copy to merge into (cached matches are read-only). */
function copyMatches(m: SlotMatches): SlotMatches {
  return {
    ids: [...m.ids],
    typos: m.typos.slice(),
    attr: m.attr.slice(),
    fields: m.fields.slice(),
    exact: m.exact.slice(),
    terms: new Map(m.terms),
    splitTerms: m.splitTerms,
    splitMatch: m.splitMatch,
  };
}

/** Notes that record `id` matches, keeping its best typos and attribute and the union of fields. */
function addMatch(m: SlotMatches, id: number, typos: number, attr: number, fields: number, exact: boolean): void {
  const current = m.typos[id] as number;
  if (current < 0) {
    m.ids.push(id);
    m.typos[id] = typos;
    m.attr[id] = attr;
    m.fields[id] = fields;
    m.exact[id] = exact ? 1 : 0;
    return;
  }
  if (typos < current || (typos === current && attr < (m.attr[id] as number))) {
    m.typos[id] = typos;
    m.attr[id] = attr;
  }
  m.fields[id] = (m.fields[id] as number) | fields;
  if (exact) m.exact[id] = 1;
}

/** Adds a term to the ones a word matched through; a term reached twice keeps both ways. */
function addTerm(terms: Map<string, TermMatch>, term: string, tm: TermMatch): void {
  const prev = terms.get(term);
  terms.set(term, prev ? mergeTermMatch(prev, tm) : tm);
}

function mergeTermMatch(a: TermMatch, b: TermMatch): TermMatch {
  if (a === b) return a;
  const words = [...new Set([...a.words, ...b.words])];
  // A full-word match wins over a prefix match of the same term.
  const prefixLength =
    a.prefixLength === undefined || b.prefixLength === undefined ? undefined : Math.max(a.prefixLength, b.prefixLength);
  return prefixLength === undefined ? { words } : { words, prefixLength };
}

/**
 * Algolia's attribute criterion as DocSearch configures it
 * (attributeCriteriaComputedByMinProximity): the attribute where the query
 * words are matched together, i.e. the one holding the most query words,
 * the more important on a tie. For one word: its best attribute.
 */
function coveringAttribute(slotMatches: readonly SlotMatches[], id: number): number {
  if (slotMatches.length === 1) {
    const fields = (slotMatches[0] as SlotMatches).fields[id] as number;
    return fields === 0 ? CONTENT_RANK : 31 - Math.clz32(fields & -fields); // lowest set bit
  }
  let best = CONTENT_RANK;
  let bestCount = 0;
  for (let f = 0; f < FIELDS.length; f++) {
    const bit = 1 << f;
    let count = 0;
    for (const m of slotMatches) if ((m.fields[id] as number) & bit) count++;
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
  words: number;
  /** Optional filter groups the record matches (Algolia's `filters` criterion). */
  filters: number;
  typos: number;
  /** Attribute criterion (see coveringAttribute). */
  attr: number;
  /** Tie-break: sum of each word's best attribute. */
  attrSum: number;
  proximity: number;
  exact: number;
  /** words, filters, typos, attribute and attribute sum packed into one number (lower is better). */
  key: number;
}

/** Field widths of the packed rank key: beyond these, results stop being told apart. */
const RANK_MAX_WORDS = 15;
const RANK_FILTER_SLOTS = 8;
const RANK_TYPO_SLOTS = 64;
const RANK_ATTR_SLOTS = 8;
const RANK_ATTR_SUM_SLOTS = 256;
if (FIELDS.length > RANK_ATTR_SLOTS) {
  throw new Error(`rankKey packs at most ${RANK_ATTR_SLOTS} searchable attributes; FIELDS has ${FIELDS.length}`);
}

/** Packs the criteria before proximity into one comparable number. */
function rankKey(words: number, filters: number, typos: number, attr: number, attrSum: number): number {
  const wordsSlot = RANK_MAX_WORDS - Math.min(words, RANK_MAX_WORDS);
  const filterSlot = RANK_FILTER_SLOTS - 1 - Math.min(filters, RANK_FILTER_SLOTS - 1);
  const typoSlot = Math.min(typos, RANK_TYPO_SLOTS - 1);
  const attrSumSlot = Math.min(attrSum, RANK_ATTR_SUM_SLOTS - 1);
  return (
    (((wordsSlot * RANK_FILTER_SLOTS + filterSlot) * RANK_TYPO_SLOTS + typoSlot) * RANK_ATTR_SLOTS + attr) *
      RANK_ATTR_SUM_SLOTS +
    attrSumSlot
  );
}

/** Which records the facet filters accept, and how many optional filter groups each matches. */
interface RecordFilters {
  accepted: Uint8Array;
  scores: Uint8Array | null;
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

/** Per OR group of filters: whether a record passes it. */
function compileGroups(groups: string[][]): ((record: DocSearchRecord) => boolean)[] {
  return groups.map((group) => {
    const filters = group.map(parseFacetFilter);
    return (record) => filters.some((f) => facetValues(record, f.attribute).includes(f.value) !== f.negated);
  });
}

function compileFilters(groups: string[][]): (record: DocSearchRecord) => boolean {
  const compiled = compileGroups(groups);
  return (record) => compiled.every((passes) => passes(record));
}

/** Sets the dotted `path` of `target` from `source`. */
function copyPath(target: Record<string, unknown>, source: Record<string, unknown>, path: readonly string[]): void {
  let to = target;
  let from = source;
  for (let i = 0; i < path.length; i++) {
    const key = path[i] as string;
    if (!(key in from)) return;
    const value = from[key];
    if (i === path.length - 1) {
      to[key] = value;
      return;
    }
    if (value === null || typeof value !== 'object') return;
    to = (to[key] ??= {}) as Record<string, unknown>;
    from = value as Record<string, unknown>;
  }
}

/** `attributesToRetrieve` as a function from record to hit (made once per query). */
function retriever(attributes: string[] | null): (record: DocSearchRecord) => SearchHit {
  if (attributes === null || attributes.includes('*')) {
    const removed = (attributes ?? []).filter((a) => a.startsWith('-')).map((a) => a.slice(1));
    return (record) => {
      const hit: SearchHit = { ...record, hierarchy: { ...record.hierarchy } };
      for (const a of removed) delete (hit as unknown as Record<string, unknown>)[a];
      return hit;
    };
  }
  const paths = attributes.map((a) => a.split('.'));
  return (record) => {
    const hit: Record<string, unknown> = { objectID: record.objectID };
    for (const path of paths) copyPath(hit, record as unknown as Record<string, unknown>, path);
    return hit as unknown as SearchHit;
  };
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

/** What every hit of one query needs, worked out once per query. */
interface HitPlan {
  retrieve: (record: DocSearchRecord) => SearchHit;
  queryWords: readonly string[];
  /** Every term the query words matched through (see matcherFor). */
  matcher: ReadonlyMap<string, TermMatch>;
  tags: Tags;
  /** Fields to highlight, in attribute order. */
  highlightFields: Field[];
  /** Fields to snippet, with their word counts, in request order. */
  snippets: [Field, number][];
  ellipsis: string;
  rankingInfo: boolean;
}

function hitPlan(p: NormalizedParams, queryWords: readonly string[], slotMatches: readonly SlotMatches[]): HitPlan {
  const matcher = new Map<string, TermMatch>();
  for (const m of slotMatches) for (const [term, tm] of m.terms) addTerm(matcher, term, tm);
  const highlighted = p.attributesToHighlight === null ? new Set<Field>(FIELDS) : fieldsOf(p.attributesToHighlight);
  const snippets: [Field, number][] = [];
  for (const [attribute, words] of p.attributesToSnippet) {
    for (const field of fieldsOf([attribute])) snippets.push([field, words]);
  }
  return {
    retrieve: retriever(p.attributesToRetrieve),
    queryWords,
    matcher,
    tags: { pre: p.highlightPreTag, post: p.highlightPostTag },
    highlightFields: FIELDS.filter((f) => highlighted.has(f)),
    snippets,
    ellipsis: p.snippetEllipsisText,
    rankingInfo: p.getRankingInfo,
  };
}

export function createSearchEngine(data: readonly DocSearchRecord[] | EngineData): SearchEngine {
  const { records, terms } = Array.isArray(data)
    ? { records: data as readonly DocSearchRecord[], terms: undefined }
    : (data as EngineData);
  const index = terms ? loadTerms(terms) : buildTermIndex(records);
  const { urlIds, urlCount } = numberUrls(records);
  const { staticRank, byStaticRank } = staticOrder(records);

  /** Per record and field rank (`id * FIELDS.length + rank`): terms in order (lazily, for proximity, phrases, highlights). */
  const termCache: (string[] | undefined)[] = new Array(records.length * FIELDS.length);
  function fieldTerms(id: number, rank: number): string[] {
    const slot = id * FIELDS.length + rank;
    let cached = termCache[slot];
    if (!cached) {
      const record = records[id];
      const text = record ? fieldValue(record, FIELDS[rank] as Field) : null;
      termCache[slot] = cached = text ? toTerms(text) : [];
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

  /** Whether a term of record `id` is one through which it matched `m`. */
  function termTest(m: SlotMatches, id: number): (term: string) => boolean {
    const split = m.splitTerms.get(id);
    if (!split) return (term) => m.terms.has(term);
    return (term) => m.terms.has(term) || split.includes(term);
  }

  /** True when a term passing `a` is immediately followed by a term passing `b` in one field. */
  function adjacent(id: number, a: (term: string) => boolean, b: (term: string) => boolean): boolean {
    for (let f = 0; f < FIELDS.length; f++) {
      const t = fieldTerms(id, f);
      for (let i = 0; i + 1 < t.length; i++) {
        if (a(t[i] as string) && b(t[i + 1] as string)) return true;
      }
    }
    return false;
  }

  /** Adds every record of `posting` to `out`. */
  function addPosting(out: SlotMatches, posting: Posting, typos: number, exact: boolean): void {
    const { ids, masks } = posting;
    for (let i = 0; i < ids.length; i++) {
      const mask = masks[i] as number;
      addMatch(out, ids[i] as number, typos, lowestRank(mask), mask, exact);
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

  /** Per record: how many optional filter groups it matches (null when the query has none); cached likewise. */
  const scoreCache = new Map<string, Uint8Array>();
  function optionalFilterScores(groups: string[][]): Uint8Array | null {
    if (groups.length === 0) return null;
    const key = JSON.stringify(groups);
    let scores = scoreCache.get(key);
    if (!scores) {
      const compiled = compileGroups(groups);
      scores = new Uint8Array(records.length);
      records.forEach((r, i) => {
        (scores as Uint8Array)[i] = compiled.filter((passes) => passes(r)).length;
      });
      if (scoreCache.size >= 16) scoreCache.clear();
      scoreCache.set(key, scores);
    }
    return scores;
  }

  /**
   * Candidate terms within `typos` edits of `word`. Levenshtein counts an
   * adjacent transposition as two edits (Algolia: one typo); for one typo
   * those are looked up directly rather than searching two edits deep.
   */
  function typoCandidates(word: string, typos: number): Map<string, Posting> {
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

  // Typing sends one query per keystroke: the words before the last one
  // repeat, so their matches are cached (read-only once cached).
  const slotCache = new Map<string, SlotMatches>();

  function matchSlot(slot: Slot): SlotMatches {
    const key = `${slot.word}|${slot.prefix ? 1 : 0}|${slot.typos}|${slot.phrase === null ? 0 : 1}|${slot.forms.join(',')}`;
    const cached = slotCache.get(key);
    if (cached) return cached;
    const { word } = slot;
    const out = emptyMatches(records.length, word);
    const plain: TermMatch = { words: [word] };
    if (slot.prefix) {
      const prefixMatch: TermMatch = { words: [word], prefixLength: word.length };
      for (const [term, posting] of index.atPrefix(word).entries()) {
        addTerm(out.terms, term, term === word ? plain : prefixMatch);
        addPosting(out, posting, 0, term === word);
      }
    }
    if (slot.typos > 0) {
      for (const [term, posting] of typoCandidates(word, slot.typos)) {
        if (slot.prefix && term.startsWith(word)) continue; // found as a prefix, 0 typos
        const typos = typoDistance(word, term, slot.typos);
        if (typos > slot.typos) continue;
        addTerm(out.terms, term, plain);
        addPosting(out, posting, typos, typos === 0);
      }
    } else if (!slot.prefix) {
      const posting = index.get(word);
      if (posting) {
        addTerm(out.terms, word, plain);
        addPosting(out, posting, 0, true);
      }
    }
    // ignorePlurals: the other number of the word is the word itself (no typo, exact).
    for (const form of slot.forms) {
      const posting = index.get(form);
      if (!posting) continue;
      addTerm(out.terms, form, plain);
      addPosting(out, posting, 0, true);
    }

    // Splitting: 'auditlog' also matches the adjacent words 'audit log'.
    if (slot.phrase === null && word.length >= MIN_SPLIT_WORD && !/\d/.test(word)) {
      for (let i = MIN_SPLIT_PART; i <= word.length - MIN_SPLIT_PART; i++) {
        const left = word.slice(0, i);
        const right = word.slice(i);
        const lp = index.get(left);
        const rp = index.get(right);
        if (!lp || !rp) continue;
        const isLeft = (t: string) => t === left;
        const isRight = (t: string) => t === right;
        // both postings are sorted by id: merge-join
        for (let x = 0, y = 0; x < lp.ids.length && y < rp.ids.length; ) {
          const lid = lp.ids[x] as number;
          const rid = rp.ids[y] as number;
          if (lid < rid) x++;
          else if (rid < lid) y++;
          else {
            if (adjacent(lid, isLeft, isRight)) {
              const lm = lp.masks[x] as number;
              const rm = rp.masks[y] as number;
              addMatch(out, lid, 0, Math.max(lowestRank(lm), lowestRank(rm)), lm & rm, false);
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
    if (slotCache.size >= SLOT_CACHE_SIZE) slotCache.delete(slotCache.keys().next().value as string);
    slotCache.set(key, out);
    return out;
  }

  /**
   * Concatenation: 'audit log' also matches the single word 'auditlog'.
   * Returns copies of both words' matches with the joined term merged in,
   * or null when no record holds it.
   */
  function withConcatenation(a: Slot, b: Slot, ma: SlotMatches, mb: SlotMatches): [SlotMatches, SlotMatches] | null {
    const joined = a.word + b.word;
    const tm: TermMatch = { words: [a.word, b.word] };
    const found: [string, TermMatch, Posting][] = [];
    if (b.prefix) {
      const prefixTm: TermMatch = { words: [a.word, b.word], prefixLength: joined.length };
      for (const [term, posting] of index.atPrefix(joined).entries()) {
        found.push([term, term === joined ? tm : prefixTm, posting]);
      }
    } else {
      const posting = index.get(joined);
      if (posting) found.push([joined, tm, posting]);
    }
    if (found.length === 0) return null;
    const copies: [SlotMatches, SlotMatches] = [copyMatches(ma), copyMatches(mb)];
    for (const copy of copies) {
      for (const [term, termMatch, posting] of found) {
        addTerm(copy.terms, term, termMatch);
        addPosting(copy, posting, 0, false);
      }
    }
    return copies;
  }

  function proximityOf(id: number, slotMatches: readonly SlotMatches[]): number {
    let total = 0;
    for (let i = 0; i + 1 < slotMatches.length; i++) {
      const a = slotMatches[i] as SlotMatches;
      const b = slotMatches[i + 1] as SlotMatches;
      if ((a.typos[id] as number) < 0 || (b.typos[id] as number) < 0) {
        total += MAX_PROXIMITY;
        continue;
      }
      let best = MAX_PROXIMITY;
      const inATerms = termTest(a, id);
      const inBTerms = termTest(b, id);
      // Only fields holding both words can bring them close (the masks
      // cover every matched term; split parts may stand alone elsewhere).
      const shared =
        a.splitTerms.has(id) || b.splitTerms.has(id) ? ~0 : (a.fields[id] as number) & (b.fields[id] as number);
      for (let f = 0; f < FIELDS.length; f++) {
        if (!(shared & (1 << f))) continue;
        const t = fieldTerms(id, f);
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
    slotMatches: readonly SlotMatches[],
    excludedIds: ReadonlySet<number>,
    filters: RecordFilters,
    requireAll: boolean,
    needed: number,
    distinct: boolean,
  ): Ranking {
    const { ids, keys } = candidateKeys(slots, slotMatches, excludedIds, filters, requireAll);
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
        head.push(candidate(id, slotMatches, proximities.get(id) ?? 0, filters.scores));
      }
      tail = ordered.slice(i);
    }
    // Only facets need the rest (their values are listed in ranking order);
    // beyond the ordered groups, proximity is not computed (a full sort with
    // proximity 0 there, as before this partial ranking).
    const rest = (): Candidate[] =>
      [...tail, ...sortedKeys.slice(k).flatMap((key) => orderGroup(byKey.get(key) as number[], slotMatches, null))]
        .map((id) => candidate(id, slotMatches, proximities.get(id) ?? 0, filters.scores));
    return { ids, head, rest };
  }

  /**
   * Orders ids that tie on the rank key as `compare` would, through one
   * packed number per id (proximity, then exact words, then the static
   * order): sorting numbers is far cheaper than comparing objects.
   */
  function orderGroup(
    group: number[],
    slotMatches: readonly SlotMatches[],
    /** Where to record proximities; null: not computed (0). */
    proximities: Map<number, number> | null,
  ): number[] {
    const n = records.length;
    if (!proximities && group.length * LARGE_GROUP_RATIO > n) return orderLargeGroup(group, slotMatches);
    const packed = new Float64Array(group.length);
    group.forEach((id, i) => {
      let exact = 0;
      for (const m of slotMatches) exact += m.exact[id] as number;
      const proximity = proximities ? proximityOf(id, slotMatches) : 0;
      proximities?.set(id, proximity);
      packed[i] = (Math.min(proximity, 1023) * 64 + (63 - Math.min(exact, 63))) * n + (staticRank[id] as number);
    });
    packed.sort();
    return Array.from(packed, (v) => byStaticRank[v % n] as number);
  }

  /**
   * orderGroup without proximities, for a group holding a good part of all
   * records (a one-letter prefix): walking the static order once per exact
   * count is cheaper than sorting the group.
   */
  function orderLargeGroup(group: number[], slotMatches: readonly SlotMatches[]): number[] {
    const exactPlusOne = new Uint8Array(records.length); // 0: not in the group
    for (const id of group) {
      let exact = 0;
      for (const m of slotMatches) exact += m.exact[id] as number;
      exactPlusOne[id] = exact + 1;
    }
    const ordered: number[] = [];
    for (let level = slotMatches.length + 1; level >= 1; level--) {
      for (const id of byStaticRank) if (exactPlusOne[id] === level) ordered.push(id);
    }
    return ordered;
  }

  function candidate(
    id: number,
    slotMatches: readonly SlotMatches[],
    proximity: number,
    scores: Uint8Array | null,
  ): Candidate {
    let words = 0;
    let typos = 0;
    let attrSum = 0;
    let exact = 0;
    for (const m of slotMatches) {
      const t = m.typos[id] as number;
      if (t < 0) continue;
      words++;
      typos += t;
      attrSum += m.attr[id] as number;
      exact += m.exact[id] as number;
    }
    const attr = coveringAttribute(slotMatches, id);
    const record = records[id] as DocSearchRecord;
    const filters = scores ? (scores[id] as number) : 0;
    const key = rankKey(words, filters, typos, attr, attrSum);
    return { id, record, words, filters, typos, attr, attrSum, proximity, exact, key };
  }

  /**
   * The documents matching the slots that pass the filters, excluded words
   * and phrases, with their rank keys (see rankKey). No Candidate objects:
   * there can be tens of thousands, and only the leading ones are needed.
   */
  function candidateKeys(
    slots: Slot[],
    slotMatches: readonly SlotMatches[],
    excludedIds: ReadonlySet<number>,
    { accepted, scores }: RecordFilters,
    requireAll: boolean,
  ): { ids: number[]; keys: number[] } {
    let ids: Iterable<number>;
    if (requireAll) {
      const [smallest, ...others] = [...slotMatches].sort((a, b) => a.ids.length - b.ids.length);
      ids = (smallest?.ids ?? []).filter((id) => others.every((m) => (m.typos[id] as number) >= 0));
    } else {
      ids = new Set(slotMatches.flatMap((m) => m.ids));
    }
    // Phrases: the words of each quoted phrase must be adjacent, in order.
    const phraseChecks: [SlotMatches, SlotMatches][] = [];
    slots.forEach((s, i) => {
      const next = slots[i + 1];
      if (s.phrase !== null && next && next.phrase === s.phrase) {
        phraseChecks.push([slotMatches[i] as SlotMatches, slotMatches[i + 1] as SlotMatches]);
      }
    });
    const outIds: number[] = [];
    const keys: number[] = [];
    for (const id of ids) {
      if (!accepted[id] || (excludedIds.size > 0 && excludedIds.has(id))) continue;
      if (
        phraseChecks.length > 0 &&
        phraseChecks.some(
          ([a, b]) =>
            (a.typos[id] as number) < 0 ||
            (b.typos[id] as number) < 0 ||
            !adjacent(id, termTest(a, id), termTest(b, id)),
        )
      ) {
        continue;
      }
      let words = 0;
      let typos = 0;
      let attrSum = 0;
      for (const m of slotMatches) {
        const t = m.typos[id] as number;
        if (t < 0) continue;
        words++;
        typos += t;
        attrSum += m.attr[id] as number;
      }
      outIds.push(id);
      keys.push(rankKey(words, scores ? (scores[id] as number) : 0, typos, coveringAttribute(slotMatches, id), attrSum));
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

  /**
   * The terms of record `id` through which it matched the query, with how to
   * highlight each: the query's terms (a record holding one of a word's
   * terms is in that term's posting, so it matched the word through it),
   * plus the parts of a split word where this record has them adjacent.
   */
  function matcherFor(id: number, plan: HitPlan, slotMatches: readonly SlotMatches[]): TermMatcher {
    const splits = slotMatches.filter((m) => m.splitTerms.has(id));
    if (splits.length === 0) return plan.matcher;
    const matcher = new Map(plan.matcher);
    for (const m of splits) for (const term of m.splitTerms.get(id) ?? []) addTerm(matcher, term, m.splitMatch);
    return matcher;
  }

  function hitFor(c: Candidate, plan: HitPlan, slotMatches: readonly SlotMatches[]): SearchHit {
    const hit = plan.retrieve(c.record);
    const matcher = matcherFor(c.id, plan, slotMatches);
    const { queryWords, tags } = plan;
    const tokensOf = hitTokens(c.id);
    const tokenized = (field: Field, text: string): Token[] => {
      let t = tokensOf.get(field);
      if (!t) tokensOf.set(field, (t = tokenizeWithOffsets(text)));
      return t;
    };
    const hl: HighlightResult = {};
    for (const field of plan.highlightFields) {
      const text = fieldValue(c.record, field);
      if (text === null) continue;
      const value = highlight(text, matcher, queryWords, tags, tokenized(field, text));
      if (field === 'content') hl.content = value;
      else (hl.hierarchy ??= {})[field] = value;
    }
    hit._highlightResult = hl;
    if (plan.rankingInfo) {
      hit._rankingInfo = {
        words: c.words,
        nbTypos: c.typos,
        firstMatchedWord: c.attr * 1000,
        proximityDistance: c.proximity,
        nbExactWords: c.exact,
        filters: c.filters,
        userScore: c.record.weight.level,
        attributeSum: c.attrSum,
      };
    }
    if (plan.snippets.length > 0) {
      const sn: SnippetResult = {};
      for (const [field, words] of plan.snippets) {
        const text = fieldValue(c.record, field);
        if (text === null) continue;
        const value = snippet(text, matcher, queryWords, words, plan.ellipsis, tags, tokenized(field, text));
        if (field === 'content') sn.content = value;
        else (sn.hierarchy ??= {})[field] = value;
      }
      hit._snippetResult = sn;
    }
    return hit;
  }

  function search(raw: SearchParams | Record<string, unknown>, indexName?: string): SearchResponse {
    const started = typeof performance !== 'undefined' ? performance.now() : Date.now();
    const p = normalizeParams(raw);
    const filters: RecordFilters = {
      accepted: acceptedRecords(p.facetFilters),
      scores: optionalFilterScores(p.optionalFilters),
    };
    const { accepted } = filters;
    const needed = (p.page + 1) * p.hitsPerPage;
    const { slots, excluded } = parseQuery(p.query, p);

    const excludedIds = new Set<number>();
    for (const term of excluded) for (const id of index.get(term)?.ids ?? []) excludedIds.add(id);

    const facetAttributes = p.facets.includes('*') ? [...FACET_ATTRIBUTES] : p.facets;
    let ranking: Ranking;
    let slotMatches: SlotMatches[] = [];
    if (slots.length === 0) {
      const all = records
        .map((record, id) => ({
          id, record, words: 0, filters: 0, typos: 0, attr: 0, attrSum: 0, proximity: 0, exact: 0, key: 0,
        }))
        .filter((c) => accepted[c.id] === 1 && !excludedIds.has(c.id))
        .sort(compare);
      ranking = { ids: all.map((c) => c.id), head: all, rest: () => [] };
    } else {
      slotMatches = slots.map(matchSlot);
      slots.forEach((a, i) => {
        const b = slots[i + 1];
        if (!b || a.phrase !== null || b.phrase !== null) return;
        const merged = withConcatenation(a, b, slotMatches[i] as SlotMatches, slotMatches[i + 1] as SlotMatches);
        if (merged) [slotMatches[i], slotMatches[i + 1]] = merged;
      });
      ranking = rank(slots, slotMatches, excludedIds, filters, true, needed, p.distinct > 0);
      // removeWordsIfNoResults: any word will do when all words find nothing.
      if (ranking.ids.length === 0 && slots.length > 1) {
        ranking = rank(slots, slotMatches, excludedIds, filters, false, needed, p.distinct > 0);
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
    const plan = hitPlan(p, [...new Set(slots.map((s) => s.word))], slotMatches);
    const hits = pageItems.map((c) => hitFor(c, plan, slotMatches));
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
