import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const docSearchEsm = require.resolve('@docsearch/react/dist/esm/index.js');

/**
 * Two bundler fixes for DocSearch 3.9.0, the version the specification names:
 *
 * - theme-search-algolia aliases three `@docsearch/react/*` entry points to the package's UMD build,
 *   while the modal and button come from the ESM build: DocSearch would ship twice. Point all of
 *   them at the ESM build.
 * - The autocomplete core bundled into DocSearch resets the status to "idle" in a `finally` right
 *   after a failed search set it to "error", so "Unable to fetch results" never shows. The loader
 *   keeps the error status; it fails the build if the code it patches is not found exactly once,
 *   so an upgrade cannot silently undo the fix.
 */
export default function docSearchV3Plugin(): Plugin {
  return {
    name: 'fsc-docsearch-v3',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            '@docsearch/react/version': docSearchEsm,
            '@docsearch/react/useDocSearchKeyboardEvents': docSearchEsm,
            '@docsearch/react/useTheme': docSearchEsm,
          },
        },
        module: {
          rules: [
            {
              test: (file: string) => file === docSearchEsm,
              use: [{loader: path.join(__dirname, 'keepErrorStatusLoader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
