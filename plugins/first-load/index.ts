import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Both builds of prism-react-renderer: the browser bundle takes the ES module, the server the CommonJS one. */
const prismReactRenderer = [
  require.resolve('prism-react-renderer/dist/index.mjs'),
  require.resolve('prism-react-renderer/dist/index.js'),
];
const docusaurusLoader = path.join(__dirname, 'patchDocusaurusLoader.cjs');
const docusaurusModules = (require(docusaurusLoader) as {patchedFiles: () => {file: string}[]}).patchedFiles().map(({file}) => file);
/** theme-classic's client module that loads the highlighter and its languages on every page at start-up. */
const startupLanguages = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');

/**
 * Less work on the main thread while a page loads (measured with `npm run bench:pages`,
 * Lighthouse's mobile run, and a CPU profile of page loads):
 * - patchPrismLoader.cjs: the ~20 languages and 20 themes prism-react-renderer bundles are cut
 *   (their evaluation was the largest task of a page with code); the site registers the languages
 *   its docs use from `prismjs` (config/codeLanguages.ts);
 * - theme-classic's start-up module that loads prism-react-renderer and the additional languages
 *   on every page is replaced by an empty one; src/theme/CodeBlock registers the languages
 *   instead, so pages without code (the home page, /search) never load the highlighter;
 * - patchDocusaurusLoader.cjs: main.js's evaluation split into three tasks (React and the router;
 *   the routes and loading the page's route; the app); links prefetch their routes in idle time;
 *   no `localeCompare` (and its collation set-up) to sort hook deps; the switch from the server's
 *   layout to the phone's or desktop's after hydration renders as a transition, in short slices,
 *   instead of one long task.
 * Each patch fails the build when the code it patches has changed (plugins/lib/applyPatches.cjs).
 */
export default function firstLoadPlugin(): Plugin {
  return {
    name: 'fsc-first-load',
    configureWebpack() {
      return {
        resolve: {
          alias: {[startupLanguages]: path.join(__dirname, 'noStartupLanguages.ts')},
        },
        module: {
          rules: [
            {
              test: (file: string) => prismReactRenderer.includes(file),
              use: [{loader: path.join(__dirname, 'patchPrismLoader.cjs')}],
            },
            {
              test: (file: string) => docusaurusModules.includes(file),
              use: [{loader: docusaurusLoader}],
            },
          ],
        },
      };
    },
  };
}
