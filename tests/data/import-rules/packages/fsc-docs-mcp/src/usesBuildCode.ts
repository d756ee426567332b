import {extractRecords} from '../../../plugins/search-index/extractRecords';
import {createSearchClient} from '../../../src/search/searchClient';
export const both = [extractRecords, createSearchClient];
