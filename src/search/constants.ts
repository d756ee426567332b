/** Name of the meta tag, added to every built page, holding the index file URL. */
export const INDEX_META_NAME = 'fsc:search-index';
