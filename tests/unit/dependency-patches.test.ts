import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import dependencyPatchesPlugin, {PATCHES, type PatchId} from '../../plugins/dependency-patches';
import {resolveDisabledPatches} from '../../plugins/dependency-patches/disabledPatches';

const require = createRequire(import.meta.url);
const {patchPrism} = require('../../plugins/dependency-patches/prismReactRendererLoader.cjs') as {
  patchPrism: (source: string) => string;
};
const {patchDocusaurus, patchedFiles} =
  require('../../plugins/dependency-patches/docusaurusLoader.cjs') as {
    patchDocusaurus: (source: string, pkg: string, module: string, enabled?: string[]) => string;
    patchedFiles: (enabled?: string[]) => {file: string; pkg: string; module: string}[];
  };
const {patchDocSearch} = require('../../plugins/dependency-patches/docSearchLoader.cjs') as {
  patchDocSearch: (source: string, enabled?: string[]) => string;
};
const esmFile = require.resolve('prism-react-renderer/dist/index.mjs');
const cjsFile = require.resolve('prism-react-renderer/dist/index.js');

type PrismLike = {
  languages: Record<string, unknown>;
  tokenize: (code: string, grammar: unknown) => unknown;
};

/** Imports a copy of prism-react-renderer's ES module (patched or not) from a temporary directory. */
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-prism-'));
async function loadPrism(name: string, source: string): Promise<PrismLike> {
  // Bare imports (react, clsx) resolve from the project, as in the bundle.
  const resolved = source
    .replace(
      /from "react"/g,
      `from ${JSON.stringify(pathToFileURL(require.resolve('react')).href)}`,
    )
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

  it("leaves Prism with plain text only, and highlighting the docs' languages as before", async () => {
    const source = fs.readFileSync(esmFile, 'utf8');
    const original = await loadPrism('original', source);
    const patched = await loadPrism('patched', patchPrism(source));
    const grammars = (prism: PrismLike) =>
      Object.keys(prism.languages).filter((key) => typeof prism.languages[key] !== 'function');
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
      /dependency patch prism-bundled-grammars: cannot cut prism-react-renderer's bundled languages: its start was not found exactly once\. prism-react-renderer was upgraded/,
    );
    const changed = fs
      .readFileSync(esmFile, 'utf8')
      .replace('Prism.languages.webmanifest', 'Prism.languages.manifest');
    expect(() => patchPrism(changed)).toThrow(
      /cannot cut prism-react-renderer's bundled languages: its code changed \(sha256 [0-9a-f]{64}\)/,
    );
  });
});

describe('patchDocusaurus', () => {
  const patch = (pkg: string, module: string) => {
    const target = patchedFiles().find((file) => file.pkg === pkg && file.module === module);
    if (!target) throw new Error(`${pkg} ${module} is not patched`);
    return patchDocusaurus(fs.readFileSync(target.file, 'utf8'), pkg, module);
  };

  it('patches each listed module of the installed Docusaurus packages', () => {
    expect(patchedFiles().map(({pkg, module}) => `${pkg} ${module}`)).toEqual([
      '@docusaurus/core client/docusaurus.js',
    ]);
    for (const {file, pkg, module} of patchedFiles()) {
      expect(patch(pkg, module), file).not.toBe(fs.readFileSync(file, 'utf8'));
    }
  });

  it('fails with a message naming the patch when a package has changed', () => {
    expect(() => patchDocusaurus('export {};', '@docusaurus/core', 'client/docusaurus.js')).toThrow(
      /dependency patch docusaurus-idle-prefetch: .*prefetch: keep the work of prefetching a route.*@docusaurus\/core was upgraded/,
    );
    expect(() => patchDocusaurus('export {};', '@docusaurus/core', 'client/unknown.js')).toThrow(
      /no patches for @docusaurus\/core module client\/unknown\.js/,
    );
  });
});

