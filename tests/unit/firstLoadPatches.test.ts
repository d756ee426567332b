import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const {patchPrism} = require('../../plugins/first-load/patchPrismLoader.cjs') as {patchPrism: (source: string) => string};
const {patchDocusaurus, patchedFiles} = require('../../plugins/first-load/patchDocusaurusLoader.cjs') as {
  patchDocusaurus: (source: string, pkg: string, module: string) => string;
  patchedFiles: () => {file: string; pkg: string; module: string}[];
};
const esmFile = require.resolve('prism-react-renderer/dist/index.mjs');
const cjsFile = require.resolve('prism-react-renderer/dist/index.js');

type PrismLike = {languages: Record<string, unknown>; tokenize: (code: string, grammar: unknown) => unknown};

/** Imports a copy of prism-react-renderer's ES module (patched or not) from a temporary directory. */
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-prism-'));
async function loadPrism(name: string, source: string): Promise<PrismLike> {
  // Bare imports (react, clsx) resolve from the project, as in the bundle.
  const resolved = source
    .replace(/from "react"/g, `from ${JSON.stringify(pathToFileURL(require.resolve('react')).href)}`)
    .replace(/from "clsx"/g, `from ${JSON.stringify(pathToFileURL(require.resolve('clsx')).href)}`)
    // The copy has no source map beside it.
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const file = path.join(tempDir, `${name}.mjs`);
  fs.writeFileSync(file, resolved);
  return ((await import(pathToFileURL(file).href)) as {Prism: PrismLike}).Prism;
}
afterAll(() => fs.rmSync(tempDir, {recursive: true, force: true}));

/** Samples in the bundled languages the docs also use; the site now takes these from `prismjs`. */
const SAMPLES: Record<string, string> = {
  yaml: 'a: 1\nb:\n  - "x"\n  - &anchor y\nc: !tag |\n  text\nd: {e: [1, 2.5, true, null]} # note\n',
  json: '{"a": [1, 2.5, true, null], "b": {"c": "d"}, "e": -1e3}',
  sql: "SELECT a, COUNT(*) FROM t WHERE b = 'x' AND c IS NOT NULL GROUP BY a; -- note",
};

/** Registers languages from the `prismjs` package on a Prism instance, as the site's CodeBlock does. */
function registerFromPrismjs(prism: PrismLike, languages: string[]): void {
  const before = (globalThis as {Prism?: unknown}).Prism;
  (globalThis as {Prism?: unknown}).Prism = prism;
  try {
    for (const language of languages) {
      const component = require.resolve(`prismjs/components/prism-${language}`);
      delete require.cache[component];
      require(component);
    }
  } finally {
    (globalThis as {Prism?: unknown}).Prism = before;
  }
}

