import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {createSearchEngine, type SearchEngine} from '../src/engine';
import {engineFromIndexFile} from '../src/engineFromIndexFile';
import {serializeIndex} from '../src/indexFileFormat';
import {DUTCH_STOP_WORDS} from '../src/language';
import {markedWords} from '../src/openedHit';
import {checkSynonyms, type SynonymEntry} from '../src/synonyms';
import type {SearchHit, SearchResponse} from '../src/types';
import {DOCSEARCH_FILTERS, rec, SITE} from './support/records';

const PROD = 'FSC in production';
const records = [
  rec({
    path: '/setup-oidc',
    type: 'lvl1',
    lvl0: PROD,
    lvl1: 'Setup OpenID Connect',
    position: 0,
  }),
  rec({
    path: '/setup-oidc',
    type: 'content',
    lvl0: PROD,
    lvl1: 'Setup OpenID Connect',
    content: 'The Controller signs users in through your identity provider.',
    position: 1,
  }),
  rec({
    path: '/requirements',
    type: 'content',
    lvl0: PROD,
    lvl1: 'System requirements',
    content: 'Run PostgreSQL highly available in production.',
    position: 0,
  }),
  rec({
    path: '/notes',
    type: 'content',
    lvl0: PROD,
    lvl1: 'Notes',
    content: 'Available space is highly variable between clusters.',
    position: 0,
  }),
  rec({
    path: '/renew',
    type: 'lvl1',
    lvl0: PROD,
    lvl1: 'Renew certificates',
    position: 0,
  }),
  rec({
    path: '/errors',
    anchor: 'error_code_service_unreachable',
    type: 'lvl2',
    lvl0: 'Introduction',
    lvl1: 'Functional Description',
    lvl2: 'ERROR_CODE_SERVICE_UNREACHABLE',
    position: 0,
  }),
  rec({
    path: '/errors',
    anchor: 'error_code_service_unreachable',
    type: 'content',
    lvl0: 'Introduction',
    lvl1: 'Functional Description',
    lvl2: 'ERROR_CODE_SERVICE_UNREACHABLE',
    content: 'HTTP 502 from the Inway: the Service behind it could not be reached.',
    position: 1,
  }),
  rec({
    path: '/outway',
    type: 'content',
    lvl0: 'Try FSC with Helm',
    lvl1: 'Outway',
    content: 'The Outway answers with a 502 when the service is unreachable; see the error codes.',
    position: 0,
  }),
];

const synonyms: SynonymEntry[] = [
  {objectID: 'sso', type: 'oneWaySynonym', input: 'sso', synonyms: ['openid connect']},
  {objectID: 'ha', type: 'synonym', synonyms: ['ha', 'highly available']},
  {objectID: 'idp', type: 'synonym', synonyms: ['idp', 'identity provider']},
  {
    objectID: 'single-sign-on',
    type: 'oneWaySynonym',
    input: 'single sign-on',
    synonyms: ['oidc', 'openid connect'],
  },
  {objectID: 'nl-vernieuwen', type: 'oneWaySynonym', input: 'vernieuwen', synonyms: ['renew']},
  {
    objectID: 'nl-certificaat',
    type: 'oneWaySynonym',
    input: 'certificaat',
    synonyms: ['certificate'],
  },
  {objectID: 'ctrl', type: 'oneWaySynonym', input: 'ctrl', synonyms: ['controller']},
];

const engine: SearchEngine = createSearchEngine({records, synonyms});
const plain: SearchEngine = createSearchEngine(records);

function search(query: string, on: SearchEngine = engine): SearchResponse {
  return on.search({query, facetFilters: DOCSEARCH_FILTERS, getRankingInfo: true});
}
const pathOf = (hit: SearchHit): string => (hit.url_without_anchor ?? '').replace(SITE, '');
const paths = (r: SearchResponse): string[] => r.hits.map(pathOf);

