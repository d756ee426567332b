import {createSearchEngine} from '@fsc-docs/search/engine';
export const engine = createSearchEngine();
