import {describe, expect, it} from 'vitest';
import {STOP_WORD_DICTIONARY} from '../src/build/push';
import {INDEX_SETTINGS} from '../src/indexSettings';
import {createSearchEngine} from '../src/engine';
import {
  appliesToQueryLanguage,
  pluralForms,
  QUERY_LANGUAGE,
  READER_LANGUAGE,
  STOP_WORDS,
  STOP_WORDS_BY_LANGUAGE,
} from '../src/language';
import {normalizeParams} from '../src/params';
import {CONCEPT_FILTER, questionParams, REFERENCE_SECTIONS} from '../src/questionRules';
import type {SearchResponse} from '../src/types';
import {DOCSEARCH_FILTERS, rec, SITE} from './support/records';

const INTRO = 'Introduction';
const engine = createSearchEngine([
  rec({
    path: '/introduction/components',
    anchor: 'manager',
    type: 'lvl2',
    lvl0: INTRO,
    lvl1: 'Components',
    lvl2: 'Manager',
    position: 0,
  }),
  rec({
    path: '/introduction/components',
    anchor: 'manager',
    type: 'content',
    lvl0: INTRO,
    lvl1: 'Components',
    lvl2: 'Manager',
    position: 1,
    content: 'The Manager negotiates Contracts with other Peers.',
  }),
  // A long paragraph that holds every word of the question, the subject only once.
  rec({
    path: '/try-fsc/helm/6-manager',
    type: 'content',
    lvl0: 'Try FSC with Helm',
    lvl1: 'Step 6',
    position: 0,
    content:
      'What you do here is what the next step does with it: how the values reach the manager is shown below.',
  }),
  rec({
    path: '/fsc-in-production/renew-certificates',
    type: 'lvl1',
    lvl0: 'FSC in production',
    lvl1: 'Renew certificates',
    position: 0,
  }),
  rec({
    path: '/try-fsc/helm/2-create-certificate',
    type: 'lvl1',
    lvl0: 'Try FSC with Helm',
    lvl1: '2. Create a certificate',
    position: 0,
  }),
  rec({
    path: '/introduction/functional-description',
    type: 'content',
    lvl0: INTRO,
    lvl1: 'Functional description',
    position: 0,
    content: 'How does it work? A Contract is what a Peer signs.',
  }),
]);

function search(query: string, extra: Record<string, unknown> = {}): SearchResponse {
  return engine.search({query, facetFilters: DOCSEARCH_FILTERS, distinct: 0, ...extra});
}
const urls = (r: SearchResponse): string[] => r.hits.map((h) => (h.url ?? '').replace(SITE, ''));

describe('the pushed Algolia settings and the embedded engine follow the same rules', () => {
  it("pushes English and Dutch stop-word removal and English plural folding, with the engine's own stop words as the dictionary", () => {
    expect(INDEX_SETTINGS.queryLanguages).toEqual([QUERY_LANGUAGE, READER_LANGUAGE]);
    expect(INDEX_SETTINGS.indexLanguages).toEqual([QUERY_LANGUAGE]);
    expect(appliesToQueryLanguage(INDEX_SETTINGS.removeStopWords as boolean)).toBe(true);
    expect(INDEX_SETTINGS.ignorePlurals).toEqual([QUERY_LANGUAGE]);
    expect(STOP_WORD_DICTIONARY.settings.disableStandardEntries.stopwords).toEqual({
      [QUERY_LANGUAGE]: true,
      [READER_LANGUAGE]: true,
    });
    for (const [language, words] of Object.entries(STOP_WORDS_BY_LANGUAGE)) {
      const pushed = STOP_WORD_DICTIONARY.entries.requests
        .filter((r) => r.body.language === language)
        .map((r) => r.body.word);
      expect(new Set(pushed), language).toEqual(words);
    }
    expect(new Set(STOP_WORD_DICTIONARY.entries.requests.map((r) => r.body.word))).toEqual(
      STOP_WORDS,
    );
  });

  it("applies the pushed settings by default, and Algolia's forms of them when a request sends them", () => {
    const defaults = normalizeParams({query: 'x'});
    expect(defaults.removeStopWords).toBe(
      appliesToQueryLanguage(INDEX_SETTINGS.removeStopWords as boolean),
    );
    expect(defaults.ignorePlurals).toBe(
      appliesToQueryLanguage(INDEX_SETTINGS.ignorePlurals as string[]),
    );
    expect(normalizeParams({removeStopWords: false}).removeStopWords).toBe(false);
    expect(normalizeParams({removeStopWords: ['en', 'nl']}).removeStopWords).toBe(true);
    expect(normalizeParams({removeStopWords: ['nl']}).removeStopWords).toBe(false);
    expect(normalizeParams({ignorePlurals: '["en"]'}).ignorePlurals).toBe(true);
    expect(normalizeParams({ignorePlurals: 'false'}).ignorePlurals).toBe(false);
  });
});

