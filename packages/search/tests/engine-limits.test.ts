import {describe, expect, it} from 'vitest';
import {createSearchEngine} from '../src/engine';
import {FIELDS, NO_POSITION} from '../src/fields';
import {MAX_PROXIMITY} from '../src/proximity';
import {MAX_QUERY_WORDS, MAX_WORD_TYPOS} from '../src/query';
import {checkPacking, type PackingLimits} from '../src/rankKey';
import type {SearchResponse} from '../src/types';
import {corpus, DOCSEARCH_FILTERS} from './support/records';
import {syntheticRecords} from './support/syntheticRecords';

const LIMITS: PackingLimits = {
  attributes: FIELDS.length,
  position: NO_POSITION,
  queryWords: MAX_QUERY_WORDS,
  wordTypos: MAX_WORD_TYPOS,
  pairProximity: MAX_PROXIMITY,
};

/** Every field of a response that depends on the query words (not the query echoed back). */
function ranked(r: SearchResponse): unknown {
  return {hits: r.hits, nbHits: r.nbHits, nbPages: r.nbPages, facets: r.facets};
}

/** The first MAX_QUERY_WORDS words of a query of plain space-separated words. */
const cut = (query: string): string => query.split(' ').slice(0, MAX_QUERY_WORDS).join(' ');

describe('query word cap', () => {
  const engines = {
    unit: createSearchEngine(corpus()),
    synthetic: createSearchEngine(syntheticRecords()),
  };
  const params = {
    facetFilters: DOCSEARCH_FILTERS,
    getRankingInfo: true,
    facets: ['type'],
    hitsPerPage: 50,
  };
  const words =
    'install the manager helm chart audit log outway inway controller environments certificate api ' +
    'contracts services organisation values file kubernetes namespace secret pod restart logs monitoring metrics ' +
    'directory contract service peer grants tokens policy upgrade configure postgres database docker compose release';
  const forty = words.split(' ').slice(0, 40).join(' ');
  // a pasted error message, as long as the /search page accepts
  const errorWords = ['connection', 'refused', 'port', '8443', 'outway', 'timeout'];
  const long = Array.from({length: 100}, (_, i) => errorWords[i % errorWords.length])
    .join(' ')
    .slice(0, 512);

  it('holds queries of 40 words and of 512 characters', () => {
    expect(forty.split(' ')).toHaveLength(40);
    expect(long).toHaveLength(512);
    expect(long.split(' ').length).toBeGreaterThan(3 * MAX_QUERY_WORDS);
  });

  it.each([
    ['40 words', 'unit', forty],
    ['40 words', 'synthetic', forty],
    ['512 characters', 'unit', long],
    ['512 characters', 'synthetic', long],
  ] as const)(
    'answers a query of %s (%s corpus) as the query cut to MAX_QUERY_WORDS words',
    (_, name, query) => {
      const engine = engines[name];
      const full = engine.search({query, ...params});
      const capped = engine.search({query: cut(query), ...params});
      expect(full.query).toBe(query);
      expect(full.nbHits).toBeGreaterThan(0);
      expect(ranked(full)).toEqual(ranked(capped));
      for (const hit of full.hits)
        expect(hit._rankingInfo?.words).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    },
  );

  it('drops excluded words and phrases past the cap too', () => {
    const engine = engines.unit;
    const lead = Array.from({length: MAX_QUERY_WORDS}, () => 'outway').join(' ');
    const query = (tail: string) =>
      engine.search({query: `${lead} ${tail}`, advancedSyntax: true, ...params});
    const plain = engine.search({query: lead, advancedSyntax: true, ...params});
    expect(ranked(query('-outway'))).toEqual(ranked(plain));
    expect(ranked(query('"audit log"'))).toEqual(ranked(plain));
  });
});

describe('packing check', () => {
  it('holds the engine limits', () => {
    expect(() => checkPacking(LIMITS)).not.toThrow();
  });

  it('fails loudly, naming the constant, when a field cannot hold a limit', () => {
    expect(() => checkPacking({...LIMITS, queryWords: 16})).toThrow(
      "The packed rank keys cannot hold the engine's limits: " +
        'MAX_QUERY_WORDS is 16, more than RANK_WORD_SLOTS holds (15)',
    );
    const attributes = (): void => checkPacking({...LIMITS, attributes: 9});
    expect(attributes).toThrow(
      'FIELDS.length - 1 (the last attribute rank) is 8, more than RANK_ATTR_SLOTS holds (7)',
    );
    expect(attributes).toThrow(
      'FIELDS.length (attribute bits) is 9, more than a byte (QueryWordMatches.fields) holds (8)',
    );
    expect(() => checkPacking({...LIMITS, wordTypos: 5})).toThrow(
      /MAX_QUERY_WORDS × MAX_WORD_TYPOS is 75/,
    );
    expect(() => checkPacking({...LIMITS, position: 256})).toThrow(
      'NO_POSITION is 256, more than RANK_POSITION_SLOTS holds (255); NO_POSITION is 256, more than a byte (QueryWordMatches.position) holds (255)',
    );
    expect(() => checkPacking({...LIMITS, pairProximity: 100})).toThrow(
      /\(MAX_QUERY_WORDS - 1\) × MAX_PROXIMITY/,
    );
  });
});