describe('patchDocSearch', () => {
  const docSearchSource = fs.readFileSync(
    require.resolve('@docsearch/react/dist/esm/index.js'),
    'utf8',
  );

  it('patches the installed DocSearch 3.9.0', () => {
    expect(patchDocSearch(docSearchSource)).not.toBe(docSearchSource);
  });

  it('applies only the enabled patches', () => {
    const patched = patchDocSearch(docSearchSource, ['docsearch-error-status']);
    expect(patched).toContain('"error"!==c.getState().status&&p("idle")');
    expect(patched).not.toContain('t.getListProps({source:t.collection.source})');
    expect(patchDocSearch(docSearchSource, [])).toBe(docSearchSource);
  });

  it('fails with a message naming the fix when DocSearch has changed', () => {
    expect(() => patchDocSearch('export const nothing = 1;')).toThrow(
      /dependency patch docsearch-error-status: expected 1 occurrence\(s\) of the code to patch \(keep the "error" status/,
    );
  });
});

describe('docSearchVersion', () => {
  it('matches the installed DocSearch', async () => {
    const {version} = await import('../../plugins/dependency-patches/docSearchVersion');
    expect(version).toBe((require('@docsearch/react/package.json') as {version: string}).version);
  });
});

describe('the register and the switch', () => {
  const ids = Object.keys(PATCHES);

  const readme = fs.readFileSync(
    new URL('../../plugins/dependency-patches/README.md', import.meta.url),
    'utf8',
  );
  /** The patch ids in the first column of one section's table of README.md. */
  const idsInSection = (heading: string): string[] => {
    const start = readme.indexOf(`\n## ${heading}\n`);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    return [...section.matchAll(/^\| `([a-z-]+)` +\|/gm)].map(([, id]) => id ?? '');
  };

  it('has a row in README.md for every patch, and no other', () => {
    expect(idsInSection('Register').sort()).toEqual([...ids].sort());
  });

  it('names the upstream change that would remove each patch, and no other', () => {
    expect(idsInSection('The upstream change that would remove each patch').sort()).toEqual(
      [...ids].sort(),
    );
  });

  it('names in each loader only patches of the register', () => {
    const named = new Set(
      ['docSearchLoader.cjs', 'docusaurusLoader.cjs', 'prismReactRendererLoader.cjs'].flatMap(
        (file) =>
          [
            ...fs
              .readFileSync(
                new URL(`../../plugins/dependency-patches/${file}`, import.meta.url),
                'utf8',
              )
              .matchAll(/patch:? '?([a-z-]+)'?/g),
          ]
            .map(([, id]) => id)
            .filter((id) => id.includes('-')),
      ),
    );
    for (const id of named) expect(ids, id).toContain(id);
  });

  it('FSC_PATCHES_OFF: none by default, every performance patch, or a list; an unknown id fails naming it', () => {
    expect(resolveDisabledPatches({})).toEqual([]);
    expect(resolveDisabledPatches({FSC_PATCHES_OFF: ' '})).toEqual([]);
    const performance = resolveDisabledPatches({FSC_PATCHES_OFF: 'performance'});
    expect(performance).toEqual(ids.filter((id) => PATCHES[id as PatchId] === 'performance'));
    expect(performance).not.toContain('docsearch-error-status');
    expect(
      resolveDisabledPatches({FSC_PATCHES_OFF: 'docusaurus-idle-prefetch, prism-bundled-grammars'}),
    ).toEqual(['docusaurus-idle-prefetch', 'prism-bundled-grammars']);
    expect(() =>
      resolveDisabledPatches({FSC_PATCHES_OFF: 'docusaurus-idle-prefetch,prism'}),
    ).toThrow(
      /FSC_PATCHES_OFF names an unknown patch "prism": use "performance" or a comma-separated list of docsearch-error-status, /,
    );
  });

  /** What the plugin hands the bundler, with `disabled` left out. */
  function bundlerConfig(disabled: PatchId[]) {
    const plugin = dependencyPatchesPlugin(undefined, {disabled});
    const config = plugin.configureWebpack!({} as never, false, {} as never, {} as never) as {
      resolve: {alias: Record<string, string>};
      module: {
        rules: {
          test: (file: string) => boolean;
          use: {loader: string; options?: {enabled: string[]}}[];
        }[];
      };
    };
    const loaders = config.module.rules.map((rule) => ({
      loader: path.basename(rule.use[0]!.loader),
      enabled: rule.use[0]!.options?.enabled,
      test: rule.test,
    }));
    return {aliases: Object.keys(config.resolve.alias), loaders};
  }

  it('builds with every patch by default', () => {
    const {aliases, loaders} = bundlerConfig([]);
    expect(aliases).toEqual(['@docsearch/react/version']);
    expect(loaders.map(({loader}) => loader)).toEqual([
      'docSearchLoader.cjs',
      'prismReactRendererLoader.cjs',
      'docusaurusLoader.cjs',
    ]);
    expect(loaders[0]!.enabled).toEqual(ids);
    for (const {file} of patchedFiles()) expect(loaders[2]!.test(file), file).toBe(true);
  });

  it('without the performance patches, keeps only the DocSearch fixes the specification needs', () => {
    const {aliases, loaders} = bundlerConfig(
      resolveDisabledPatches({FSC_PATCHES_OFF: 'performance'}),
    );
    expect(aliases).toEqual([]);
    expect(loaders.map(({loader}) => loader)).toEqual([
      'docSearchLoader.cjs',
      'docusaurusLoader.cjs',
    ]);
    expect(loaders[0]!.enabled).toEqual([
      'docsearch-error-status',
      'docsearch-aria-controls',
      'docsearch-search-rejection',
      'docsearch-storage-full',
    ]);
    for (const {file} of patchedFiles()) expect(loaders[1]!.test(file), file).toBe(false);
  });

  it('leaves out the files of a disabled patch and only that patch', () => {
    const {aliases, loaders} = bundlerConfig(['docusaurus-idle-prefetch']);
    const docusaurus = loaders.find(({loader}) => loader === 'docusaurusLoader.cjs')!;
    const prefetch = patchedFiles().find(({module}) => module === 'client/docusaurus.js')!;
    expect(docusaurus.test(prefetch.file)).toBe(false);
    expect(patchedFiles(docusaurus.enabled)).toEqual([]);
    expect(aliases).toEqual(['@docsearch/react/version']);
    expect(loaders.map(({loader}) => loader)).toContain('prismReactRendererLoader.cjs');
    const source = fs.readFileSync(prefetch.file, 'utf8');
    expect(patchDocusaurus(source, prefetch.pkg, prefetch.module, [])).toBe(source);
  });
});
