import type {Record} from './build/extractRecords';
export const first = (records: Record[]) => records[0];
