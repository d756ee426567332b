/**
 * An Algolia-compatible query engine over DocSearch records, on MiniSearch.
 *
 * MiniSearch finds the candidate documents for each query word (exact,
 * prefix and edit-distance lookups in its radix tree); ranking follows
 * Algolia's tie-breaking criteria with DocSearch's index settings instead of
 * MiniSearch's BM25 score:
 *
 *   words (only differs in the any-word fallback) > typo > attribute
 *   (hierarchy.lvl0 … lvl6, then content) > proximity > exact >
 *   custom: desc(weight.pageRank), desc(weight.level), asc(weight.position)
 *
 * then `distinct` on `url` (DocSearch's attributeForDistinct).
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';
import { highlight, snippet, type TermMatch, type TermMatcher, type Tags } from './highlight';
import { DEFAULTS, normalizeParams, serializeParams, type NormalizedParams } from './params';
import { normalizeTerm, terms as toTerms, tokenizeWithOffsets, tokenizeWords, typoDistance } from './text';
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
const FIELD_RANK: ReadonlyMap<string, number> = new Map(FIELDS.map((f, i) => [f, i]));
const CONTENT_RANK = FIELDS.length - 1;

/** DocSearch's attributesForFaceting. */
export const FACET_ATTRIBUTES = ['language', 'docusaurus_tag', 'type'] as const;

/** Algolia defaults: 1 typo from 4 letters, 2 typos from 8. */
export const MIN_WORD_SIZE_FOR_1_TYPO = 4;
export const MIN_WORD_SIZE_FOR_2_TYPOS = 8;
const MAX_PROXIMITY = 8;
const MIN_SPLIT_WORD = 5;
const MIN_SPLIT_PART = 2;

interface IndexedDoc {
  id: number;
  r: DocSearchRecord;
}

function fieldValue(record: DocSearchRecord, field: string): string | null {
  if (field === 'content') return record.content;
  return record.hierarchy[field as HierarchyLevel] ?? null;
}

/** MiniSearch options; the same at build time and at load time. */
export const MINISEARCH_OPTIONS: Options<IndexedDoc> = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [],
  extractField: (doc, field) => (field === 'id' ? doc.id : fieldValue(doc.r, field)),
  tokenize: (text) => tokenizeWords(text),
  processTerm: (term) => normalizeTerm(term) || null,
};

export function buildMiniSearch(records: readonly DocSearchRecord[]): MiniSearch<IndexedDoc> {
  const ms = new MiniSearch<IndexedDoc>(MINISEARCH_OPTIONS);
  ms.addAll(records.map((r, id) => ({ id, r })));
  return ms;
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
  /** Document terms that satisfied the word. */
  terms: Map<string, TermMatch>;
}

function better(a: SlotMatch, b: SlotMatch): boolean {
  return a.typos < b.typos || (a.typos === b.typos && a.attr < b.attr);
}

function mergeMatch(map: Map<number, SlotMatch>, id: number, match: SlotMatch): void {
  const current = map.get(id);
  if (!current) {
    map.set(id, match);
    return;
  }
  const best = better(match, current) ? match : current;
  const other = best === match ? current : match;
  for (const [t, m] of other.terms) if (!best.terms.has(t)) best.terms.set(t, m);
  best.exact = best.exact || other.exact;
  best.fields |= other.fields;
  map.set(id, best);
}

function bestAttr(result: SearchResult, term: string): number {
  const fields = result.match[term] ?? [];
  let best = CONTENT_RANK;
  for (const f of fields) best = Math.min(best, FIELD_RANK.get(f) ?? CONTENT_RANK);
  return best;
}

function fieldMask(result: SearchResult, term: string): number {
  let mask = 0;
  for (const f of result.match[term] ?? []) mask |= 1 << (FIELD_RANK.get(f) ?? CONTENT_RANK);
  return mask;
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
}

export interface SearchEngine {
  readonly records: readonly DocSearchRecord[];
  search(params: SearchParams | Record<string, unknown>, indexName?: string): SearchResponse;
}

export interface EngineData {
  records: readonly DocSearchRecord[];
  /** A serialised MiniSearch index over the same records (optional). */
  index?: AsPlainObject;
}

function newQueryId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

