// The import rules of ARCHITECTURE.md, checked by dependency-cruiser with the rules in
// .dependency-cruiser.cjs: the repository has no violation, and each rule fails where
// tests/data/import-rules seeds a forbidden import (so a rule that stopped matching is noticed).
import {spawnSync} from 'node:child_process';
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
  });

  it('each fail on the import seeded against it, and type-only imports pass', () => {
    const result = cruise(path.join(ROOT, 'tests/data/import-rules'), [
      'config',
      'src',
      'plugins',
      'packages',
      'support',
      'tests',
      'bench',
    ]);
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
        'site-does-not-import-packages: src/theme/usesPackage.ts -> packages/fsc-docs-mcp/src/server.ts',
        'no-circular: support/first.mjs -> support/second.mjs',
      ].sort(),
    );
  });
});
