import {compileDocSource} from '../../packages/doc-source/src/compileDocSource';
export const twin = compileDocSource();