function facetValues(record: DocSearchRecord, attribute: string): string[] {
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
  const { records, index } = Array.isArray(data)
    ? { records: data as readonly DocSearchRecord[], index: undefined }
    : (data as EngineData);
  const ms = index ? MiniSearch.loadJS<IndexedDoc>(index, MINISEARCH_OPTIONS) : buildMiniSearch(records);
  if (ms.documentCount !== records.length) {
    throw new Error(`search index holds ${ms.documentCount} documents but ${records.length} records`);
  }

  /** Per record, per field: tokens (lazily, for proximity and phrases). */
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

  const exactCache = new Map<string, SearchResult[]>();
  function exactLookup(term: string): SearchResult[] {
    let found = exactCache.get(term);
    if (!found) {
      found = ms.search(term, { prefix: false, fuzzy: false, tokenize: (s) => [s], processTerm: (t) => t });
      if (exactCache.size > 500) exactCache.clear();
      exactCache.set(term, found);
    }
    return found;
  }

  /** True when `a` is immediately followed by `b` in one field of the doc. */
  function adjacent(id: number, a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
    for (const field of FIELDS) {
      const t = fieldTerms(id, field);
      for (let i = 0; i + 1 < t.length; i++) {
        if (a.has(t[i] as string) && b.has(t[i + 1] as string)) return true;
      }
    }
    return false;
  }

  function matchSlot(slot: Slot): Map<number, SlotMatch> {
    const out = new Map<number, SlotMatch>();
    const { word } = slot;
    // Retrieve with one more edit than allowed for 1-typo words so that an
    // adjacent transposition (2 Levenshtein edits, 1 Algolia typo) is found.
    const retrieval = slot.typos === 1 ? 2 : slot.typos;
    const results = ms.search(word, {
      prefix: slot.prefix,
      fuzzy: retrieval > 0 ? retrieval : false,
      maxFuzzy: retrieval,
      tokenize: (s) => [s],
      processTerm: (t) => t,
    });
    for (const result of results) {
      let typos = Infinity;
      let attr = CONTENT_RANK;
      let fields = 0;
      let exact = false;
      const termsMatched = new Map<string, TermMatch>();
      for (const term of result.terms) {
        const isPrefix = slot.prefix && term.startsWith(word);
        const t = isPrefix ? 0 : typoDistance(word, term, slot.typos);
        if (t > slot.typos) continue;
        termsMatched.set(term, {
          words: [word],
          ...(isPrefix && term !== word ? { prefixLength: word.length } : {}),
        });
        const a = bestAttr(result, term);
        fields |= fieldMask(result, term);
        if (t < typos || (t === typos && a < attr)) {
          typos = t;
          attr = a;
        }
        if (term === word) exact = true;
      }
      if (termsMatched.size > 0) out.set(result.id as number, { typos, attr, fields, exact, terms: termsMatched });
    }

    // Splitting: 'auditlog' also matches the adjacent words 'audit log'.
    if (slot.phrase === null && word.length >= MIN_SPLIT_WORD && !/\d/.test(word)) {
      for (let i = MIN_SPLIT_PART; i <= word.length - MIN_SPLIT_PART; i++) {
        const left = word.slice(0, i);
        const right = word.slice(i);
        const leftDocs = exactLookup(left);
        if (leftDocs.length === 0) continue;
        const rightDocs = exactLookup(right);
        if (rightDocs.length === 0) continue;
        const rightById = new Map(rightDocs.map((r) => [r.id as number, r]));
        const l = new Set([left]);
        const r = new Set([right]);
        for (const ld of leftDocs) {
          const rd = rightById.get(ld.id as number);
          if (!rd || !adjacent(ld.id as number, l, r)) continue;
          mergeMatch(out, ld.id as number, {
            typos: 0,
            attr: Math.max(bestAttr(ld, left), bestAttr(rd, right)),
            fields: fieldMask(ld, left) & fieldMask(rd, right),
            exact: false,
            terms: new Map([
              [left, { words: [word] }],
              [right, { words: [word] }],
            ]),
          });
        }
      }
    }
    return out;
  }

  /** Concatenation: 'audit log' also matches the single word 'auditlog'. */
  function matchConcat(a: Slot, b: Slot): Map<number, SlotMatch> {
    const out = new Map<number, SlotMatch>();
    const joined = a.word + b.word;
    const results = b.prefix
      ? ms.search(joined, { prefix: true, fuzzy: false, tokenize: (s) => [s], processTerm: (t) => t })
      : exactLookup(joined);
    for (const result of results) {
      const termsMatched = new Map<string, TermMatch>();
      let attr = CONTENT_RANK;
      let fields = 0;
      for (const term of result.terms) {
        if (term !== joined && !(b.prefix && term.startsWith(joined))) continue;
        fields |= fieldMask(result, term);
        termsMatched.set(term, {
          words: [a.word, b.word],
          ...(term !== joined ? { prefixLength: joined.length } : {}),
        });
        attr = Math.min(attr, bestAttr(result, term));
      }
      if (termsMatched.size > 0) {
        out.set(result.id as number, { typos: 0, attr, fields, exact: false, terms: termsMatched });
      }
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
      for (const field of FIELDS) {
        const t = fieldTerms(id, field);
        if (t.length === 0) continue;
        let lastA = -1;
        let lastB = -1;
        for (let p = 0; p < t.length && best > 1; p++) {
          const term = t[p] as string;
          const inA = a.terms.has(term);
          const inB = b.terms.has(term);
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
      y.words - x.words ||
      x.typos - y.typos ||
      x.attr - y.attr ||
      x.attrSum - y.attrSum ||
      x.proximity - y.proximity ||
      y.exact - x.exact ||
      (y.record.weight.pageRank ?? 0) - (x.record.weight.pageRank ?? 0) ||
      y.record.weight.level - x.record.weight.level ||
      x.record.weight.position - y.record.weight.position ||
      x.id - y.id
    );
  }

  function rank(
    slots: Slot[],
    slotMatches: Map<number, SlotMatch>[],
    excludedIds: ReadonlySet<number>,
    accept: (record: DocSearchRecord) => boolean,
    requireAll: boolean,
  ): Candidate[] {
    const ids = new Set<number>();
    if (requireAll) {
      const [smallest, ...others] = [...slotMatches].sort((a, b) => a.size - b.size);
      for (const id of smallest?.keys() ?? []) if (others.every((m) => m.has(id))) ids.add(id);
    } else {
      for (const m of slotMatches) for (const id of m.keys()) ids.add(id);
    }
    // Phrases: the words of each quoted phrase must be adjacent, in order.
    const phraseChecks: [number, number][] = [];
    slots.forEach((s, i) => {
      const next = slots[i + 1];
      if (s.phrase !== null && next && next.phrase === s.phrase) phraseChecks.push([i, i + 1]);
    });
    const out: Candidate[] = [];
    for (const id of ids) {
      const record = records[id];
      if (!record || excludedIds.has(id) || !accept(record)) continue;
      const matches = slotMatches.map((m) => m.get(id));
      if (
        phraseChecks.some(([i, j]) => {
          const a = matches[i];
          const b = matches[j];
          return !a || !b || !adjacent(id, new Set(a.terms.keys()), new Set(b.terms.keys()));
        })
      ) {
        continue;
      }
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
      out.push({ id, record, matches, words, typos, attr, attrSum, proximity: 0, exact });
    }
    if (slots.length > 1) for (const c of out) c.proximity = proximityOf(c.id, c.matches);
    return out.sort(compare);
  }

  function hitFor(c: Candidate, p: NormalizedParams, queryWords: readonly string[]): SearchHit {
    const hit = retrieve(c.record, p.attributesToRetrieve);
    const matcher = new Map<string, TermMatch>();
    for (const m of c.matches) {
      if (!m) continue;
      for (const [term, tm] of m.terms) {
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
    for (const field of FIELDS) {
      const text = fieldValue(c.record, field);
      if (text === null || !highlightFields.has(field)) continue;
      const value = highlight(text, matcher as TermMatcher, queryWords, tags);
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
          const value = snippet(text, matcher as TermMatcher, queryWords, words, p.snippetEllipsisText, tags);
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
    const accept = compileFilters(p.facetFilters);
    const { slots, excluded } = parseQuery(p.query, p.advancedSyntax);

    const excludedIds = new Set<number>();
    for (const term of excluded) for (const r of exactLookup(term)) excludedIds.add(r.id as number);

    let ranked: Candidate[];
    if (slots.length === 0) {
      ranked = records
        .map((record, id) => ({
          id, record, matches: [], words: 0, typos: 0, attr: 0, attrSum: 0, proximity: 0, exact: 0,
        }))
        .filter((c) => !excludedIds.has(c.id) && accept(c.record))
        .sort(compare);
    } else {
      const slotMatches = slots.map(matchSlot);
      slots.forEach((a, i) => {
        const b = slots[i + 1];
        if (!b || a.phrase !== null || b.phrase !== null) return;
        for (const [id, m] of matchConcat(a, b)) {
          const ma = slotMatches[i] as Map<number, SlotMatch>;
          const mb = slotMatches[i + 1] as Map<number, SlotMatch>;
          mergeMatch(ma, id, { ...m, terms: new Map(m.terms) });
          mergeMatch(mb, id, { ...m, terms: new Map(m.terms) });
        }
      });
      ranked = rank(slots, slotMatches, excludedIds, accept, true);
      // removeWordsIfNoResults: any word will do when all words find nothing.
      if (ranked.length === 0 && slots.length > 1) {
        ranked = rank(slots, slotMatches, excludedIds, accept, false);
      }
    }

    const facets: Record<string, Record<string, number>> = {};
    const facetAttributes = p.facets.includes('*') ? [...FACET_ATTRIBUTES] : p.facets;
    for (const attribute of facetAttributes) {
      const counts: Record<string, number> = {};
      for (const c of ranked) {
        for (const v of facetValues(c.record, attribute)) counts[v] = (counts[v] ?? 0) + 1;
      }
      facets[attribute] = counts;
    }

    let unique = ranked;
    if (p.distinct > 0) {
      const perUrl = new Map<string, number>();
      unique = ranked.filter((c) => {
        const n = perUrl.get(c.record.url) ?? 0;
        perUrl.set(c.record.url, n + 1);
        return n < p.distinct;
      });
    }

    const nbHits = unique.length;
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
