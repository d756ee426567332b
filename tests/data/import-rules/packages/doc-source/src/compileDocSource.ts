export const compileDocSource = (): null => null;
