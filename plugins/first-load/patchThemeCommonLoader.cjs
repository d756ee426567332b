// Bundler loader for @docusaurus/theme-common's reactUtils: `useShallowMemoObject` (used by every
// code block and by the mobile menu's doc sidebar) sorts an object's keys with `localeCompare`.
// The first `localeCompare` of a page initialises the browser's collation data, which cost ~80 ms
// of a doc page's start-up with Lighthouse's 4x CPU slowdown. The sort only needs a stable order,
// not a linguistic one: compare the keys as plain strings.
const {applyPatches} = require('../lib/applyPatches.cjs');

const PATCHES = [
  {
    why: 'useShallowMemoObject: order keys without localeCompare',
    find: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
    occurrences: 1,
  },
];

function patchThemeCommon(source) {
  return applyPatches(source, PATCHES, {plugin: 'fsc-first-load', dependency: '@docusaurus/theme-common'});
}

module.exports = patchThemeCommon;
module.exports.patchThemeCommon = patchThemeCommon;
