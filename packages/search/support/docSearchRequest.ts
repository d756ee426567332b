/** What DocSearch 3.9.0's modal sends for a query (see @docsearch/react's dist). */
import type {FacetFilters, MultiQueryRequest} from '../src/types';

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

export function docSearchRequest(
  query: string,
  indexName: string,
  facetFilters: FacetFilters,
): MultiQueryRequest {
  return {
    query,
    indexName,
    attributesToRetrieve: [
      ...['lvl0', ...LEVELS].map((level) => `hierarchy.${level}`),
      'content',
      'type',
      'url',
    ],
    attributesToSnippet: [...LEVELS.map((level) => `hierarchy.${level}:10`), 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
    clickAnalytics: false,
    facetFilters,
  };
}