describe('stop words', () => {
  it('drops them from a question, so the section about its subject leads', () => {
    expect(urls(search('what is the manager'))[0]).toBe('/introduction/components#manager');
    // without the rule every word is required: only the long paragraph holds them all
    expect(urls(search('what is the manager', {removeStopWords: false}))).toEqual([
      '/try-fsc/helm/6-manager',
    ]);
  });

  it('drops the words a question wraps its subject in ("do I need", "only", "mean", "want")', () => {
    // "need" and "only" are in no record: kept, they would leave no hit holding every word, and
    // Algolia's removeWordsIfNoResults would then answer with records holding any of them
    expect(urls(search('which manager do I need if I only negotiate contracts'))).toEqual(
      urls(search('manager negotiate contracts')),
    );
    // a question ends in a whole word, not a prefix: the site's client sends questionParams
    const question = 'what does negotiate contracts mean';
    expect(urls(search(question, questionParams(question)))).toEqual(
      urls(search('negotiate contracts')),
    );
    expect(urls(search('i want to negotiate contracts'))).toEqual(
      urls(search('negotiate contracts')),
    );
    // Dutch: "wat betekent …", "betekenis van …", "alleen" (only), "hoeveel" (how much), and
    // function words the English pages never hold: "met" (with), "niet" (not), "staat" (stands)
    for (const q of [
      'betekenis negotiate contracts',
      'alleen negotiate contracts',
      'hoeveel negotiate contracts',
      'met negotiate contracts',
      'staat niet negotiate contracts',
    ]) {
      expect(urls(search(q)), q).toEqual(urls(search('negotiate contracts')));
    }
  });

  it('keeps the last word while it may be a prefix being typed, and quoted words', () => {
    // "manager th" must still match a word starting with "th" (the paragraph's "the")
    expect(search('manager th').nbHits).toBe(search('manager th', {removeStopWords: false}).nbHits);
    const quoted = search('"how does it work"', {advancedSyntax: true});
    expect(urls(quoted)).toEqual(['/introduction/functional-description']);
  });

  it('keeps them all when the query holds nothing else', () => {
    expect(urls(search('how does'))).toEqual(urls(search('how does', {removeStopWords: false})));
    expect(search('how does').nbHits).toBeGreaterThan(0);
  });
});

describe('plurals', () => {
  it('matches the singular and the plural of a word as the word itself', () => {
    const plural = search('certificate renew');
    expect(urls(plural)).toEqual(['/fsc-in-production/renew-certificates']);
    expect(plural.hits[0]?._highlightResult?.hierarchy?.lvl1?.value).toBe(
      '<em>Renew</em> <em>certificates</em>',
    );
    expect(urls(search('contracts negotiates'))).toEqual(['/introduction/components#manager']);
    const folded = search('certificates create', {getRankingInfo: true});
    expect(urls(folded)).toEqual(['/try-fsc/helm/2-create-certificate']);
    expect(folded.hits[0]?._rankingInfo).toMatchObject({nbTypos: 0, nbExactWords: 2});
    // without the rule the singular is reached as a typo only
    const typo = search('certificates create', {getRankingInfo: true, ignorePlurals: false});
    expect(typo.hits[0]?._rankingInfo).toMatchObject({nbTypos: 1, nbExactWords: 1});
  });

  it('does not fold words that only look plural, or stop words', () => {
    expect(pluralForms('https')).toEqual([]);
    expect(pluralForms('http')).toEqual([]);
    expect(pluralForms('postgres')).toEqual([]);
    expect(pluralForms('kubernetes')).toEqual([]);
    expect(pluralForms('does')).toEqual([]);
    expect(pluralForms('policies')).toEqual(['policy']);
    expect(pluralForms('inway')).toEqual(['inways']);
  });
});

