import {createSearchClient} from '@fsc-docs/search/algoliaClient';
export const client = createSearchClient();
