// Import first (before any dynamic import of a .ts module) to let Node 20
// load the project's TypeScript modules. See ./ts-loader.mjs.
import {register} from 'node:module';

register('./ts-loader.mjs', import.meta.url);
