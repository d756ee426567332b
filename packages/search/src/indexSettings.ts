/**
 * The index settings, in one place: `npm run search:push` gives them to hosted Algolia, and the
 * embedded engine takes its defaults from them (params.ts: distinct, snippet length, stop words
 * and plurals; query.ts: typo sizes), so that both back ends rank alike. Type-only import of
 * Algolia's client: nothing of it reaches the browser.
 */
import type {IndexSettings} from 'algoliasearch';
import {QUERY_LANGUAGE, READER_LANGUAGE} from './language';

/** DocSearch's Docusaurus template settings (typo sizes: Algolia's defaults). */
export const INDEX_SETTINGS = {
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  // hierarchy.lvl0 for the question rules' optionalFilters (packages/search/src/questionRules.ts), and
  // url_without_anchor for the best bets' (packages/search/src/bestBets.ts)
  attributesForFaceting: [
    'type',
    'language',
    'docusaurus_tag',
    'filterOnly(hierarchy.lvl0)',
    'filterOnly(url_without_anchor)',
  ],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  // The query-language rules the embedded engine follows (packages/search/src/language.ts): the stop words
  // of both languages readers type in, the plurals of English only (the pages' language).
  queryLanguages: [QUERY_LANGUAGE, READER_LANGUAGE],
  indexLanguages: [QUERY_LANGUAGE],
  removeStopWords: true,
  ignorePlurals: [QUERY_LANGUAGE],
  // Off as in the engine: the modal searches as typed (a pasted "docker compose up -d" keeps its
  // "-d"); the /search page asks for quoted phrases and exclusions per query, on both back ends.
  advancedSyntax: false,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
} satisfies IndexSettings;
