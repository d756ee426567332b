/**
 * Golden test: the engine's full responses over the judged queries and the unit corpus, under
 * several parameter sets, must match tests/unit/golden/engine-responses.json. It guards pure
 * refactors of src/search/engine.ts; a deliberate ranking change regenerates the file with
 * `UPDATE_GOLDEN=1 npx vitest run --project unit tests/unit/engine-golden.test.ts` in its own commit.
 * Each entry is a SHA-256 of one response, keyed by query and parameter set, so a failure names
 * the query that changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '../../src/search/engine';
import { corpus, DOCSEARCH_FILTERS } from './support/records';

const GOLDEN = new URL('./golden/engine-responses.json', import.meta.url);
const judged = JSON.parse(
  readFileSync(new URL('../data/search-queries.json', import.meta.url), 'utf8'),
) as { queries: { q: string }[] };

const QUERIES = [
  ...judged.queries.map((j) => j.q),
  'outway', 'outw', 'outw helm', 'outwy', 'otway manager', 'managment api', 'environmnets', 'ipa',
  'mnager', 'mangre', 'inwya controller', 'audit manager', 'auditlog zebra', 'certificate', '',
  'how do I install the inway', 'connection refused on port 8443',
];

const PARAM_SETS: Record<string, Record<string, unknown>> = {
  docsearch: { facetFilters: DOCSEARCH_FILTERS },
  page2of3: { facetFilters: DOCSEARCH_FILTERS, hitsPerPage: 3, page: 1 },
  snippetsTags: {
    facetFilters: DOCSEARCH_FILTERS,
    attributesToSnippet: ['content:8', 'hierarchy.lvl1:4'],
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
  },
  facetsNoDistinct: { facets: ['type', 'hierarchy.lvl0'], distinct: 0, hitsPerPage: 50 },
};

function responses(): Record<string, string> {
  const engine = createSearchEngine(corpus());
  const out: Record<string, string> = {};
  for (const [name, params] of Object.entries(PARAM_SETS)) {
    for (const query of QUERIES) {
      const r = engine.search({ query, ...params }) as unknown as Record<string, unknown>;
      delete r.processingTimeMS; // the only field that varies between runs
      out[`${name} | ${query}`] = createHash('sha256').update(JSON.stringify(r)).digest('hex').slice(0, 16);
    }
  }
  return out;
}

describe('engine golden responses', () => {
  it('answers every query and parameter set exactly as recorded', () => {
    const actual = responses();
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(actual).toEqual(golden);
  });
});
