/**
 * Normalises Algolia search parameters as they arrive over the wire: the v5
 * clients send them flattened as JSON values, older clients send a
 * urlencoded `params` string in which lists are JSON or comma-separated.
 */
import {INDEX_SETTINGS} from './indexSettings';
import {appliesToQueryLanguage} from './language';
import {terms} from './text';
import type {FacetFilters, MultiQueryRequest, SearchParams} from './types';

export interface NormalizedParams {
  query: string;
  page: number;
  hitsPerPage: number;
  /** AND of OR groups. */
  facetFilters: string[][];
  /** Same form: each group a record matches adds one to its `filters` ranking criterion. */
  optionalFilters: string[][];
  facets: string[];
  attributesToRetrieve: string[] | null;
  attributesToHighlight: string[] | null;
  /** attribute -> number of words */
  attributesToSnippet: Map<string, number>;
  snippetEllipsisText: string;
  highlightPreTag: string;
  highlightPostTag: string;
  distinct: number;
  advancedSyntax: boolean;
  clickAnalytics: boolean;
  getRankingInfo: boolean;
  /** Whether the English stop words are dropped from the query (see language.ts). */
  removeStopWords: boolean;
  /** Whether singular and plural forms match each other (see language.ts). */
  ignorePlurals: boolean;
  /** 'prefixLast' (DocSearch's setting): the last word matches as a prefix; 'prefixNone': as a whole word. */
  queryType: 'prefixLast' | 'prefixNone';
  /** Whether the index's query rules apply (Algolia's default: they do; see queryRules.ts). */
  enableRules: boolean;
  /** Normalised words of optionalWords: query words a record need not match. */
  optionalWords: ReadonlySet<string>;
}

const DEFAULTS = {
  hitsPerPage: 20,
  maxHitsPerPage: 1000,
  maxQueryLength: 512,
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  snippetEllipsisText: '…',
  /** The index settings' distinct (by `url`): `true` is one hit each. */
  distinct: Number(INDEX_SETTINGS.distinct),
  /** Algolia's snippet length when an attribute names none. */
  snippetWords: 10,
  /** The index settings' query-language rules: English on. */
  removeStopWords: appliesToQueryLanguage(INDEX_SETTINGS.removeStopWords),
  ignorePlurals: appliesToQueryLanguage(INDEX_SETTINGS.ignorePlurals),
} as const;

const LIST_PARAMS = new Set([
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'facets',
  'optionalWords',
]);

function toInt(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Math.trunc(Number(value));
  }
  return fallback;
}

function toBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}

/** `true`/`false`, or a list of languages (Algolia's form of removeStopWords and ignorePlurals). */
function toLanguageOption(value: unknown, fallback: boolean): boolean {
  if (
    value === undefined ||
    value === null ||
    ['true', 'false', '1', '0'].includes(String(value))
  ) {
    return toBool(value, fallback);
  }
  return appliesToQueryLanguage(toList(value) ?? []);
}

function toList(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return toList(JSON.parse(trimmed) as unknown);
      } catch {
        /* fall through to the comma form */
      }
    }
    return trimmed === ''
      ? []
      : trimmed
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  }
  return null;
}

/** Splits the legacy string form `a:b,(c:d,e:f)` into AND of OR groups. */
function parseFacetFilterString(text: string): string[][] {
  const groups: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ',' || ch === ' ') {
      i++;
    } else if (ch === '(') {
      const close = text.indexOf(')', i);
      const inner = text.slice(i + 1, close === -1 ? text.length : close);
      groups.push(
        inner
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      i = close === -1 ? text.length : close + 1;
    } else {
      let end = text.indexOf(',', i);
      if (end === -1) end = text.length;
      const filter = text.slice(i, end).trim();
      if (filter) groups.push([filter]);
      i = end + 1;
    }
  }
  return groups;
}

export function parseFacetFilters(value: unknown): string[][] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return parseFacetFilters(JSON.parse(trimmed) as unknown);
      } catch {
        throw new Error(`facetFilters: invalid JSON: ${trimmed.slice(0, 100)}`);
      }
    }
    return parseFacetFilterString(trimmed);
  }
  if (Array.isArray(value)) {
    const groups: string[][] = [];
    for (const item of value as unknown[]) {
      if (typeof item === 'string') groups.push([item]);
      else if (Array.isArray(item)) {
        const group = (item as unknown[]).filter((v): v is string => typeof v === 'string');
        if (group.length > 0) groups.push(group);
      } else throw new Error('facetFilters: each element must be a string or an array of strings');
    }
    return groups;
  }
  throw new Error('facetFilters: expected a string or an array');
}

