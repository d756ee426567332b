import type {SiteSearch} from '../../../../config/search';
export const none: SiteSearch[] = [];
