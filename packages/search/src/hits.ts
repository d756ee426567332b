/**
 * Hit shaping: a ranked record as Algolia returns it, with the attributes to retrieve,
 * `_highlightResult`, `_snippetResult` and `_rankingInfo`.
 */
import type {Candidate} from './criteria';
import {FIELDS, fieldValue, type Field} from './fields';
import {highlight, snippet, type Tags, type TermMatch, type TermMatcher} from './highlight';
import type {NormalizedParams} from './params';
import {addTerm, type QueryWordMatches} from './queryWordMatches';
import {tokenizeWithOffsets, type Token} from './text';
import {
  HIERARCHY_LEVELS,
  type DocSearchRecord,
  type HierarchyLevel,
  type HighlightResult,
  type RankingInfo,
  type SearchHit,
  type SnippetResult,
} from './types';

/** Hits whose tokens are kept (see createHitShaper). */
const HIT_TOKEN_CACHE_SIZE = 512;

/** What every hit of one query needs, worked out once per query. */
export interface HitPlan {
  retrieve: (record: DocSearchRecord) => SearchHit;
  queryWords: readonly string[];
  /** Every term the query words matched through (see matcherFor). */
  matcher: ReadonlyMap<string, TermMatch>;
  /** The matches of the query words, for the split words of each hit. */
  queryWordMatches: readonly QueryWordMatches[];
  tags: Tags;
  /** Fields to highlight, in attribute order. */
  highlightFields: Field[];
  /** Fields to snippet, with their word counts, in request order. */
  snippets: [Field, number][];
  ellipsis: string;
  rankingInfo: boolean;
}

/**
 * A hit to shape, with its whole record: a candidate as the ranking left it, or only its id when
 * the ranking was made before (engine.ts answerKnown), which is never asked for ranking information.
 */
type ShapedHit = (Candidate | Pick<Candidate, 'id'>) & {record: DocSearchRecord};

export interface HitShaper {
  hit(c: ShapedHit, plan: HitPlan): SearchHit;
}

/** Sets the dotted `path` of `target` from `source`. */
function copyPath(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
  path: readonly string[],
): void {
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
      const hit: SearchHit = {...record, hierarchy: {...record.hierarchy}};
      for (const a of removed) delete (hit as unknown as Record<string, unknown>)[a];
      return hit;
    };
  }
  const paths = attributes.map((a) => a.split('.'));
  return (record) => {
    const hit: Record<string, unknown> = {objectID: record.objectID};
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

export function hitPlan(
  p: NormalizedParams,
  queryWords: readonly string[],
  queryWordMatches: readonly QueryWordMatches[],
): HitPlan {
  const matcher = new Map<string, TermMatch>();
  for (const m of queryWordMatches) for (const [term, tm] of m.terms) addTerm(matcher, term, tm);
  const highlighted =
    p.attributesToHighlight === null ? new Set<Field>(FIELDS) : fieldsOf(p.attributesToHighlight);
  const snippets: [Field, number][] = [];
  for (const [attribute, words] of p.attributesToSnippet) {
    for (const field of fieldsOf([attribute])) snippets.push([field, words]);
  }
  return {
    retrieve: retriever(p.attributesToRetrieve),
    queryWords,
    matcher,
    queryWordMatches,
    tags: {pre: p.highlightPreTag, post: p.highlightPostTag},
    highlightFields: FIELDS.filter((f) => highlighted.has(f)),
    snippets,
    ellipsis: p.snippetEllipsisText,
    rankingInfo: p.getRankingInfo,
  };
}

/**
 * The terms of record `id` through which it matched the query, with how to
 * highlight each: the query's terms (a record holding one of a word's
 * terms is in that term's posting, so it matched the word through it),
 * plus the parts of a split word where this record has them adjacent.
 */
function matcherFor(id: number, plan: HitPlan): TermMatcher {
  const splits = plan.queryWordMatches.filter((m) => m.splitTerms.has(id));
  if (splits.length === 0) return plan.matcher;
  const matcher = new Map(plan.matcher);
  for (const m of splits)
    for (const term of m.splitTerms.get(id) ?? []) addTerm(matcher, term, m.splitMatch);
  return matcher;
}

/** The shape of `_highlightResult` and `_snippetResult`. */
interface PerField<T> {
  hierarchy?: Partial<Record<HierarchyLevel, T>>;
  content?: T;
}

function setField<T>(out: PerField<T>, field: Field, value: T): void {
  if (field === 'content') out.content = value;
  else (out.hierarchy ??= {})[field] = value;
}

function rankingInfo(c: Candidate & {record: DocSearchRecord}): RankingInfo {
  return {
    words: c.words,
    nbTypos: c.typos,
    firstMatchedWord: c.attr * 1000 + c.position,
    proximityDistance: c.proximity,
    nbExactWords: c.exact,
    filters: c.filters,
    userScore: c.record.weight.level,
    attributeSum: c.attrSum,
  };
}

export function createHitShaper(): HitShaper {
  // Highlighting tokenises the fields of each hit; the same hits come back
  // keystroke after keystroke, so the tokens of recent hits are kept
  // (bounded: a full corpus of tokens would cost too much memory).
  const tokenCache = new Map<number, Map<Field, Token[]>>();
  function hitTokens(id: number): Map<Field, Token[]> {
    let tokens = tokenCache.get(id);
    if (tokens)
      tokenCache.delete(id); // re-inserted below as the most recent
    else tokens = new Map();
    if (tokenCache.size >= HIT_TOKEN_CACHE_SIZE)
      tokenCache.delete(tokenCache.keys().next().value as number);
    tokenCache.set(id, tokens);
    return tokens;
  }

  function hit(c: ShapedHit, plan: HitPlan): SearchHit {
    const out = plan.retrieve(c.record);
    const matcher = matcherFor(c.id, plan);
    const {queryWords, tags} = plan;
    const tokensOf = hitTokens(c.id);
    const tokenized = (field: Field, text: string): Token[] => {
      let t = tokensOf.get(field);
      if (!t) tokensOf.set(field, (t = tokenizeWithOffsets(text)));
      return t;
    };
    const highlightResult: HighlightResult = {};
    for (const field of plan.highlightFields) {
      const text = fieldValue(c.record, field);
      if (text === null) continue;
      setField(
        highlightResult,
        field,
        highlight(text, matcher, queryWords, tags, tokenized(field, text)),
      );
    }
    out._highlightResult = highlightResult;
    if (plan.rankingInfo && 'words' in c) out._rankingInfo = rankingInfo(c);
    if (plan.snippets.length > 0) {
      const snippetResult: SnippetResult = {};
      for (const [field, words] of plan.snippets) {
        const text = fieldValue(c.record, field);
        if (text === null) continue;
        const value = snippet(
          text,
          matcher,
          queryWords,
          words,
          plan.ellipsis,
          tags,
          tokenized(field, text),
        );
        setField(snippetResult, field, value);
      }
      out._snippetResult = snippetResult;
    }
    return out;
  }

  return {hit};
}
