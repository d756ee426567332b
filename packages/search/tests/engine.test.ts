import {describe, expect, it} from 'vitest';
import {createSearchEngine, type SearchEngine} from '../src/engine';
import {engineFromIndexFile} from '../src/engineFromIndexFile';
import {readIndexFile, serializeIndex} from '../src/indexFileFormat';
import {createMatcher} from '../src/matching';
import {normalizeParams, parseFacetFilters} from '../src/params';
import {parseQuery} from '../src/query';
import {buildTermIndex, recordTerms} from '../src/termIndex';
import {typoDistance} from '../src/text';
import type {SearchHit, SearchResponse} from '../src/types';
import {corpus, DOCSEARCH_FILTERS, rec, SITE} from './support/records';

const engine: SearchEngine = createSearchEngine(corpus());

function search(query: string, extra: Record<string, unknown> = {}): SearchResponse {
  return engine.search({query, facetFilters: DOCSEARCH_FILTERS, ...extra});
}
const path = (hit: SearchHit): string => (hit.url ?? '').replace(SITE, '');
const paths = (r: SearchResponse): string[] => r.hits.map(path);

describe('matching', () => {
  it('finds an exact word and ranks the heading record first', () => {
    const r = search('outway');
    expect(paths(r)[0]).toBe('/try-fsc/helm/9-outway');
    expect(r.hits[0]?.type).toBe('lvl1');
    // the lvl2 heading record ranks before any content-only match
    expect(paths(r).indexOf('/introduction/components#outway')).toBeLessThan(
      paths(r).indexOf('/introduction/components'),
    );
  });

  it('treats only the last word as a prefix', () => {
    expect(paths(search('outw'))).toContain('/try-fsc/helm/9-outway');
    // 'outw' is not the last word: no prefix, too short for a typo -> no all-words match;
    // the any-word fallback then matches 'helm' only
    const r = search('outw helm');
    expect(r.hits.every((h) => h.hierarchy?.lvl0 === 'Try FSC with Helm')).toBe(true);
    expect(r.hits[0]?._highlightResult?.hierarchy?.lvl1?.value).not.toContain('<em>');
  });

  it('allows 1 typo from 4 letters and 2 from 8, none below 4', () => {
    expect(paths(search('outwy'))[0]).toBe('/try-fsc/helm/9-outway'); // 5 letters, 1 typo (prefix last word)
    expect(paths(search('otway manager'))).toContain('/introduction/components'); // 1 typo, not last
    expect(search('managment api').hits.map(path)).toContain(
      '/introduction/components#management-api',
    );
    expect(paths(search('environmnets'))).toEqual(['/try-fsc/helm/6-manager#environments']); // 2 typos (12 letters)
    expect(search('ipa').nbHits).toBe(0); // 3 letters: no typo ('api')
    expect(search('mnager').nbHits).toBeGreaterThan(0); // 6 letters, 1 typo
    expect(search('mangre').nbHits).toBe(0); // 6 letters, 2 typos: too many
  });

  it('counts an adjacent transposition as one typo', () => {
    expect(typoDistance('inwya', 'inway', 1)).toBe(1);
    expect(paths(search('inwya controller'))).toContain('/introduction/components');
  });

  it('requires every word, then falls back to any word when nothing matches all', () => {
    const all = search('audit manager');
    expect(all.hits.length).toBeGreaterThan(0);
    for (const h of all.hits) {
      const text = `${Object.values(h.hierarchy ?? {}).join(' ')} ${h.content ?? ''}`.toLowerCase();
      expect(text).toContain('audit');
      expect(text).toContain('manager');
    }
    const fallback = search('auditlog zebra');
    expect(fallback.nbHits).toBeGreaterThan(0);
    expect(paths(fallback)[0]).toMatch(/^\/try-fsc\/helm\/5-auditlog/);
    expect(search('zebra giraffe').nbHits).toBe(0);
  });

  it('splits and joins words like Algolia', () => {
    const auditlog = search('auditlog', {distinct: false});
    expect(paths(auditlog)[0]).toMatch(/^\/try-fsc\/helm\/5-auditlog/);
    // the '5. Audit log' title record matches through the split 'audit log'
    expect(
      auditlog.hits.some((h) => h.type === 'lvl1' && path(h) === '/try-fsc/helm/5-auditlog'),
    ).toBe(true);
    expect(paths(search('audit log chart'))).toContain('/try-fsc/helm/5-auditlog#install'); // 'auditlog chart'
  });

  it('keeps the joined matches of two adjacent words while both are unchanged', () => {
    const records = corpus();
    const matcherOf = (cacheSize?: number) =>
      createMatcher(buildTermIndex(records), recordTerms(records), records.length, cacheSize);
    const words = (query: string) => parseQuery(query, normalizeParams({query})).queryWords;
    const matcher = matcherOf();
    const typed = matcher.matchQuery(words('audit log ch'));
    const grown = matcher.matchQuery(words('audit log cha'));
    expect(typed[0]?.terms.has('auditlog')).toBe(true); // 'audit log' joined as 'auditlog'
    // The pair's joined matches are not copied again while 'audit' and 'log' stay as typed.
    expect(grown[0]).toBe(typed[0]);
    expect(grown).toEqual(matcherOf(0).matchQuery(words('audit log cha')));
  });

  it('ranks headings over content, lower levels over higher, then position', () => {
    const r = search('organisations', {distinct: false});
    const types = r.hits.map((h) => h.type);
    expect(types.every((t) => t === 'content')).toBe(true);
    // all equal on text criteria: lower weight.position first within a level
    const helm = r.hits.filter((h) => h.url?.includes('/5-auditlog'));
    expect(helm.length).toBeLessThanOrEqual(1);
    const manager = search('manager', {distinct: false});
    expect(manager.hits[0]?.type).toBe('lvl1'); // '6. Manager' (lvl1) before lvl2/content matches
  });

  it('orders by attribute (lvl0 … lvl6, content), then weight.level, then weight.position', () => {
    // content is ordered: a match nearer its start comes first (see the next test)
    const e = createSearchEngine([
      rec({
        path: '/c',
        type: 'content',
        lvl0: 'S',
        lvl1: 'C page',
        position: 1,
        content: 'about the widget here',
      }),
      rec({
        path: '/c2',
        type: 'content',
        lvl0: 'S',
        lvl1: 'C2 page',
        position: 3,
        content: 'widget later',
      }),
      rec({
        path: '/c3',
        type: 'content',
        lvl0: 'S',
        lvl1: 'C3 page',
        position: 2,
        content: 'widget sooner',
      }),
      rec({
        path: '/b',
        anchor: 'w',
        type: 'lvl2',
        lvl0: 'S',
        lvl1: 'B page',
        lvl2: 'Widget',
        position: 5,
      }),
      rec({path: '/a', type: 'lvl1', lvl0: 'S', lvl1: 'Widget', position: 0}),
      rec({path: '/z', type: 'lvl1', lvl0: 'Widget section', lvl1: 'Z page', position: 0}),
      // same attribute (lvl2) as /b but a content record: weight.level decides
      rec({
        path: '/b',
        anchor: 'w2',
        type: 'content',
        lvl0: 'S',
        lvl1: 'B page',
        lvl2: 'Widget',
        position: 6,
        content: 'text',
      }),
    ]);
    expect(e.search({query: 'widget'}).hits.map((h) => h.url?.replace(SITE, ''))).toEqual([
      '/z', // lvl0
      '/a', // lvl1
      '/b#w', // lvl2, level 80
      '/b#w2', // lvl2, level 0
      '/c3', // content, first word, position 2
      '/c2', // content, first word, position 3
      '/c', // content, third word, position 1
    ]);
  });

  it('ranks a content match nearer the start first, as Algolia ranks an ordered attribute; headings are unordered', () => {
    const e = createSearchEngine([
      rec({
        path: '/late',
        type: 'content',
        lvl0: 'S',
        lvl1: 'L',
        position: 0,
        content: 'set the sslMode key',
      }),
      rec({
        path: '/early',
        type: 'content',
        lvl0: 'S',
        lvl1: 'E',
        position: 1,
        content: 'sslMode: disable here',
      }),
      rec({
        path: '/h2',
        type: 'lvl2',
        lvl0: 'S',
        lvl1: 'H',
        lvl2: 'About the sslMode',
        position: 0,
      }),
      rec({path: '/h1', type: 'lvl2', lvl0: 'S', lvl1: 'G', lvl2: 'sslMode setting', position: 1}),
    ]);
    const r = e.search({query: 'sslmode', getRankingInfo: true});
    expect(r.hits.map((h) => [h.url?.replace(SITE, ''), h._rankingInfo?.firstMatchedWord])).toEqual(
      [
        ['/h2', 2000], // lvl2 at its third word still ties with /h1: weight.position decides
        ['/h1', 2000],
        ['/early', 7000],
        ['/late', 7002],
      ],
    );
    // two words: the first position of either of them in content
    const two = e.search({query: 'sslmode key', getRankingInfo: true});
    expect(two.hits.map((h) => h._rankingInfo?.firstMatchedWord)).toEqual([7002]);
  });

  it('ranks a one-word query first where it is a whole attribute (exactOnSingleWordQuery: attribute)', () => {
    const e = createSearchEngine([
      rec({
        path: '/hash',
        type: 'lvl2',
        lvl0: 'S',
        lvl1: 'H',
        lvl2: 'Find the grant hash',
        position: 0,
      }),
      rec({path: '/grant', type: 'lvl2', lvl0: 'S', lvl1: 'G', lvl2: 'Grant', position: 1}),
    ]);
    expect(e.search({query: 'grant'}).hits.map((h) => h.url?.replace(SITE, ''))).toEqual([
      '/grant',
      '/hash',
    ]);
    // a one-word heading that the word only starts ("Granted") is no whole attribute, even when
    // the record holds the word exactly elsewhere
    const started = createSearchEngine([
      rec({
        path: '/started',
        type: 'content',
        lvl0: 'S',
        lvl1: 'A',
        lvl2: 'Granted',
        position: 1,
        content: 'a grant',
      }),
      rec({
        path: '/list',
        type: 'content',
        lvl0: 'S',
        lvl1: 'C',
        lvl2: 'Grants list',
        position: 0,
        content: 'the grant',
      }),
    ]);
    expect(started.search({query: 'grant'}).hits.map((h) => h.url?.replace(SITE, ''))).toEqual([
      '/list',
      '/started',
    ]);
    // two words: every exact word counts, wherever it is
    expect(e.search({query: 'grant hash'}).hits.map((h) => h.url?.replace(SITE, ''))).toEqual([
      '/hash',
    ]);
  });

  it('returns every record for an empty query, in custom-ranking order', () => {
    const r = search('', {distinct: false, hitsPerPage: 100});
    expect(r.nbHits).toBe(corpus().filter((x) => x.language === 'en').length);
    expect(r.hits[0]?.type).toBe('lvl1');
    expect(r.hits.at(-1)?.type).toBe('content');
  });
});

