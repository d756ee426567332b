/**
 * The engine's behaviour over 200 generated pages (about 2,500 records, tests/unit/support/
 * syntheticRecords.ts), where the small hand-written corpora of engine.test.ts cannot reach: each
 * case states what a hit must be, and checks it against the records themselves (their words, found
 * by the engine's own tokeniser, stand in for what Algolia would match).
 */
import {describe, expect, it} from 'vitest';
import {createSearchEngine} from '../src/engine';
import {terms} from '../src/text';
import type {DocSearchRecord, SearchHit, SearchResponse} from '../src/types';
import {SYNTHETIC_QUERIES, syntheticRecords} from './support/syntheticRecords';

const records = syntheticRecords();
const engine = createSearchEngine(records);
const byId = new Map(records.map((record) => [record.objectID, record]));

/** Every hit of a query (up to 1,000), one per record unless `extra` asks for distinct. */
const everyHit = (query: string, extra: Record<string, unknown> = {}): SearchResponse =>
  engine.search({query, hitsPerPage: 1000, distinct: 0, ...extra});

const recordOf = (hit: SearchHit): DocSearchRecord => byId.get(hit.objectID)!;
const textsOf = (record: DocSearchRecord): string[] => [
  ...Object.values(record.hierarchy).filter((v): v is string => typeof v === 'string'),
  record.content ?? '',
];
const wordsOf = (record: DocSearchRecord): string[] => textsOf(record).flatMap(terms);
const holding = (words: readonly string[]): DocSearchRecord[] =>
  records.filter((record) => wordsOf(record).some((word) => words.includes(word)));
const ids = (response: SearchResponse): string[] => response.hits.map((hit) => hit.objectID);

/** The highlighted values of a hit, hierarchy levels first. */
function highlighted(hit: SearchHit): string[] {
  const {hierarchy = {}, content} = hit._highlightResult ?? {};
  return [...Object.values(hierarchy), ...(content ? [content] : [])].map((part) => part.value);
}
const marked = (value: string): string[] =>
  [...value.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!.toLowerCase());
const MARKS = {highlightPreTag: '[', highlightPostTag: ']'};

