import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Every change this site makes to a dependency's code, by the id its row has in the register
 * (README.md beside this file; a unit test keeps the two equal). `correctness` patches make the
 * site behave as the specification says; `performance` patches only make pages load faster, and
 * `FSC_PATCHES_OFF=performance` builds the site without them for an A/B measurement.
 */
export const PATCHES = {
  'docsearch-error-status': 'correctness',
  'docsearch-aria-controls': 'correctness',
  'docsearch-search-rejection': 'correctness',
  'docsearch-storage-full': 'correctness',
  'docsearch-version-entry': 'performance',
  'prism-bundled-grammars': 'performance',
  'docusaurus-idle-prefetch': 'performance',
} as const;

export type PatchId = keyof typeof PATCHES;

export interface DependencyPatchesOptions {
  /** Patches left out of this build (disabledPatches.ts reads them from FSC_PATCHES_OFF). */
  disabled: readonly PatchId[];
}

const loader = (file: string) => path.join(__dirname, file);
const docSearchEsm = require.resolve('@docsearch/react/dist/esm/index.js');
/** Both builds of prism-react-renderer: the browser bundle takes the ES module, the server the CommonJS one. */
const prismReactRenderer = [
  require.resolve('prism-react-renderer/dist/index.mjs'),
  require.resolve('prism-react-renderer/dist/index.js'),
];
// The bundler loads this loader by its path: a CommonJS file, required here for the files it patches.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {patchedFiles: docusaurusModules} = require(loader('docusaurusLoader.cjs')) as {
  patchedFiles: (enabled: string[]) => {file: string}[];
};

/**
 * Applies the enabled patches: aliases that replace a dependency's module, and bundler loaders
 * that rewrite a module's text. Each loader fails the build when the code it patches has changed.
 */
export default function dependencyPatchesPlugin(
  _context: unknown,
  {disabled}: DependencyPatchesOptions,
): Plugin {
  const enabled = (Object.keys(PATCHES) as PatchId[]).filter((id) => !disabled.includes(id));
  const on = (id: PatchId) => enabled.includes(id);
  const patchedDocusaurusFiles = docusaurusModules(enabled).map(({file}) => file);
  return {
    name: 'fsc-dependency-patches',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            ...(on('docsearch-version-entry') && {
              '@docsearch/react/version': loader('docSearchVersion.ts'),
            }),
          },
        },
        module: {
          rules: [
            {
              test: (file: string) => file === docSearchEsm,
              use: [{loader: loader('docSearchLoader.cjs'), options: {enabled}}],
            },
            ...(on('prism-bundled-grammars')
              ? [
                  {
                    test: (file: string) => prismReactRenderer.includes(file),
                    use: [{loader: loader('prismReactRendererLoader.cjs')}],
                  },
                ]
              : []),
            {
              test: (file: string) => patchedDocusaurusFiles.includes(file),
              use: [{loader: loader('docusaurusLoader.cjs'), options: {enabled}}],
            },
          ],
        },
      };
    },
  };
}
