import {extractRecords} from './build/extractRecords';
export const records = extractRecords();
