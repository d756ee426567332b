import type {Record} from '../../plugins/search-index/extractRecords';
export const first = (records: Record[]) => records[0];