describe('synonyms in the engine (Algolia semantics)', () => {
  it('finds a page through a one-way synonym, and never the other way round', () => {
    expect(paths(search('sso'))[0]).toBe('/setup-oidc');
    expect(search('sso', plain).nbHits).toBe(0);
    // "openid connect" does not find records holding "sso" through the one-way entry
    expect(paths(search('openid connect'))).toEqual(['/setup-oidc']);
  });

  it('counts a one-word alternative as an exact word (alternativesAsExact)', () => {
    const hit = search('ctrl').hits[0] as SearchHit;
    expect(pathOf(hit)).toBe('/setup-oidc');
    expect(hit._rankingInfo).toMatchObject({nbExactWords: 1, nbTypos: 0});
  });

  it('matches a multi-word alternative only as a phrase, and not as exact', () => {
    const r = search('ha');
    // "highly available" together, not "highly" and "available" apart (/notes)
    expect(paths(r)).toEqual(['/requirements']);
    expect(r.hits[0]?._rankingInfo?.nbExactWords).toBe(0);
  });

  it('replaces a multi-word query expression by its alternatives', () => {
    const r = search('single sign-on');
    expect(paths(r)[0]).toBe('/setup-oidc');
    // every query word matched (through the alternative), where without it one word ("signs") does
    expect(r.hits[0]?._rankingInfo?.words).toBe(3);
    expect(search('single sign-on', plain).hits[0]?._rankingInfo?.words).toBe(1);
  });

  it('highlights and marks the words of the text that matched, never the query word', () => {
    const hit = search('idp').hits.find((h) => h.type === 'content') as SearchHit;
    const content = hit._highlightResult?.content;
    expect(content?.value).toContain('<em>identity</em> <em>provider</em>');
    expect(content?.value).not.toContain('<em>idp</em>');
    expect(content?.matchedWords).toEqual(['idp']);
    expect(markedWords(hit).map((w) => w.text)).toEqual(['identity', 'provider']);
    const requirement = search('ha').hits[0] as SearchHit;
    expect(requirement._highlightResult?.content?.value).toContain(
      '<em>highly</em> <em>available</em>',
    );
  });

  it('ranks a Dutch query like its English translation, dropping Dutch function words', () => {
    const dutch = search('hoe kan ik het certificaat vernieuwen');
    expect(paths(dutch)).toEqual(paths(search('renew certificate')));
    expect(paths(dutch)[0]).toBe('/renew');
    expect(dutch.hits[0]?._highlightResult?.hierarchy?.lvl1?.value).toBe(
      '<em>Renew</em> <em>certificates</em>',
    );
    for (const word of ['de', 'het', 'een', 'van', 'op', 'hoe', 'wat', 'welke'])
      expect(DUTCH_STOP_WORDS.has(word)).toBe(true);
  });

  it('loads the synonyms the index file carries, as every reader of the file does', () => {
    const loaded = engineFromIndexFile(serializeIndex(records, {synonyms}));
    expect(paths(loaded.search({query: 'sso'}))).toEqual(paths(search('sso')));
  });
});

describe('error codes and pasted messages', () => {
  it('finds a code as written, first, and by a run of its parts', () => {
    expect(search('ERROR_CODE_SERVICE_UNREACHABLE').hits[0]?.url).toBe(
      `${SITE}/errors#error_code_service_unreachable`,
    );
    expect(paths(search('SERVICE_UNREACHABLE'))[0]).toBe('/errors');
    expect(paths(search('service unreachable error'))[0]).toBe('/errors');
    expect(paths(search('error_code_serv'))[0]).toBe('/errors'); // typed as a prefix
  });

  it('does not find a code by one of its parts alone', () => {
    expect(paths(search('unreachable'))).toEqual(['/outway']);
  });

  it('answers a pasted line of the modal’s full length, quotes, colons, paths and numbers', () => {
    const pasted = 'Error: "ERROR_CODE_SERVICE_UNREACHABLE": GET /v1/x:8443 (status 502) a';
    const r = search(pasted.slice(0, 64));
    expect(r.nbHits).toBeGreaterThan(0);
    expect(paths(r)[0]).toBe('/errors');
  });
});

