export const evaluate = (): null => null;
