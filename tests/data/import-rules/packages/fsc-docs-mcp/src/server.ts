export const createServer = () => null;
