export const createSearchClient = (): null => null;