describe('question parameters (sent by the site client to either back end)', () => {
  it('makes a trailing stop word a whole word, so that it is dropped instead of matched as a prefix', () => {
    expect(questionParams('what does the manager do')).toMatchObject({queryType: 'prefixNone'});
    expect(questionParams('install the')).toEqual({queryType: 'prefixNone'});
    expect(questionParams('install the inw')).toEqual({});
    expect(questionParams('how do')).toEqual({}); // nothing but stop words: left alone
    // as a prefix "do" must match too (only the paragraph holds "do…" words); as a whole word it goes
    expect(search('manager do').nbHits).toBeLessThan(
      search('manager do', {queryType: 'prefixNone'}).nbHits,
    );
    expect(urls(search('manager do', {queryType: 'prefixNone'}))).toEqual(urls(search('manager')));
  });

  it('makes the last word whole when the query ends in a question mark', () => {
    expect(questionParams('which manager negotiates?')).toEqual({queryType: 'prefixNone'});
    expect(questionParams('which manager negotiates')).toEqual({});
    // "manag?" is a whole word (no record holds it), not the start of "manager"
    const question = 'which manag?';
    expect(search(question, questionParams(question)).nbHits).toBe(0);
    expect(search('which manag').nbHits).toBeGreaterThan(0);
  });

  it('ranks the concept pages first for questions that ask what, why, what happens or the difference', () => {
    for (const q of [
      'what is a contract',
      "what's a grant",
      'what does the manager do',
      'why do I need a transaction log',
      'what happens when the directory is down',
      'wat gebeurt er als de transactielog uitvalt',
      'difference between inway and outway',
      'how is the audit log different from the transaction log',
    ]) {
      expect(questionParams(q).optionalFilters, q).toEqual([CONCEPT_FILTER]);
    }
    for (const q of [
      'what are the system requirements',
      'what do I need',
      'how do I install the inway',
      'manager',
      // why something fails: a troubleshooting entry answers it
      "why can't my outway reach the inway",
      'waarom staat onze service niet in de directory',
    ]) {
      expect(questionParams(q).optionalFilters, q).toBeUndefined();
    }
  });

  it('ranks the reference sections before the tutorials for a question whether, who or when', () => {
    const reference = [REFERENCE_SECTIONS.map((section) => `hierarchy.lvl0:${section}`)];
    for (const q of [
      'is the controller part of the fsc standard?',
      'do we need an inway if we only consume apis',
      'moet de outway bij de applicatie draaien',
      'wie kan onze transactielog inzien',
      'when does a contract become valid',
    ]) {
      expect(questionParams(q).optionalFilters, q).toEqual(reference);
    }
    expect(questionParams('install the inway').optionalFilters).toBeUndefined();
  });

  it('makes every word optional in a query of three words or more besides its stop words', () => {
    const question = 'does the manager negotiate contracts for the outway?';
    expect(questionParams(question).optionalWords).toEqual([question]);
    expect(questionParams('manager negotiate').optionalWords).toBeUndefined();
    expect(questionParams('how do I install the inway').optionalWords).toBeUndefined();
    // a short last word may still be typed: it stays required, or "c" would add most records
    expect(questionParams('manager negotiate contracts c').optionalWords).toEqual([
      'manager negotiate contracts',
    ]);
    // a number is most often whole: "0" required would leave only records that hold a 0
    const pasted = 'number_of_contracts_distribution_failures stays above 0';
    expect(questionParams(pasted).optionalWords).toEqual([pasted]);
  });

  it("applies optionalFilters as Algolia's filters criterion: after words, before attribute", () => {
    // The tutorial paragraph holds "manager" in its content, the components record in a heading.
    const plain = search('manager', {getRankingInfo: true});
    const concept = search('manager', {
      getRankingInfo: true,
      optionalFilters: [`hierarchy.lvl0:${INTRO}`],
    });
    expect(concept.nbHits).toBe(plain.nbHits); // nothing is filtered out
    expect(concept.hits.map((h) => h._rankingInfo?.filters)).toEqual(
      concept.hits.map((h) => (h.hierarchy?.lvl0 === INTRO ? 1 : 0)),
    );
    const firstOther = concept.hits.findIndex((h) => h.hierarchy?.lvl0 !== INTRO);
    expect(concept.hits.slice(firstOther).every((h) => h.hierarchy?.lvl0 !== INTRO)).toBe(true);
    const tutorialFirst = search('values', {optionalFilters: [`hierarchy.lvl0:${INTRO}`]});
    expect(urls(tutorialFirst)).toEqual(['/try-fsc/helm/6-manager']); // no concept record holds the words
  });
});
