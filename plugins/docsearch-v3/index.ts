import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const docSearchEsm = require.resolve('@docsearch/react/dist/esm/index.js');

/**
 * Bundler fixes for DocSearch 3.9.0, the version the specification names:
 *
 * - theme-search-algolia imports `@docsearch/react/version`, an entry point DocSearch 3 lacks, and
 *   aliases it to DocSearch's single bundle, which would put all of DocSearch into the first load
 *   of every page. Point it at a module that holds only the version string; DocSearch itself then
 *   loads with the search modal, on first use.
 * - The autocomplete core bundled into DocSearch resets the status to "idle" in a `finally` right
 *   after a failed search set it to "error", so "Unable to fetch results" never shows; and the
 *   input's aria-controls names result lists by ids they do not have. patchDocSearchLoader.cjs
 *   fixes both and fails the build when the code it patches has changed, so an upgrade cannot
 *   silently undo a fix.
 */
export default function docSearchV3Plugin(): Plugin {
  return {
    name: 'fsc-docsearch-v3',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            '@docsearch/react/version': path.join(__dirname, 'docSearchVersion.ts'),
          },
        },
        module: {
          rules: [
            {
              test: (file: string) => file === docSearchEsm,
              use: [{loader: path.join(__dirname, 'patchDocSearchLoader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