describe('patchPrism', () => {
  it('cuts the bundled languages and themes from both installed builds of prism-react-renderer', () => {
    for (const file of [esmFile, cjsFile]) {
      const source = fs.readFileSync(file, 'utf8');
      const patched = patchPrism(source);
      expect(source).toContain('Prism.languages.markup =');
      expect(patched).not.toContain('Prism.languages.markup =');
      expect(patched).not.toContain('dracula_default');
      expect(patched.length).toBeLessThan(source.length - 90_000);
    }
  });

  it('leaves Prism with plain text only, and highlighting the docs\' languages as before', async () => {
    const source = fs.readFileSync(esmFile, 'utf8');
    const original = await loadPrism('original', source);
    const patched = await loadPrism('patched', patchPrism(source));
    const grammars = (prism: PrismLike) => Object.keys(prism.languages).filter((key) => typeof prism.languages[key] !== 'function');
    expect(grammars(patched)).toEqual(['plain', 'plaintext', 'text', 'txt']);
    registerFromPrismjs(patched, Object.keys(SAMPLES));
    for (const [language, code] of Object.entries(SAMPLES)) {
      expect(JSON.stringify(patched.tokenize(code, patched.languages[language])), language).toBe(
        JSON.stringify(original.tokenize(code, original.languages[language])),
      );
    }
  });

  it('fails with a message naming what it cuts when prism-react-renderer has changed', () => {
    expect(() => patchPrism('export const nothing = 1;')).toThrow(
      /fsc-first-load: cannot cut prism-react-renderer's bundled languages: its start was not found exactly once\. prism-react-renderer was upgraded/,
    );
    const changed = fs.readFileSync(esmFile, 'utf8').replace('Prism.languages.webmanifest', 'Prism.languages.manifest');
    expect(() => patchPrism(changed)).toThrow(/cannot cut prism-react-renderer's bundled languages: its code changed \(sha256 [0-9a-f]{64}\)/);
  });
});

describe('patchDocusaurus', () => {
  const patch = (pkg: string, module: string) => {
    const target = patchedFiles().find((file) => file.pkg === pkg && file.module === module);
    if (!target) throw new Error(`${pkg} ${module} is not patched`);
    return patchDocusaurus(fs.readFileSync(target.file, 'utf8'), pkg, module);
  };
  const patchThemeCommon = (module: string) => patch('@docusaurus/theme-common', module);

  it('patches each listed module of the installed Docusaurus packages', () => {
    expect(patchedFiles().map(({pkg, module}) => `${pkg} ${module}`)).toEqual([
      '@docusaurus/core client/docusaurus.js',
      '@docusaurus/core client/clientEntry.js',
      '@docusaurus/theme-common utils/reactUtils.js',
      '@docusaurus/theme-common hooks/useWindowSize.js',
    ]);
    for (const {file, pkg, module} of patchedFiles()) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(() => patch(pkg, module)).not.toThrow();
    }
  });

  it('prefetches a route when the main thread is idle, with the checks that say whether to', () => {
    const patched = patch('@docusaurus/core', 'client/docusaurus.js');
    expect(patched).toContain('const prefetchNow = (routePath) => {');
    expect(patched).toContain(
      'const prefetch = (routePath) => canPrefetch(routePath) && new Promise((resolve) => whenIdle(() => resolve(prefetchNow(routePath))));',
    );
    // Still one prefetch per route, and none on a slow or save-data connection.
    expect(patched).toMatch(/const prefetchNow = \(routePath\) => \{\n {4}if \(!canPrefetch\(routePath\)\) \{\n {8}return false;\n {4}\}\n {4}fetched\.add\(routePath\);/);
  });

  it("loads the page's route, then evaluates the app, each from a timer after main.js's evaluation", () => {
    const patched = patch('@docusaurus/core', 'client/clientEntry.js');
    expect(patched).not.toContain("import App from './App';");
    expect(patched).not.toContain("import preload from './preload';");
    expect(patched).not.toContain("import docusaurus from './docusaurus';");
    const routeTimer = patched.indexOf(`const routeLoaded = new Promise((resolve) => setTimeout(() => {
        window.docusaurus = require('./docusaurus').default;
        resolve(require('./preload').default(window.location.pathname));`);
    const appTimer = patched.indexOf("setTimeout(() => {\n    const App = require('./App').default;");
    expect(routeTimer).toBeGreaterThan(0);
    expect(appTimer).toBeGreaterThan(routeTimer);
    expect(patched.indexOf('routeLoaded.then(() => {\n        startTransition(renderApp);')).toBeGreaterThan(appTimer);
    expect(patched.match(/\(window\.location\.pathname\)/g)).toHaveLength(1);
    expect(patched.match(/window\.docusaurus = /g)).toHaveLength(1);
  });

  it('leaves the server layout after hydration in a transition', () => {
    const patched = patchThemeCommon('hooks/useWindowSize.js');
    expect(patched).toContain("import { startTransition, useEffect, useState } from 'react';");
    expect(patched).toContain('startTransition(updateWindowSize);');
    // Resizing still updates at once.
    expect(patched).toContain("window.addEventListener('resize', updateWindowSize);");
  });

  it('sorts hook dependencies without localeCompare, in the same order', () => {
    const patched = patchThemeCommon('utils/reactUtils.js');
    expect(patched).not.toContain('localeCompare');
    const comparator = /deps\.sort\((\(a, b\) => .*)\);/.exec(patched)?.[1];
    expect(comparator).toBeDefined();
    const compare = new Function(`return ${comparator}`)() as (a: [string], b: [string]) => number;
    const keys = ['subtree', 'attributes', 'characterData', 'childList', 'component', 'props'];
    expect(keys.map((k): [string] => [k]).sort(compare).map(([k]) => k)).toEqual(
      [...keys].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('fails with a message naming the patch when a package has changed', () => {
    expect(() => patchDocusaurus('export {};', '@docusaurus/theme-common', 'utils/reactUtils.js')).toThrow(
      /useShallowMemoObject: order keys without localeCompare.*@docusaurus\/theme-common was upgraded/,
    );
    expect(() => patchDocusaurus('export {};', '@docusaurus/core', 'client/clientEntry.js')).toThrow(
      /clientEntry: do not evaluate the app with main.js.*@docusaurus\/core was upgraded/,
    );
    expect(() => patchDocusaurus('export {};', '@docusaurus/theme-common', 'hooks/unknown.js')).toThrow(
      /no patches for @docusaurus\/theme-common module hooks\/unknown\.js/,
    );
  });
});
