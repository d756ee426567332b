import {extractRecords} from '../plugins/search-index/extractRecords';
export const settings = extractRecords();
