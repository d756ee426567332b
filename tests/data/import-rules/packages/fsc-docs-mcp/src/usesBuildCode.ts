import {extractRecords} from '../../../plugins/search-index/extractRecords';
import {createSearchClient} from '../../../src/search/algoliaClient';
export const both = [extractRecords, createSearchClient];
