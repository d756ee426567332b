// Bundler loader for two modules of @docusaurus/theme-common, to shorten the main-thread work of a
// page load (measured with Lighthouse's mobile run, 4x CPU slowdown):
// - utils/reactUtils.js: `useShallowMemoObject` (used by every code block and by the mobile
//   menu's doc sidebar) sorts keys with `localeCompare`; a page's first `localeCompare` sets up
//   the browser's collation data (~80 ms). The sort only needs a stable order: compare as strings.
// - hooks/useWindowSize.js: right after hydration every page re-renders from the server's layout
//   to the phone's or the desktop's (sidebar, table of contents). That update ran as one blocking
//   task of 100-300 ms; as a transition React renders it in short slices.
const {applyPatches} = require('../lib/applyPatches.cjs');

/** Patches by module, relative to theme-common's lib directory. */
const PATCHES = {
  'utils/reactUtils.js': [
    {
      why: 'useShallowMemoObject: order keys without localeCompare',
      find: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
      replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
      occurrences: 1,
    },
  ],
  'hooks/useWindowSize.js': [
    {
      why: 'useWindowSize: import startTransition',
      find: "import { useEffect, useState } from 'react';",
      replace: "import { startTransition, useEffect, useState } from 'react';",
      occurrences: 1,
    },
    {
      why: 'useWindowSize: leave the server layout in a transition after hydration',
      find: `        updateWindowSize();
        window.addEventListener('resize', updateWindowSize);`,
      replace: `        startTransition(updateWindowSize);
        window.addEventListener('resize', updateWindowSize);`,
      occurrences: 1,
    },
  ],
};

/** The theme-common modules this loader patches, relative to its lib directory. */
const PATCHED_MODULES = Object.keys(PATCHES);

function patchThemeCommon(source, module) {
  const patches = PATCHES[module];
  if (!patches) throw new Error(`fsc-first-load: no patches for theme-common module ${module}`);
  return applyPatches(source, patches, {plugin: 'fsc-first-load', dependency: '@docusaurus/theme-common'});
}

module.exports = function themeCommonLoader(source) {
  const module = PATCHED_MODULES.find((name) => this.resourcePath.endsWith(name));
  return patchThemeCommon(source, module);
};
module.exports.patchThemeCommon = patchThemeCommon;
module.exports.PATCHED_MODULES = PATCHED_MODULES;
