/**
 * Snapshot test of the engine's answers: the judged queries and a few more over the unit corpus,
 * and generated queries over a synthetic corpus of 200 pages (tests/unit/support/syntheticRecords.ts),
 * under several parameter sets. Each set's answers are one readable file in
 * tests/unit/snapshots/engine/: per query its hit count and its top hits (type, URL, hierarchy,
 * and snippets where the set asks for them), so a ranking change is a diff a reviewer can read.
 * The last line of each query holds a hash of the whole response (every field but the timing),
 * so a change the readable lines leave out still fails.
 *
 * A deliberate change regenerates them: `npx vitest run tests/unit/engine-snapshots.test.ts -u`,
 * in the commit that changes the ranking.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {createSearchEngine} from '../../src/search/engine';
import type {DocSearchRecord, SearchHit} from '../../src/search/types';
import {corpus, DOCSEARCH_FILTERS} from './support/records';
import {resultValues} from './support/resultValues';
import {SYNTHETIC_QUERIES, syntheticRecords} from './support/syntheticRecords';

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

/** A hit's URL without the corpus's origin. */
const pathOf = (url = ''): string => url.replace(/^https:\/\/[^/]+/, '');

/** The hits each query shows in its snapshot, and the ones among them with their snippets. */
const TOP_HITS = 5;
const HITS_WITH_SNIPPETS = 3;

function describeHit(hit: SearchHit, rank: number, withSnippets: boolean): string[] {
  const levels = Object.values(hit.hierarchy ?? {}).filter(
    (v): v is string => typeof v === 'string',
  );
  const lines = [`  ${rank}. ${hit.type} ${pathOf(hit.url)} | ${levels.join(' > ')}`];
  if (withSnippets && hit._snippetResult) {
    for (const [attribute, snippet] of Object.entries(resultValues(hit._snippetResult))) {
      lines.push(`       ${attribute}: ${snippet}`);
    }
  }
  return lines;
}

function snapshotOf(
  records: DocSearchRecord[],
  queries: readonly string[],
  name: string,
  params: Record<string, unknown>,
): string {
  const engine = createSearchEngine(records);
  const withSnippets = 'attributesToSnippet' in params;
  const lines = [`# ${name}: ${JSON.stringify(params)}`];
  for (const query of queries) {
    const response = engine.search({query, ...params});
    const {processingTimeMS: _timing, ...stable} = response;
    lines.push(
      '',
      `"${query}": ${response.nbHits} hits, page ${response.page + 1} of ${response.nbPages}`,
    );
    response.hits.slice(0, TOP_HITS).forEach((hit, i) => {
      lines.push(
        ...describeHit(
          hit,
          response.page * response.hitsPerPage + i + 1,
          withSnippets && i < HITS_WITH_SNIPPETS,
        ),
      );
    });
    const hash = createHash('sha256').update(JSON.stringify(stable)).digest('hex').slice(0, 16);
    lines.push(`  whole response: ${hash}`);
  }
  return `${lines.join('\n')}\n`;
}

const snapshotFile = (name: string) => `./snapshots/engine/${name}.txt`;

describe('engine answers, as readable snapshots', () => {
  for (const [name, params] of Object.entries(PARAM_SETS)) {
    it(`unit corpus, ${name}`, async () => {
      await expect(snapshotOf(corpus(), QUERIES, name, params)).toMatchFileSnapshot(
        snapshotFile(`unit-${name}`),
      );
    });
  }
  for (const [name, params] of Object.entries(SYNTHETIC_PARAM_SETS)) {
    it(`synthetic corpus, ${name}`, async () => {
      await expect(
        snapshotOf(syntheticRecords(), SYNTHETIC_QUERY_SET, name, params),
      ).toMatchFileSnapshot(snapshotFile(`synthetic-${name}`));
    });
  }
});