describe('the synonyms file', () => {
  const file = path.join(__dirname, '..', 'data', 'synonyms.json');
  const entries = checkSynonyms(JSON.parse(readFileSync(file, 'utf8')), file);

  it('holds at least 80 Dutch one-way synonyms', () => {
    const dutch = entries.filter((e) => e.type === 'oneWaySynonym' && e.objectID.startsWith('nl-'));
    expect(dutch.length).toBeGreaterThanOrEqual(80);
  });

  it('leads the Dutch words readers use for roles, traffic and states to the pages’ words', () => {
    // Each English sentence as a page of its own; the Dutch word must find it through the file.
    const pages = {
      '/consumer': 'A consumer connects to the Service.',
      '/supplier': 'Your supplier may run the components.',
      '/traffic': 'Allow outgoing traffic to the Directory.',
      '/behalf': 'The Controller signs on behalf of the organisation.',
      '/lost': 'A lost private key means a new certificate.',
      '/unreachable': 'The Service behind the Inway is unreachable.',
      '/invalid': 'The Outway rejects an invalid token.',
      '/waiting': 'The contract is waiting for the other signature.',
    };
    const fileEngine = createSearchEngine({
      records: Object.entries(pages).map(([page, content]) =>
        rec({path: page, type: 'content', lvl0: PROD, lvl1: 'Page', content, position: 0}),
      ),
      synonyms: entries,
    });
    const asked = {
      afnemers: '/consumer',
      leverancier: '/supplier',
      verkeer: '/traffic',
      namens: '/behalf',
      kwijtgeraakt: '/lost',
      onbereikbaar: '/unreachable',
      ongeldige: '/invalid',
      wachten: '/waiting',
    };
    const found = Object.fromEntries(
      Object.keys(asked).map((word) => [word, paths(search(word, fileEngine))[0]]),
    );
    expect(found).toEqual(asked);
  });

  it('rejects an unknown type, an empty list and a repeated objectID, naming the entry', () => {
    const check = (value: unknown) => () =>
      checkSynonyms(value, 'packages/search/data/synonyms.json');
    expect(check([{objectID: 'x', type: 'altCorrection3', synonyms: ['a', 'b']}])).toThrow(
      'packages/search/data/synonyms.json: synonym "x" has type "altCorrection3"',
    );
    expect(check([{objectID: 'y', type: 'synonym', synonyms: []}])).toThrow(
      'synonym "y" has an empty list of synonyms',
    );
    expect(
      check([
        {objectID: 'z', type: 'synonym', synonyms: ['k8s', 'kubernetes']},
        {objectID: 'z', type: 'oneWaySynonym', input: 'c', synonyms: ['d']},
      ]),
    ).toThrow('synonym "z" repeats the objectID of an earlier entry');
    // search:push names the Algolia entries of a list of inputs <objectID>#<n>
    expect(check([{objectID: 'v#2', type: 'oneWaySynonym', input: 'c', synonyms: ['d']}])).toThrow(
      'synonym "v#2" has a "#" in its objectID',
    );
    expect(check([{objectID: 'w', type: 'oneWaySynonym', synonyms: ['d']}])).toThrow(
      'synonym "w" has no input words',
    );
  });

  it('rejects what a query never matches: an input or a two-way synonym of stop words only', () => {
    const check = (value: unknown) => () =>
      checkSynonyms(value, 'packages/search/data/synonyms.json');
    expect(
      check([{objectID: 'v', type: 'oneWaySynonym', input: 'how many', synonyms: ['at most']}]),
    ).toThrow('synonym "v" has an input of stop words only: "how many"');
    expect(check([{objectID: 'u', type: 'synonym', synonyms: ['wie', 'who']}])).toThrow(
      'synonym "u" has a synonym of stop words only: "wie"',
    );
    expect(
      check([
        {objectID: 't', type: 'oneWaySynonym', input: 'wie beheert', synonyms: ['maintained']},
      ]),
    ).not.toThrow();
  });
});
