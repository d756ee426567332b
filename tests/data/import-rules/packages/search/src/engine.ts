export const createSearchEngine = (): null => null;
