import {DEFAULT_INDEX_NAME} from '@fsc-docs/search/searchConfig';
export type SiteSearch = {indexName: string};
export const indexName = DEFAULT_INDEX_NAME;
