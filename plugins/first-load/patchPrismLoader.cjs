// Bundler loader for prism-react-renderer 2.x: Prism's `insertBefore` changes a grammar in place
// instead of replacing it and then walking every registered language to re-point references to
// the old object (Prism's `DFS`). prism-react-renderer registers its ~20 bundled languages when it
// is first imported, and those walks were half of that work (about 170 of 400 ms of start-up with
// Lighthouse's 4x CPU slowdown). Tokenising gives the same result: whatever referred to the
// grammar sees the new content, because it is the same object.
const {applyPatches} = require('../lib/applyPatches.cjs');

const PATCHES = [
  {
    why: "Prism's insertBefore: update the grammar in place instead of walking all languages",
    find: `            var old = root[inside];
            root[inside] = ret;
            _.languages.DFS(_.languages, function(key, value) {
              if (value === old && key != inside) {
                this[key] = ret;
              }
            });
            return ret;`,
    replace: `            for (var key in grammar) delete grammar[key];
            Object.assign(grammar, ret);
            return grammar;`,
    occurrences: 1,
  },
];

function patchPrism(source) {
  return applyPatches(source, PATCHES, {plugin: 'fsc-first-load', dependency: 'prism-react-renderer'});
}

module.exports = patchPrism;
module.exports.patchPrism = patchPrism;
