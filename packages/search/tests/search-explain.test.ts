/**
 * `npm run search:explain` on a tiny index: each hit with the criteria the engine ranked it by, and
 * the synonyms and best bets that applied.
 */
import {describe, expect, it} from 'vitest';
import {appliedSynonyms, explainQuery} from '../src/evaluation/searchExplain';
import {createSearchEngine} from '../src/engine';
import type {QueryPrior} from '../src/queryPrior';
import {SITE} from './support/records';
import {records, rules, synonyms} from './support/tinyIndex';

const engine = createSearchEngine({records, synonyms, rules});

describe('search:explain', () => {
  it('names the synonym entries a query meets, a plural and a run of words included', () => {
    const applied = appliedSynonyms('vernieuw certs mutual tls', synonyms);
    expect(applied.map(({words, entries}) => [words, entries.map((e) => e.objectID)])).toEqual([
      ['vernieuw', ['nl-vernieuwen']],
      ['certs', ['cert']],
      ['mutual tls', ['mtls']],
    ]);
    expect(appliedSynonyms('renew certificate', synonyms)).toEqual([]);
  });

  it("prints each hit's page, heading and ranking criteria, and the synonyms that applied", () => {
    const text = explainQuery(engine, {synonyms, rules}, 'certificaat vernieuwen');
    expect(text).toContain(
      '"certificaat": nl-certificaat (oneWaySynonym) -> certificate\n' +
        '  "vernieuwen": nl-vernieuwen (oneWaySynonym) -> renew\n' +
        'best bets: none applied',
    );
    // The heading holds both words (as their synonyms: exact, no typo), in the other order
    // (proximity 2, not 1).
    expect(text).toContain(
      '  1. /renew\n     Renew certificates\n' +
        '     words 2  filters 0  typos 0  attribute lvl1  attrSum 2  proximity 2  exact 2  level 90',
    );
    expect(text).not.toContain('/tls');
  });

  it('shows a best bet that applied, its filter counted, and typos and the content position', () => {
    const text = explainQuery(engine, {synonyms, rules}, 'handshake certifcate');
    expect(text).toContain(
      `synonyms: none applied\nbest bets:\n  best-bet-tls -> url_without_anchor:${SITE}/tls`,
    );
    // "handshake" is in no record: no hit holds both words, so either word finds them.
    const lines = text.split('\n');
    const first = lines.findIndex((line) => line.startsWith('  1. '));
    expect(lines.slice(first, first + 2)).toEqual(['  1. /tls', '     Mutual TLS']);
    // The best bet's page first; "certificate" the fifth word of its paragraph, with one typo.
    expect(lines[first + 2]).toMatch(
      /^ {5}words 1 {2}filters 1 {2}typos 1 {2}attribute content@4 /,
    );
    // Then the other page without the best bet's filter: its paragraph (level 0), whose
    // "certificate" is one typo away, before its heading, whose "certificates" is two.
    expect(lines.slice(first + 3, first + 6)).toEqual([
      '  2. /renew',
      '     Renew certificates',
      '     words 1  filters 0  typos 1  attribute lvl1  attrSum 7  proximity 8  exact 0  level 0',
    ]);
  });
});

describe('search:explain with a query-to-page prior', () => {
  it("lists the hits in the prior's order, each with its engine place, P(page | words) and score", () => {
    // A prior taught that "certificate" (its first six letters) asks for /tls, but the engine's first hit, titled "Renew
    // certificates", holds the whole query in its headings: it stays first, and /tls comes next.
    const prior: QueryPrior = {
      format: 'fsc-search-prior',
      lambda: 1,
      alpha: 0.1,
      pages: ['/renew', '/tls'],
      examples: [1, 9],
      words: {certif: [1, 9]},
    };
    const plain = explainQuery(engine, {synonyms, rules}, 'certificate');
    expect(plain).toContain('no query-to-page prior:\n  1. /renew');
    const text = explainQuery(engine, {synonyms, rules}, 'certificate', 10, prior);
    const lines = text.split('\n');
    const first = lines.findIndex((line) => line.startsWith('  1. '));
    expect(lines[first - 1]).toMatch(/re-ordered by the query-to-page prior:$/);
    expect(lines[first]).toBe('  1. /renew');
    expect(lines[first + 3]).toBe(
      '     engine #1  prior P(page | words) 0.100  kept first: its headings hold every word of the query',
    );
    expect(lines[first + 4]).toBe('  2. /tls');
    expect(lines[first + 7]).toMatch(
      /^ {5}engine #2 {2}prior P\(page \| words\) 0\.9\d\d {2}fused 1\/2 \+ 1·1\/1·√P = 1\.4\d\d$/,
    );
  });
});
