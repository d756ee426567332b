export const extractRecords = (): string[] => [];
export type Record = {url: string};