describe('the engine on 200 generated pages', () => {
  it("orders hits by Algolia's criteria: words, filters, typos, attribute, proximity, exact words, level", () => {
    const criteria = new Set<string>();
    const outOfOrder: string[] = [];
    for (const query of [
      ...SYNTHETIC_QUERIES,
      'certifciates requsets',
      'certificate servics',
      'contracts contr',
      'audit log helm',
      'how do you install the inway',
      'organisation kubernetes',
      'docker erro',
    ]) {
      const {hits} = engine.search({
        query,
        hitsPerPage: 1000,
        getRankingInfo: true,
        optionalWords: [query],
        optionalFilters: ['type:lvl2', ['type:content', 'hierarchy.lvl0:Reference']],
      });
      // Each hit's criteria as one list, compared in order: a later hit never sorts before an earlier one.
      const keys = hits.map(({_rankingInfo: info}) => [
        -info!.words,
        -info!.filters,
        info!.nbTypos,
        Math.floor(info!.firstMatchedWord / 1000),
        info!.attributeSum,
        info!.firstMatchedWord % 1000,
        info!.proximityDistance,
        -info!.nbExactWords,
        -info!.userScore,
      ]);
      keys.forEach((key) => criteria.add(key.join()));
      // Gathered and asserted once: an expect per pair of hits took most of the test's time.
      for (let i = 1; i < keys.length; i++) {
        const at = keys[i]!.findIndex((value, c) => value !== keys[i - 1]![c]);
        if (at !== -1 && keys[i]![at]! < keys[i - 1]![at]!)
          outOfOrder.push(`${query}: hit ${i + 1} ranks above hit ${i} by criterion ${at}`);
      }
    }
    expect(outOfOrder).toEqual([]);
    expect(criteria.size, 'the queries reach many different criteria').toBeGreaterThan(100);
  });

  it('counts facets over every matching record, nested attributes too', () => {
    const response = everyHit('certificates', {facets: ['type', 'hierarchy.lvl0']});
    // The singular matches too (ignorePlurals).
    expect(response.nbHits).toBe(holding(['certificate', 'certificates']).length);
    const count = (value: (hit: SearchHit) => string) =>
      response.hits.reduce<Record<string, number>>((counts, hit) => {
        counts[value(hit)] = (counts[value(hit)] ?? 0) + 1;
        return counts;
      }, {});
    expect(response.facets?.type).toEqual(count((hit) => hit.type!));
    expect(response.facets?.['hierarchy.lvl0']).toEqual(count((hit) => hit.hierarchy!.lvl0!));
  });

  it('keeps one hit per URL, and pages through those', () => {
    const every = everyHit('configure');
    const distinct = everyHit('configure', {distinct: 1});
    const urls = distinct.hits.map((hit) => hit.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(new Set(urls)).toEqual(new Set(every.hits.map((hit) => hit.url)));
    expect(distinct.nbHits).toBeLessThan(every.nbHits);

    const second = engine.search({query: 'configure', hitsPerPage: 3, page: 1});
    expect(second.nbHits).toBe(distinct.nbHits);
    expect(second.nbPages).toBe(Math.ceil(distinct.nbHits / 3));
    expect(ids(second)).toEqual(ids(distinct).slice(3, 6));
    expect(engine.search({query: 'configure', hitsPerPage: 3, page: second.nbPages}).hits).toEqual(
      [],
    );
  });

  it('marks the words that matched, plurals and joined words included, and leaves the text as it is', () => {
    const {hits} = engine.search({query: 'audit log helm', hitsPerPage: 50, ...MARKS});
    expect(hits).toHaveLength(50);
    const marks = new Set<string>();
    for (const hit of hits) {
      const values = highlighted(hit);
      expect(values.map((value) => value.replace(/[[\]]/g, ''))).toEqual(
        textsOf(recordOf(hit)).filter(Boolean),
      );
      values.flatMap(marked).forEach((mark) => marks.add(mark));
    }
    expect([...marks].sort()).toEqual(['audit', 'auditlog', 'helm', 'log', 'logs']);
  });

  it('snippets at most the asked number of words of the content, around the first match', () => {
    const {hits} = engine.search({
      query: 'refused connection',
      hitsPerPage: 30,
      attributesToSnippet: ['content:8'],
      ...MARKS,
    });
    const snippets = hits.filter((hit) => hit.type === 'content');
    expect(snippets.length).toBeGreaterThan(10);
    for (const hit of snippets) {
      const {value} = hit._snippetResult!.content!;
      const text = value.replace(/[[\]]/g, '').replace(/^…|…$/g, '');
      expect(text.split(' ').length, value).toBeLessThanOrEqual(8);
      expect(recordOf(hit).content).toContain(text);
      // The window holds the first match: a content that matched shows a match.
      const matched = marked(hit._highlightResult!.content!.value).length > 0;
      expect(marked(value).length > 0, value).toBe(matched);
    }
  });

  it("forgives one typo ('managment'), and folds accents without counting a typo", () => {
    const typo = everyHit('managment', {getRankingInfo: true, ...MARKS});
    expect(typo.nbHits).toBe(holding(['management']).length);
    for (const hit of typo.hits) {
      expect(hit._rankingInfo?.nbTypos).toBe(1);
      expect(highlighted(hit).flatMap(marked)).toContain('management');
    }
    const plain = everyHit('cafe', {getRankingInfo: true});
    expect(ids(plain)).toEqual(ids(everyHit('café')));
    expect(plain.nbHits).toBe(holding(['cafe']).length);
    expect(plain.hits.every((hit) => hit._rankingInfo?.nbTypos === 0)).toBe(true);
  });

  it('reads only the last word as a prefix', () => {
    const prefix = everyHit('ma', MARKS);
    expect(prefix.nbHits).toBe(
      records.filter((r) => wordsOf(r).some((w) => w.startsWith('ma'))).length,
    );
    expect(new Set(prefix.hits.flatMap((hit) => highlighted(hit).flatMap(marked)))).toEqual(
      new Set(['ma']),
    );
    const last = everyHit('contracts contr', {getRankingInfo: true});
    expect(last.hits.every((hit) => hit._rankingInfo?.words === 2)).toBe(true);
    // Not last, 'contr' matches no word (five letters: one typo), so no record holds both words.
    const first = everyHit('contr contracts', {getRankingInfo: true});
    expect(first.hits.every((hit) => hit._rankingInfo?.words === 1)).toBe(true);
  });

  it('applies synonyms both ways or one way, as declared', () => {
    const withSynonyms = createSearchEngine({
      records,
      synonyms: [
        {objectID: 'k8s', type: 'synonym', synonyms: ['k8s', 'kubernetes']},
        {objectID: 'pg', type: 'oneWaySynonym', input: 'postgres', synonyms: ['database']},
      ],
    });
    const search = (query: string) => withSynonyms.search({query, hitsPerPage: 1000, distinct: 0});
    expect(ids(search('k8s'))).toEqual(ids(everyHit('kubernetes')));
    expect(search('postgres').nbHits).toBe(holding(['postgres', 'database']).length);
    expect(ids(search('database'))).toEqual(ids(everyHit('database')));
  });

  it('keeps a quoted phrase together and leaves out an excluded word (advancedSyntax)', () => {
    const phrase = everyHit('"audit log" chart', {advancedSyntax: true});
    const inARow = (record: DocSearchRecord) =>
      textsOf(record).some((text) =>
        terms(text).some((word, i, words) => word === 'audit' && words[i + 1] === 'log'),
      );
    expect(ids(phrase).sort()).toEqual(
      records
        .filter((r) => inARow(r) && wordsOf(r).some((w) => w === 'chart' || w === 'charts'))
        .map((r) => r.objectID)
        .sort(),
    );
    const excluded = everyHit('install -docker manager', {advancedSyntax: true});
    expect(excluded.nbHits).toBeGreaterThan(50);
    expect(excluded.hits.some((hit) => wordsOf(recordOf(hit)).includes('docker'))).toBe(false);
  });
});