describe('filters, facets, paging, distinct', () => {
  it('applies facetFilters as an AND of ORs', () => {
    expect(engine.search({query: 'outway'}).hits.some((h) => h.url?.includes('/nl/'))).toBe(true);
    expect(search('outway').hits.some((h) => h.url?.includes('/nl/'))).toBe(false);
    const onlyHome = engine.search({
      query: '',
      facetFilters: [['docusaurus_tag:default'], 'language:en'],
    });
    expect(onlyHome.hits.map(path).every((p) => p === '/')).toBe(true);
    const either = engine.search({
      query: '',
      facetFilters: [['type:lvl2', 'type:lvl1']],
      distinct: false,
      hitsPerPage: 100,
    });
    expect(new Set(either.hits.map((h) => h.type))).toEqual(new Set(['lvl1', 'lvl2']));
  });

  it('supports negation in both spellings and the legacy string form', () => {
    const a = engine.search({
      query: '',
      facetFilters: ['type:-content'],
      distinct: false,
      hitsPerPage: 100,
    });
    const b = engine.search({
      query: '',
      facetFilters: ['-type:content'],
      distinct: false,
      hitsPerPage: 100,
    });
    expect(a.nbHits).toBeGreaterThan(0);
    expect(a.hits.some((h) => h.type === 'content')).toBe(false);
    expect(b.hits.map((h) => h.objectID)).toEqual(a.hits.map((h) => h.objectID));
    expect(parseFacetFilters('language:en,(type:lvl1,type:lvl2)')).toEqual([
      ['language:en'],
      ['type:lvl1', 'type:lvl2'],
    ]);
    expect(parseFacetFilters(JSON.stringify(DOCSEARCH_FILTERS))).toEqual([
      ['language:en'],
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ]);
    expect(() => engine.search({query: 'x', facetFilters: ['nocolon']})).toThrow(/attribute:value/);
  });

  it('counts facets over the matching records', () => {
    const r = engine.search({query: 'outway', facets: ['language', 'type'], distinct: false});
    expect(r.facets?.language).toEqual({
      en: r.hits.filter((h) => h.language === 'en').length,
      nl: 1,
    });
    const total = Object.values(r.facets?.type ?? {}).reduce((s, n) => s + n, 0);
    expect(total).toBe(r.nbHits);
    expect(engine.search({query: 'outway', facets: '*'}).facets).toHaveProperty('docusaurus_tag');
    expect(engine.search({query: 'outway'}).facets).toBeUndefined();
  });

  it('pages through the results', () => {
    const all = search('', {hitsPerPage: 100});
    const p0 = search('', {hitsPerPage: 4, page: 0});
    const p1 = search('', {hitsPerPage: 4, page: 1});
    expect(p0.nbHits).toBe(all.nbHits);
    expect(p0.nbPages).toBe(Math.ceil(all.nbHits / 4));
    expect(p0.hits).toHaveLength(4);
    expect([...p0.hits, ...p1.hits].map((h) => h.objectID)).toEqual(
      all.hits.slice(0, 8).map((h) => h.objectID),
    );
    expect(search('', {hitsPerPage: 4, page: 99}).hits).toEqual([]);
    expect(p1.page).toBe(1);
    expect(p1.hitsPerPage).toBe(4);
  });

  it('keeps one hit per url (with anchor) by default', () => {
    const distinct = search('manager');
    const urls = distinct.hits.map((h) => h.url);
    expect(new Set(urls).size).toBe(urls.length);
    const off = search('manager', {distinct: false});
    expect(off.nbHits).toBeGreaterThan(distinct.nbHits);
    // two records share /try-fsc/helm/6-manager (lvl1 + intro paragraph): one survives
    expect(urls.filter((u) => u === `${SITE}/try-fsc/helm/6-manager`)).toHaveLength(1);
    // sections of one page stay separate hits: DocSearch groups them itself
    expect(
      urls.filter((u) => u?.startsWith(`${SITE}/introduction/components`)).length,
    ).toBeGreaterThan(1);
    expect(search('manager', {distinct: 2}).nbHits).toBe(off.nbHits);
  });
});

