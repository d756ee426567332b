export const figures = (): number[] => [];
