// @ts-check
// Text patches that bundler loaders apply to a dependency's published code (register: README.md).
// Each patch names its register id, says why, and how often its text must occur; when the
// dependency changes, the build fails with that reason instead of silently shipping the
// unpatched behaviour.

/**
 * @typedef {{patch: string, why: string, find: string, replace: string, occurrences: number}} TextPatch
 * @typedef {{resourcePath: string, getOptions(): {enabled?: string[]}}} LoaderContext what the
 *   loaders use of the bundler's loader context (`this`; the same in Rspack and webpack): the file
 *   being loaded, and the options index.ts gives the loader
 */

/**
 * @param {string} source
 * @param {TextPatch[]} patches
 * @param {{dependency: string}} owner
 * @returns {string}
 */
function applyPatches(source, patches, {dependency}) {
  let patched = source;
  for (const patch of patches) {
    const found = patched.split(patch.find).length - 1;
    if (found !== patch.occurrences) {
      throw new Error(
        `dependency patch ${patch.patch}: expected ${patch.occurrences} occurrence(s) of the code to patch (${patch.why}), found ${found}. ` +
          `${dependency} was upgraded or changed: check the behaviour, then update or remove this patch (plugins/dependency-patches/README.md).`,
      );
    }
    patched = patched.split(patch.find).join(patch.replace);
  }
  return patched;
}

/**
 * The patches whose register id is enabled; all of them when `enabled` is undefined (a unit test
 * calling the patch function directly).
 * @template {{patch: string}} P
 * @param {P[]} patches
 * @param {string[] | undefined} enabled
 * @returns {P[]}
 */
function enabledPatches(patches, enabled) {
  return enabled ? patches.filter(({patch}) => enabled.includes(patch)) : patches;
}

module.exports = {applyPatches, enabledPatches};
