// The import rules of ARCHITECTURE.md, checked by dependency-cruiser with the rules in
// .dependency-cruiser.cjs: the repository has no violation, and each rule fails where
// tests/data/import-rules seeds a forbidden import (so a rule that stopped matching is noticed).
import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

type Violation = {from: string; to: string; rule: {name: string}};
type Result = {summary: {violations: Violation[]; totalCruised: number}};

function cruise(cwd: string, paths: string[]): Result {
  const run = spawnSync(
    process.execPath,
    [CLI, '--config', CONFIG, '--output-type', 'json', ...paths],
    {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // Exit status is the number of errors; the JSON report is printed either way.
  if (!run.stdout.trim().startsWith('{'))
    throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Result;
}

const rows = (result: Result) =>
  result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();

describe('import rules', () => {
  it('hold across the repository', () => {
    const result = cruise(ROOT, [
      'src',
      'plugins',
      'packages',
      'config',
      'support',
      'tests',
      'bench',
      'scripts',
      'docusaurus.config.ts',
      'sidebars.ts',
    ]);
    expect(rows(result)).toEqual([]);
    expect(result.summary.totalCruised).toBeGreaterThan(100);
  }, 60_000); // the whole repository: about 6 s of CPU, three times that on a busy machine

  it('each fail on the import seeded against it, and imports by package name and type-only imports pass', () => {
    // The miniature's workspace packages are linked into node_modules, as npm install links the
    // repository's, so that an import by package name resolves as it does here.
    const miniature = mkdtempSync(path.join(tmpdir(), 'fsc-import-rules-'));
    let result: Result;
    try {
      cpSync(path.join(ROOT, 'tests/data/import-rules'), miniature, {recursive: true});
      mkdirSync(path.join(miniature, 'node_modules/@fsc-docs'), {recursive: true});
      for (const name of ['search', 'doc-source'])
        symlinkSync(`../../packages/${name}`, path.join(miniature, 'node_modules/@fsc-docs', name));
      result = cruise(miniature, [
        'config',
        'src',
        'plugins',
        'packages',
        'support',
        'tests',
        'bench',
      ]);
    } finally {
      rmSync(miniature, {recursive: true, force: true});
    }
    expect(rows(result)).toEqual(
      [
        'browser-search-not-build-code: packages/search/src/usesBuildCode.ts -> packages/search/src/build/extractRecords.ts',
        'browser-search-no-node: packages/search/src/usesNode.ts -> fs',
        'configuration-reads-the-environment: config/usesPlugin.ts -> plugins/no-symlinks/index.ts',
        'build-side-only-index-format: packages/search/src/build/usesEngine.ts -> packages/search/src/engine.ts',
        'build-imports-no-tools: packages/search/src/build/usesEvaluation.ts -> packages/search/src/evaluation/searchEvaluation.ts',
        'pages-know-nothing-of-search: src/pages/usesSearch.tsx -> packages/search/src/algoliaClient.ts',
        'tests-and-bench-share-support: tests/e2e/usesBench.ts -> bench/figures.mjs',
        'mcp-server-takes-only-search-code: packages/fsc-docs-mcp/src/usesBuildCode.ts -> packages/search/src/build/extractRecords.ts',
        'site-does-not-import-the-mcp-server: src/theme/usesPackage.ts -> packages/fsc-docs-mcp/src/server.ts',
        'search-reached-by-name: src/theme/SearchBar/usesSearchByPath.ts -> packages/search/src/algoliaClient.ts',
        'doc-source-reached-by-name: plugins/agent-docs/usesDocSourceByPath.ts -> packages/doc-source/src/compileDocSource.ts',
        'search-imports-nothing-of-the-site: packages/search/src/build/usesSite.ts -> config/search.ts',
        'doc-source-imports-nothing-of-ours: packages/doc-source/src/usesSearch.ts -> packages/search/src/engine.ts',
        'no-circular: support/first.mjs -> support/second.mjs',
      ].sort(),
    );
  });
});
