import {createSearchEngine} from '../../src/search/engine';
export const engine = createSearchEngine();
