import {extractRecords} from '../../plugins/search-index/extractRecords';
export const records = extractRecords();
