import {compileDocSource} from '@fsc-docs/doc-source';
export const twin = compileDocSource();
