import {createSearchClient} from '../../../packages/search/src/algoliaClient';
export const client = createSearchClient();
