import {createSearchClient} from '../search/searchClient';
export const client = createSearchClient();
