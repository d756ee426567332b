// Bundler loader for prism-react-renderer 2.x: makes Prism's `insertBefore` change a grammar in
// place instead of replacing it and then walking every registered language to re-point references
// to the old object (Prism's `DFS`). prism-react-renderer registers its ~20 bundled languages when
// it is first imported, on every page, and those walks were half of main.js's start-up work
// (measured with 4x CPU throttling: ~170 ms of a ~400 ms task). Tokenising gives the same result:
// every reference to the grammar sees the new content because it is the same object.
// The build fails when the code to patch is not found exactly once (see index.ts).
const FIND = `            var old = root[inside];
            root[inside] = ret;
            _.languages.DFS(_.languages, function(key, value) {
              if (value === old && key != inside) {
                this[key] = ret;
              }
            });
            return ret;`;

const REPLACE = `            for (var key in grammar) delete grammar[key];
            Object.assign(grammar, ret);
            return grammar;`;

function patchPrism(source) {
  const found = source.split(FIND).length - 1;
  if (found !== 1) {
    throw new Error(
      `fsc-prism-startup: expected 1 occurrence of Prism's insertBefore reference walk in prism-react-renderer, found ${found}. ` +
        'prism-react-renderer was upgraded or changed: check its Prism, then update or remove this patch.',
    );
  }
  return source.replace(FIND, REPLACE);
}

module.exports = patchPrism;
module.exports.patchPrism = patchPrism;