describe('highlighting and snippets', () => {
  const tags = {highlightPreTag: '<mark>', highlightPostTag: '</mark>'};

  it('highlights matched words with the given tags and reports match levels', () => {
    const hit = search('outway organisations', tags).hits.find(
      (h) => path(h) === '/introduction/components#outway',
    );
    expect(hit).toBeDefined();
    const hl = hit?._highlightResult;
    expect(hl?.hierarchy?.lvl2).toEqual({
      value: '<mark>Outway</mark>',
      matchLevel: 'partial',
      matchedWords: ['outway'],
      fullyHighlighted: true,
    });
    expect(hl?.content?.matchLevel).toBe('full');
    expect(hl?.content?.matchedWords).toEqual(['outway', 'organisations']);
    expect(hl?.content?.value).toBe(
      'The <mark>outway</mark> sends requests of your applications to other <mark>organisations</mark>.',
    );
    expect(hl?.hierarchy?.lvl0).toEqual({
      value: 'Introduction',
      matchLevel: 'none',
      matchedWords: [],
    });
    // only non-null levels, in level order (the search page takes the last as title)
    expect(Object.keys(hl?.hierarchy ?? {})).toEqual(['lvl0', 'lvl1', 'lvl2']);
  });

  it('highlights only the typed part of a prefix, and whole words for typos', () => {
    const hit = search('outw', tags).hits[0];
    expect(hit?._highlightResult?.hierarchy?.lvl1?.value).toBe('9. <mark>Outw</mark>ay');
    const typo = search('outwya', tags).hits[0];
    expect(typo?._highlightResult?.hierarchy?.lvl1?.value).toBe('9. <mark>Outway</mark>');
  });

  it('uses Algolia default tags when none are given', () => {
    expect(search('outway').hits[0]?._highlightResult?.hierarchy?.lvl1?.value).toBe(
      '9. <em>Outway</em>',
    );
  });

  it('snippets N words around the first match with the ellipsis where cut', () => {
    const hit = search('organisation', {
      ...tags,
      attributesToSnippet: ['content:5', 'hierarchy.lvl1:5'],
      snippetEllipsisText: '…',
    }).hits.find((h) => path(h) === '/try-fsc/helm/5-auditlog');
    expect(hit?._snippetResult?.content).toEqual({
      value: '…that an <mark>organisation</mark> can show…',
      matchLevel: 'full',
    });
    // short text: no ellipsis
    expect(hit?._snippetResult?.hierarchy?.lvl1).toEqual({
      value: '5. Audit log',
      matchLevel: 'none',
    });
    expect(hit?._snippetResult?.hierarchy?.lvl2).toBeUndefined(); // null attribute
  });

  it('snippets from the start when nothing matched, with the ellipsis text as given', () => {
    const hit = search('components', {
      attributesToSnippet: ['content:3'],
      snippetEllipsisText: '<b>...</b>',
      distinct: false,
    }).hits.find((h) => h.objectID === '/introduction/components-1');
    expect(hit?._snippetResult?.content).toEqual({
      value: 'An FSC set<b>...</b>',
      matchLevel: 'none',
    });
    const start = search('records', {attributesToSnippet: ['content:3']}).hits[0];
    expect(start?._snippetResult?.content?.value).toBe('…log <em>records</em> every…');
  });
});

