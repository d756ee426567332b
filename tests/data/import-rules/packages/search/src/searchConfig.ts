export const DEFAULT_INDEX_NAME = 'docs';
