import {extractRecords} from '../../search/src/build/extractRecords';
import {createSearchClient} from '../../search/src/algoliaClient';
export const both = [extractRecords, createSearchClient];
