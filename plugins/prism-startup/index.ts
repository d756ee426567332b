import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Both builds of prism-react-renderer: the browser bundle takes the ES module, the server the CommonJS one. */
const prismReactRenderer = [
  require.resolve('prism-react-renderer/dist/index.mjs'),
  require.resolve('prism-react-renderer/dist/index.js'),
];

/**
 * Cheaper start-up of the code highlighter on every page: patchPrismLoader.cjs changes how
 * Prism inserts tokens into a grammar while prism-react-renderer registers its languages.
 */
export default function prismStartupPlugin(): Plugin {
  return {
    name: 'fsc-prism-startup',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: (file: string) => prismReactRenderer.includes(file),
              use: [{loader: path.join(__dirname, 'patchPrismLoader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
