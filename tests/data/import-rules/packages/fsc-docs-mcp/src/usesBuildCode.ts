import {extractRecords} from '@fsc-docs/search/build/extractRecords';
import {createSearchClient} from '@fsc-docs/search/algoliaClient';
export const both = [extractRecords, createSearchClient];
