/**
 * Golden test: the engine's full responses over the judged queries and the unit corpus, and over
 * generated queries and a synthetic corpus of 200 pages (tests/unit/support/syntheticRecords.ts),
 * under several parameter sets, must match tests/unit/golden/engine-responses.json. It guards pure
 * refactors of src/search/engine.ts; a deliberate ranking change regenerates the file with
 * `UPDATE_GOLDEN=1 npx vitest run --project unit tests/unit/engine-golden.test.ts` in its own commit.
 * Each entry is a SHA-256 of one response, keyed by query and parameter set, so a failure names
 * the query that changed.
 */
import {createHash} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {createSearchEngine} from '../../src/search/engine';
import type {DocSearchRecord} from '../../src/search/types';
import {corpus, DOCSEARCH_FILTERS} from './support/records';
import {SYNTHETIC_QUERIES, syntheticRecords} from './support/syntheticRecords';

const GOLDEN = new URL('./golden/engine-responses.json', import.meta.url);
const judged = JSON.parse(
  readFileSync(new URL('../data/search-queries.json', import.meta.url), 'utf8'),
) as {queries: {q: string}[]};

const QUERIES = [
  ...judged.queries.map((j) => j.q),
  'outway',
  'outw',
  'outw helm',
  'outwy',
  'otway manager',
  'managment api',
  'environmnets',
  'ipa',
  'mnager',
  'mangre',
  'inwya controller',
  'audit manager',
  'auditlog zebra',
  'certificate',
  '',
  'how do I install the inway',
  'connection refused on port 8443',
];

const PARAM_SETS: Record<string, Record<string, unknown>> = {
  docsearch: {facetFilters: DOCSEARCH_FILTERS},
  page2of3: {facetFilters: DOCSEARCH_FILTERS, hitsPerPage: 3, page: 1},
  snippetsTags: {
    facetFilters: DOCSEARCH_FILTERS,
    attributesToSnippet: ['content:8', 'hierarchy.lvl1:4'],
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
  },
  facetsNoDistinct: {facets: ['type', 'hierarchy.lvl0'], distinct: 0, hitsPerPage: 50},
};

/**
 * On the synthetic corpus: the generated queries, a few that exercise word splitting and joining,
 * stop words, plurals, accents, phrases, exclusions and a query of 15 words (the most the engine
 * ranks on), under the same parameter sets and one with ranking details, phrases and optional filters.
 */
const SYNTHETIC_QUERY_SET = [
  ...SYNTHETIC_QUERIES,
  'audit log helm',
  'auditlog',
  '"audit log" chart',
  'install -docker manager',
  'how do you install the inway',
  'cafe',
  'naive certificates',
  'connection refused on port 8443',
  'm',
  'ma',
  'managment',
  'tokens grants policy',
  '',
  'kubernetes namespace secret pod restart logs monitoring metrics controller inway outway directory contract service peer',
];

const SYNTHETIC_PARAM_SETS: Record<string, Record<string, unknown>> = {
  ...PARAM_SETS,
  rankingInfoAdvanced: {
    facetFilters: DOCSEARCH_FILTERS,
    advancedSyntax: true,
    getRankingInfo: true,
    optionalFilters: ['type:lvl2', ['type:content', 'hierarchy.lvl0:Reference']],
    hitsPerPage: 10,
  },
};

function hashResponses(
  records: DocSearchRecord[],
  queries: readonly string[],
  paramSets: Record<string, Record<string, unknown>>,
  keyPrefix: string,
): Record<string, string> {
  const engine = createSearchEngine(records);
  const out: Record<string, string> = {};
  for (const [name, params] of Object.entries(paramSets)) {
    for (const query of queries) {
      const r = engine.search({query, ...params}) as unknown as Record<string, unknown>;
      delete r.processingTimeMS; // the only field that varies between runs
      out[`${keyPrefix}${name} | ${query}`] = createHash('sha256')
        .update(JSON.stringify(r))
        .digest('hex')
        .slice(0, 16);
    }
  }
  return out;
}

function responses(): Record<string, string> {
  return {
    ...hashResponses(corpus(), QUERIES, PARAM_SETS, ''),
    ...hashResponses(syntheticRecords(), SYNTHETIC_QUERY_SET, SYNTHETIC_PARAM_SETS, 'synthetic '),
  };
}

describe('engine golden responses', () => {
  it('answers every query and parameter set exactly as recorded', () => {
    const actual = responses();
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(actual).toEqual(golden);
  });
});
