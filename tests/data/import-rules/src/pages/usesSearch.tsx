import {createSearchClient} from '../search/algoliaClient';
export const client = createSearchClient();
