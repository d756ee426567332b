// @ts-check
// Bundler loader for prism-react-renderer 2.4.1, patch prism-bundled-grammars (register: README.md): cuts the ~20 languages and 20 colour themes it
// bundles. Evaluating those grammars (Prism's `extend` deep-clones one grammar into another) was
// the largest single task of a page with code under Lighthouse's 4x CPU slowdown (about 100 ms),
// and the docs use few of them. The languages the docs use come from `prismjs` through
// `prism.additionalLanguages` (docusaurus.config.ts; tests/unit/codeLanguages.test.ts checks that
// every fence language is there), and the site passes its themes from the configuration, so the
// bundled themes are dead weight in the browser (the configuration reads them in Node, unpatched).
//
// Each cut region must hash to a known value (the same in the ES module and the CommonJS build):
// when prism-react-renderer changes, the build fails instead of cutting code nobody has looked at.
const crypto = require('node:crypto');

const REGIONS = [
  {
    what: 'bundled languages',
    start: 'var Prism = __toESM(require_prism());\n',
    end: '\n\n// src/themes/index.ts\n',
    replacement:
      '// fsc dependency patch: bundled languages cut; the site registers the ones it uses.',
    sha256: '7ad86f9be2540698cfab4c7a4a765544fec7dadf94f5d4b2ba763da1f0bb3fd2',
  },
  {
    what: 'bundled themes',
    start: '// src/themes/index.ts\n',
    end: '\n\n// src/index.ts\n',
    replacement:
      '// fsc dependency patch: bundled themes cut; the site passes its themes from the configuration.\n' +
      'var themes_exports = {};\nvar vsDark_default;',
    sha256: 'c65abbfd960cce0de1f3d57cb39a44efee2e4daa709adbbc4f80070dc2513fa5',
  },
];

/** @param {string} text @returns {string} */
const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');

/** @param {string} source the ES module or CommonJS build @returns {string} */
function patchPrism(source) {
  let patched = source;
  for (const region of REGIONS) {
    /** @param {string} problem @returns {never} */
    const fail = (problem) => {
      throw new Error(
        `dependency patch prism-bundled-grammars: cannot cut prism-react-renderer's ${region.what}: ${problem}. ` +
          'prism-react-renderer was upgraded or changed: check what it bundles, then update or remove this patch (plugins/dependency-patches/README.md).',
      );
    };
    const startAt = patched.indexOf(region.start);
    if (startAt < 0 || patched.indexOf(region.start, startAt + 1) >= 0)
      fail('its start was not found exactly once');
    const from = startAt + region.start.length;
    const to = patched.indexOf(region.end, from);
    if (to < 0) fail('its end was not found');
    const hash = sha256(patched.slice(from, to));
    if (hash !== region.sha256) fail(`its code changed (sha256 ${hash})`);
    patched = patched.slice(0, from) + region.replacement + patched.slice(to);
  }
  return patched;
}

module.exports = patchPrism;
module.exports.patchPrism = patchPrism;
