import {createSearchEngine} from '../engine';
export const engine = createSearchEngine();
