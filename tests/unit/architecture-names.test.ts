// ARCHITECTURE.md names the repository's files and folders in backticks; after a rename or a move
// every such name must still be there, so that the map a maintainer reads matches the code.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** Folders that are not sources: installed packages, builds, caches, and the import rules' miniature copy of the layout. */
const SKIPPED = new Set(['node_modules', '.git', '.docusaurus', 'tests/data/import-rules']);

/** Every file and folder of the repository, relative to its root. */
function repositoryPaths(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (!entry.isDirectory()) return [relative];
    if (
      SKIPPED.has(entry.name) ||
      SKIPPED.has(relative) ||
      (!dir && entry.name.startsWith('build'))
    )
      return [];
    return [relative, ...repositoryPaths(relative)];
  });
}

/**
 * The backticked names that look like repository paths: with a folder (`packages/search/src/`) or a
 * source file's extension (`engine.ts`). Not routes (`/search`), package names
 * (`@fsc-docs/search/build`), commands, patterns (`search-index.<hash>.json`), files outside the
 * repository (`../…`), or what the build writes (`llms.txt`).
 */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
  return [
    ...new Set(
      spans.filter(
        (span) =>
          !/[\s:<>*]/.test(span) &&
          !span.startsWith('/') &&
          !span.startsWith('@') &&
          !span.startsWith('../') &&
          (span.includes('/') || /\.(ts|tsx|mjs|cjs|js|json|md|css)$/.test(span)),
      ),
    ),
  ];
}

/**
 * Whether a name is a repository path: from the root (`packages/search/src/`), or the end of one, as the
 * table names files inside the folder of its row (`engine.ts`, `DocItem/Content`).
 */
function exists(name: string, paths: readonly string[]): boolean {
  const bare = name.replace(/\/$/, '');
  return paths.some((p) => p === bare || p.endsWith(`/${bare}`));
}

describe('ARCHITECTURE.md', () => {
  const names = namedPaths(fs.readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8'));

  it('names only files and folders that exist', () => {
    const paths = repositoryPaths();
    expect(names.filter((name) => !exists(name, paths))).toEqual([]);
  });

  it('is read for its names (the check above has something to check)', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'packages/search/src/',
        'engine.ts',
        'DocItem/Content',
        '.dependency-cruiser.cjs',
      ]),
    );
    expect(names).not.toContain('/search');
    expect(names.filter((name) => name.startsWith('../'))).toEqual([]);
    expect(names).not.toContain('llms.txt');
  });
});
