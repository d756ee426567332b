// Commands that fetch and run a package by name (`npx`, `npm exec`, `pnpm dlx`, `yarn dlx`,
// `bunx`) run whatever the registry holds under that name when it is not installed, without a
// prompt when given `-y`. The docs may name only what `npm install` of this repository puts in
// node_modules/.bin (the bins of its declared dependencies and workspaces): a name the project does
// not control is a package anyone may publish (issue 36, F1).
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
/** Folders that hold no documentation of this repository (outputs, dependencies, caches). */
const SKIPPED = /^(node_modules|build(-.*)?|\.docusaurus|\.git|\.helpers|dist|test-results)$/;

/** Every Markdown file of the repository: READMEs, docs pages and the other notes. */
function markdownFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.test(entry.name) ? [] : markdownFiles(file);
    return /\.mdx?$/.test(entry.name) ? [file] : [];
  });
}

type PackageJson = {
  name?: string;
  bin?: string | Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;

const binsOf = (pkg: PackageJson) =>
  typeof pkg.bin === 'string' ? [pkg.name!.replace(/^@[^/]+\//, '')] : Object.keys(pkg.bin ?? {});

/** The package names and commands `npx` finds installed after `npm install` of this repository. */
function installedNames(): Set<string> {
  const root = readJson(path.join(ROOT, 'package.json'));
  const packages = [
    ...Object.keys({...root.dependencies, ...root.devDependencies}).map((name) =>
      readJson(path.join(ROOT, 'node_modules', name, 'package.json')),
    ),
    ...(root.workspaces ?? []).map((workspace) =>
      readJson(path.join(ROOT, workspace, 'package.json')),
    ),
  ];
  return new Set(packages.flatMap((pkg) => [pkg.name!, ...binsOf(pkg)]));
}

/** Options of these commands that take a value (the value is not the package). */
const VALUE_OPTIONS = new Set(['-c', '--call', '-w', '--workspace', '--prefix', '--cache']);

/** The package a command line asks for: `--package`/`-p`, else its first word that is no option. */
function packageOf(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^--package=(.+)$/.exec(arg);
    if (inline) return inline[1]!;
    if (arg === '-p' || arg === '--package') return args[i + 1] ?? null;
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (arg !== '--' && !arg.startsWith('-')) return arg;
  }
  return null;
}

/** A package's name without its version (`eslint@9` -> `eslint`, `@scope/x@1` -> `@scope/x`). */
const withoutVersion = (spec: string) => spec.replace(/(.)@.*$/, '$1');

const RUNNERS =
  /(?:^|[\s`"'(;&|])(npx|bunx|pnpx|npm\s+exec|npm\s+x|pnpm\s+dlx|yarn\s+dlx)\s+([^\n`|;&)]*)/g;

/** Every package a text tells readers to fetch and run: in commands and in MCP-style JSON. */
function packagesRun(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(RUNNERS)) {
    const name = packageOf(match[2]!.trim().split(/\s+/));
    if (name) found.push(name);
  }
  // {"command": "npx", "args": ["-y", "name"]}: an agent's configuration.
  const json = /"command"\s*:\s*"(npx|bunx|pnpx|npm|pnpm|yarn)"\s*,\s*"args"\s*:\s*\[([^\]]*)\]/g;
  for (const [, command, list] of text.matchAll(json)) {
    const args = [...list!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    const runs = ['npx', 'bunx', 'pnpx'].includes(command!)
      ? args
      : ['exec', 'x', 'dlx'].includes(args[0] ?? '')
        ? args.slice(1)
        : null;
    const name = runs && packageOf(runs);
    if (name) found.push(name);
  }
  return found.map(withoutVersion);
}

describe('commands that fetch a package by name', () => {
  it('finds the package in each form a reader may be told to run', () => {
    expect(
      packagesRun(
        [
          'npx -y some-tool --flag',
          '`npm exec --yes -- other-tool`',
          'pnpm dlx third@1.2.3 arg',
          'yarn dlx @scope/fourth',
          'bunx fifth',
          'npx --package=sixth run-it',
          '{"command": "npx", "args": ["-y", "seventh"]}',
          '{"command": "pnpm", "args": ["dlx", "eighth"]}',
          '{"command": "npm", "args": ["run", "mcp"]}',
        ].join('\n'),
      ),
    ).toEqual([
      'some-tool',
      'other-tool',
      'third',
      '@scope/fourth',
      'fifth',
      'sixth',
      'seventh',
      'eighth',
    ]);
  });

  it('are only of packages this repository installs, in every README and docs page', () => {
    const installed = installedNames();
    const strangers = markdownFiles().flatMap((file) =>
      packagesRun(fs.readFileSync(file, 'utf8'))
        .filter((name) => !installed.has(name))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(strangers).toEqual([]);
  });
});