describe('record text with HTML in it', () => {
  const nasty = createSearchEngine([
    rec({
      path: '/x',
      type: 'lvl1',
      lvl0: 'Docs',
      lvl1: 'Tags <script>alert(1)</script> & more',
      position: 0,
    }),
    rec({
      path: '/x',
      type: 'content',
      lvl0: 'Docs',
      lvl1: 'Tags <script>alert(1)</script> & more',
      position: 1,
      content: 'An <img src=x onerror=alert(1)> image & a "quoted" script tag.',
    }),
  ]);
  const allValues = (r: SearchResponse): string[] =>
    r.hits.flatMap((h) => [
      ...Object.values(h._highlightResult?.hierarchy ?? {}).map((v) => v.value),
      h._highlightResult?.content?.value ?? '',
      ...Object.values(h._snippetResult?.hierarchy ?? {}).map((v) => v.value),
      h._snippetResult?.content?.value ?? '',
    ]);

  it('returns the text as stored with only the tags inserted, like Algolia (the client escapes it)', () => {
    const r = nasty.search({
      query: '<script>alert(1)</script>',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      attributesToSnippet: ['content:10', 'hierarchy.lvl1:10'],
    });
    expect(r.nbHits).toBeGreaterThan(0);
    expect(allValues(r)).toContain(
      'Tags <<mark>script</mark>><mark>alert</mark>(<mark>1</mark>)</<mark>script</mark>> & more',
    );
    expect(r.query).toBe('<script>alert(1)</script>');
    const image = nasty.search({query: 'image', attributesToSnippet: ['content:20']});
    const hit = image.hits.find((h) => h.type === 'content');
    expect(hit?._highlightResult?.content?.value).toBe(
      'An <img src=x onerror=alert(1)> <em>image</em> & a "quoted" script tag.',
    );
    expect(hit?._snippetResult?.content?.value).toBe(hit?._highlightResult?.content?.value);
    expect(hit?.content).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('parameters', () => {
  it('retrieves only the requested attributes (dotted paths)', () => {
    const hit = search('outway', {
      attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'content', 'type', 'url'],
    }).hits[0] as unknown as Record<string, unknown>;
    expect(Object.keys(hit).sort()).toEqual(
      ['_highlightResult', 'content', 'hierarchy', 'objectID', 'type', 'url'].sort(),
    );
    expect(Object.keys(hit.hierarchy as object)).toEqual(['lvl0', 'lvl1']);
  });

  it('accepts string-typed values from a urlencoded params string', () => {
    const p = normalizeParams({
      query: 'x',
      page: '2',
      hitsPerPage: '5',
      distinct: 'false',
      attributesToSnippet: 'content:7,hierarchy.lvl1:3',
      facetFilters: '["language:en"]',
    });
    expect(p.page).toBe(2);
    expect(p.hitsPerPage).toBe(5);
    expect(p.distinct).toBe(0);
    expect([...p.attributesToSnippet]).toEqual([
      ['content', 7],
      ['hierarchy.lvl1', 3],
    ]);
    expect(p.facetFilters).toEqual([['language:en']]);
    expect(normalizeParams({hitsPerPage: 5000}).hitsPerPage).toBe(1000);
  });

  it('answers Algolia response fields', () => {
    const r = search('outway', {clickAnalytics: true});
    expect(r).toMatchObject({query: 'outway', page: 0, hitsPerPage: 20, exhaustiveNbHits: true});
    expect(r.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(r.params).toContain('query=outway');
  });

  it('supports quoted phrases and exclusions with advancedSyntax', () => {
    const phrase = search('"audit log"', {advancedSyntax: true, distinct: false});
    expect(phrase.nbHits).toBeGreaterThan(0);
    const excluded = search('outway -organisations', {advancedSyntax: true, distinct: false});
    expect(excluded.hits.some((h) => (h.content ?? '').includes('organisations'))).toBe(false);
    expect(excluded.nbHits).toBeGreaterThan(0);
    expect(search('"log audit"', {advancedSyntax: true}).nbHits).toBe(0);
  });
});

describe('index data', () => {
  it('round-trips records through the index file', () => {
    const loaded = engineFromIndexFile(JSON.parse(serializeIndex(corpus())));
    expect(loaded.records).toEqual(corpus());
    expect(loaded.search({query: 'outwy'}).hits.map((h) => h.objectID)).toEqual(
      engine.search({query: 'outwy'}).hits.map((h) => h.objectID),
    );
  });

  it('rejects files that are not a search index', () => {
    expect(() => readIndexFile('{"records":[]}')).toThrow(/format/);
    expect(() =>
      readIndexFile({format: 'fsc-docsearch-index', version: 2, words: '', records: [{url: 'x'}]}),
    ).toThrow(/objectID/);
    expect(() => readIndexFile('<html>')).toThrow();
  });
});
