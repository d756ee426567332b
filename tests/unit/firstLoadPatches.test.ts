import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const {patchPrism} = require('../../plugins/first-load/patchPrismLoader.cjs') as {patchPrism: (source: string) => string};
const {patchThemeCommon, PATCHED_MODULES} = require('../../plugins/first-load/patchThemeCommonLoader.cjs') as {
  patchThemeCommon: (source: string, module: string) => string;
  PATCHED_MODULES: string[];
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
    .replace(/from "clsx"/g, `from ${JSON.stringify(pathToFileURL(require.resolve('clsx')).href)}`);
  const file = path.join(tempDir, `${name}.mjs`);
  fs.writeFileSync(file, resolved);
  return ((await import(pathToFileURL(file).href)) as {Prism: PrismLike}).Prism;
}
afterAll(() => fs.rmSync(tempDir, {recursive: true, force: true}));

/** A sample for every language prism-react-renderer bundles that inserts into or extends another. */
const SAMPLES: Record<string, string> = {
  javascript: 'const x = `a${b}` + /re+g/i.test("s"); function f(a, b = 2) { return (c) => c * 2 } // note',
  jsx: 'const A = () => <div className="x" onClick={() => f(1)}>{y}<B /></div>;',
  tsx: 'type T<K> = { a: K }; const A: FC<T<string>> = ({a}) => <span>{a as string}</span>;',
  typescript: 'interface I { a?: number } export default class C<T> implements I { private x!: T; }',
  markup: '<!DOCTYPE html><html><script>let a = 1</script><style>a { color: red }</style><a onclick="f()">&amp;</a></html>',
  css: '@media (min-width: 1px) { .a:hover > b::before { color: #fff; --x: calc(1px + 2em); } }',
  yaml: 'a: 1\nb:\n  - "x"\n  - &anchor y\nc: !tag |\n  text\n',
  json: '{"a": [1, 2.5, true, null], "b": {"c": "d"}}',
  markdown: '# T\n\n*a* **b** `c`\n\n```js\nlet a = 1\n```\n[l](https://example.org)',
  python: 'def f(x: int) -> str:\n    """doc"""\n    return f"{x!r}" if x else None\n',
  cpp: '#include <vector>\ntemplate<typename T> class A { public: virtual ~A() = default; };',
  objectivec: '@interface A : NSObject @property NSString *s; @end',
  kotlin: 'fun main(args: Array<String>) { val s = "x${args.size}" }',
  go: 'package main\nfunc main() { fmt.Println("hi", 1+2) }',
  sql: "SELECT a, COUNT(*) FROM t WHERE b = 'x' GROUP BY a;",
};

describe('patchPrism', () => {
  it('patches both installed builds of prism-react-renderer once', () => {
    for (const file of [esmFile, cjsFile]) {
      const patched = patchPrism(fs.readFileSync(file, 'utf8'));
      expect(patched).toContain('Object.assign(grammar, ret);');
      expect(patched).not.toContain('_.languages.DFS(_.languages, function(key, value) {\n              if (value === old');
    }
  });

  it('tokenises every bundled language exactly as the unpatched Prism does', async () => {
    const source = fs.readFileSync(esmFile, 'utf8');
    const original = await loadPrism('original', source);
    const patched = await loadPrism('patched', patchPrism(source));
    expect(Object.keys(patched.languages)).toEqual(Object.keys(original.languages));
    for (const [language, code] of Object.entries(SAMPLES)) {
      expect(patched.languages[language], language).toBeDefined();
      expect(JSON.stringify(patched.tokenize(code, patched.languages[language])), language).toBe(
        JSON.stringify(original.tokenize(code, original.languages[language])),
      );
    }
  });

  it('fails with a message naming the patch when prism-react-renderer has changed', () => {
    expect(() => patchPrism('export const nothing = 1;')).toThrow(
      /fsc-first-load: expected 1 occurrence\(s\) of the code to patch \(Prism's insertBefore.*prism-react-renderer was upgraded/,
    );
  });
});

describe('patchThemeCommon', () => {
  const themeCommonLib = path.dirname(require.resolve('@docusaurus/theme-common'));
  const patch = (module: string) => patchThemeCommon(fs.readFileSync(path.join(themeCommonLib, module), 'utf8'), module);

  it('patches each listed module of the installed theme-common', () => {
    expect(PATCHED_MODULES).toEqual(['utils/reactUtils.js', 'hooks/useWindowSize.js']);
    for (const module of PATCHED_MODULES) expect(() => patch(module)).not.toThrow();
  });

  it('leaves the server layout after hydration in a transition', () => {
    const patched = patch('hooks/useWindowSize.js');
    expect(patched).toContain("import { startTransition, useEffect, useState } from 'react';");
    expect(patched).toContain('startTransition(updateWindowSize);');
    // Resizing still updates at once.
    expect(patched).toContain("window.addEventListener('resize', updateWindowSize);");
  });

  it('sorts hook dependencies without localeCompare, in the same order', () => {
    const patched = patch('utils/reactUtils.js');
    expect(patched).not.toContain('localeCompare');
    const comparator = /deps\.sort\((\(a, b\) => .*)\);/.exec(patched)?.[1];
    expect(comparator).toBeDefined();
    const compare = new Function(`return ${comparator}`)() as (a: [string], b: [string]) => number;
    const keys = ['subtree', 'attributes', 'characterData', 'childList', 'component', 'props'];
    expect(keys.map((k): [string] => [k]).sort(compare).map(([k]) => k)).toEqual(
      [...keys].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('fails with a message naming the patch when theme-common has changed', () => {
    expect(() => patchThemeCommon('export {};', 'utils/reactUtils.js')).toThrow(
      /useShallowMemoObject: order keys without localeCompare.*@docusaurus\/theme-common was upgraded/,
    );
    expect(() => patchThemeCommon('export {};', 'hooks/unknown.js')).toThrow(/no patches for theme-common module hooks\/unknown\.js/);
  });
});
