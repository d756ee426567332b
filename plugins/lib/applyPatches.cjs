// Text patches that bundler loaders apply to a dependency's published code. Each patch says why
// and how often its text must occur; when the dependency changes, the build fails with that reason
// instead of silently shipping the unpatched behaviour.

/**
 * @param {string} source
 * @param {{why: string, find: string, replace: string, occurrences: number}[]} patches
 * @param {{plugin: string, dependency: string}} owner
 */
function applyPatches(source, patches, {plugin, dependency}) {
  let patched = source;
  for (const patch of patches) {
    const found = patched.split(patch.find).length - 1;
    if (found !== patch.occurrences) {
      throw new Error(
        `${plugin}: expected ${patch.occurrences} occurrence(s) of the code to patch (${patch.why}), found ${found}. ` +
          `${dependency} was upgraded or changed: check the behaviour, then update or remove this patch.`,
      );
    }
    patched = patched.split(patch.find).join(patch.replace);
  }
  return patched;
}

module.exports = {applyPatches};