function parseSnippetSpec(list: string[] | null): Map<string, number> {
  const spec = new Map<string, number>();
  for (const entry of list ?? []) {
    const colon = entry.lastIndexOf(':');
    const attribute = colon === -1 ? entry : entry.slice(0, colon);
    const words =
      colon === -1 ? DEFAULTS.snippetWords : toInt(entry.slice(colon + 1), DEFAULTS.snippetWords);
    if (attribute) spec.set(attribute.trim(), Math.max(1, words));
  }
  return spec;
}

/** Reads a urlencoded Algolia `params` string into a parameter object. */
function parseParamsString(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    out[key] = value;
  }
  return out;
}

/** Coerces raw (possibly string-typed) parameters into the engine's form. */
export function normalizeParams(raw: SearchParams | Record<string, unknown>): NormalizedParams {
  const r = raw as Record<string, unknown>;
  const query = typeof r.query === 'string' ? r.query.slice(0, DEFAULTS.maxQueryLength) : '';
  const hitsPerPage = Math.min(
    DEFAULTS.maxHitsPerPage,
    Math.max(0, toInt(r.hitsPerPage, DEFAULTS.hitsPerPage)),
  );
  let distinct: number;
  if (r.distinct === undefined || r.distinct === null) distinct = DEFAULTS.distinct;
  else if (typeof r.distinct === 'boolean' || r.distinct === 'true' || r.distinct === 'false') {
    distinct = toBool(r.distinct, true) ? 1 : 0;
  } else distinct = Math.max(0, toInt(r.distinct, DEFAULTS.distinct));
  return {
    query,
    page: Math.max(0, toInt(r.page, 0)),
    hitsPerPage,
    facetFilters: parseFacetFilters(r.facetFilters as FacetFilters | undefined),
    optionalFilters: parseFacetFilters(r.optionalFilters as FacetFilters | undefined),
    facets: toList(r.facets) ?? [],
    attributesToRetrieve: toList(r.attributesToRetrieve),
    attributesToHighlight: toList(r.attributesToHighlight),
    attributesToSnippet: parseSnippetSpec(toList(r.attributesToSnippet)),
    snippetEllipsisText:
      typeof r.snippetEllipsisText === 'string'
        ? r.snippetEllipsisText
        : DEFAULTS.snippetEllipsisText,
    highlightPreTag:
      typeof r.highlightPreTag === 'string' ? r.highlightPreTag : DEFAULTS.highlightPreTag,
    highlightPostTag:
      typeof r.highlightPostTag === 'string' ? r.highlightPostTag : DEFAULTS.highlightPostTag,
    distinct,
    advancedSyntax: toBool(r.advancedSyntax, false),
    clickAnalytics: toBool(r.clickAnalytics, false),
    getRankingInfo: toBool(r.getRankingInfo, false),
    removeStopWords: toLanguageOption(r.removeStopWords, DEFAULTS.removeStopWords),
    ignorePlurals: toLanguageOption(r.ignorePlurals, DEFAULTS.ignorePlurals),
    queryType: r.queryType === 'prefixNone' ? 'prefixNone' : 'prefixLast',
    enableRules: toBool(r.enableRules, true),
    optionalWords: new Set((toList(r.optionalWords) ?? []).flatMap((words) => terms(words))),
  };
}

/**
 * One entry of a multi-query body: `{indexName, ...params}` (v5 clients),
 * `{indexName, params: 'query=…&hitsPerPage=…'}` (v3/v4 clients) or
 * `{indexName, params: {...}}`. Flattened values win over `params`.
 */
export function requestParams(request: MultiQueryRequest): Record<string, unknown> {
  const {params, indexName: _indexName, type: _type, ...rest} = request;
  let base: Record<string, unknown> = {};
  if (typeof params === 'string') base = parseParamsString(params);
  else if (params && typeof params === 'object') base = {...params};
  const merged: Record<string, unknown> = {...base};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Algolia echoes the effective parameters as a urlencoded string. */
export function serializeParams(raw: Record<string, unknown>): string {
  return Object.keys(raw)
    .filter((key) => raw[key] !== undefined && key !== 'indexName' && key !== 'type')
    .sort()
    .map((key) => {
      const value = raw[key];
      const text =
        typeof value === 'string'
          ? value
          : LIST_PARAMS.has(key) || typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
      return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
    })
    .join('&');
}
