// @ts-check
// Bundler loader for modules of Docusaurus's own packages, to shorten the main-thread tasks of a
// page load (measured with Lighthouse's mobile run, 4x CPU slowdown; register: README.md):
// core's client/docusaurus.js: each link that scrolls into view prefetches its route (matching the
// route, adding <link rel=prefetch> elements); the links in view after hydration did that in one
// task of 50-60 ms. Prefetching now waits for idle time, one route at a time.
const path = require('node:path');
const {applyPatches, enabledPatches} = require('./applyTextPatches.cjs');

/** @typedef {import('./applyTextPatches.cjs').TextPatch} TextPatch */

/**
 * Patches by package, then by module relative to the directory of the package's entry point (lib/).
 * @type {Record<string, Record<string, TextPatch[]>>}
 */
const PATCHES = {
  '@docusaurus/core': {
    'client/docusaurus.js': [
      {
        patch: 'docusaurus-idle-prefetch',
        why: 'prefetch: keep the work of prefetching a route',
        find: 'const prefetch = (routePath) => {',
        replace: 'const prefetchNow = (routePath) => {',
        occurrences: 1,
      },
      {
        patch: 'docusaurus-idle-prefetch',
        why: 'prefetch: prefetch when the main thread is idle',
        find: 'const preload = (routePath) => {',
        replace: `// fsc dependency patch: links ask for a prefetch as they scroll into view; do it when the main
// thread is idle (at the latest after 2 s), one route per idle callback.
const whenIdle = (callback) => (window.requestIdleCallback ? window.requestIdleCallback(callback, {timeout: 2000}) : setTimeout(callback, 0));
const prefetch = (routePath) => canPrefetch(routePath) && new Promise((resolve) => whenIdle(() => resolve(prefetchNow(routePath))));
const preload = (routePath) => {`,
        occurrences: 1,
      },
    ],
  },
};

/**
 * For each package, a specifier that resolves to its lib/index.js (core declares no entry point).
 * @type {Record<string, string>}
 */
const LIB_INDEX = {
  '@docusaurus/core': '@docusaurus/core/lib/index.js',
};

/**
 * The installed files this loader patches: `{file, pkg, module}`; with `enabled`, only those that
 * an enabled patch touches.
 * @param {string[]} [enabled]
 * @returns {{file: string, pkg: string, module: string}[]}
 */
function patchedFiles(enabled) {
  return Object.entries(PATCHES).flatMap(([pkg, modules]) => {
    const lib = path.dirname(require.resolve(LIB_INDEX[pkg]));
    return Object.entries(modules)
      .filter(([, patches]) => enabledPatches(patches, enabled).length > 0)
      .map(([module]) => ({file: path.join(lib, module), pkg, module}));
  });
}

/**
 * @param {string} source
 * @param {string} pkg the package, a key of PATCHES
 * @param {string} module the module in that package, as PATCHES names it
 * @param {string[]} [enabled] the patch ids to apply (all when undefined)
 * @returns {string}
 */
function patchDocusaurus(source, pkg, module, enabled) {
  const patches = PATCHES[pkg]?.[module];
  if (!patches) throw new Error(`dependency patches: no patches for ${pkg} module ${module}`);
  return applyPatches(source, enabledPatches(patches, enabled), {dependency: pkg});
}

/**
 * @this {import('./applyTextPatches.cjs').LoaderContext}
 * @param {string} source
 * @returns {string}
 */
module.exports = function docusaurusLoader(source) {
  const target = patchedFiles().find(({file}) => file === this.resourcePath);
  if (!target)
    throw new Error(`dependency patches: ${this.resourcePath} is not a module this loader patches`);
  return patchDocusaurus(source, target.pkg, target.module, this.getOptions().enabled);
};
module.exports.patchDocusaurus = patchDocusaurus;
module.exports.patchedFiles = patchedFiles;
