/**
 * The theme components this site ejected (src/theme/ejected.json) against the Docusaurus themes
 * installed: an upgrade that changes an upstream file fails here, and `npm run diff:ejected` then
 * shows what to carry over. Every swizzled component (ejected or wrapper) says first what it
 * changes and why.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ejectedFiles, installedUpstream, readManifest} from '../../support/ejectedTheme.mjs';

const THEME_DIR = new URL('../../src/theme/', import.meta.url).pathname;
const THEMES = ['@docusaurus/theme-classic', '@docusaurus/theme-search-algolia'];

/** Every component file under src/theme, relative to it. */
const themeFiles = fs
  .readdirSync(THEME_DIR, {recursive: true, encoding: 'utf8'})
  .filter((file) => /\.(tsx|ts|css)$/.test(file))
  .sort();
const isWrapper = (file: string) =>
  fs.readFileSync(path.join(THEME_DIR, file), 'utf8').includes("from '@theme-original/");
/** The theme that ships a file of the same path, if any. */
const upstreamOf = (file: string) =>
  THEMES.map((theme) => `${theme}/src/theme/${file}`).find((upstream) =>
    fs.existsSync(installedUpstream(upstream).file),
  );

describe('ejected theme components', () => {
  it('lists every theme file that is a copy of an upstream one, and no wrapper', () => {
    const copies = themeFiles.filter((file) => !isWrapper(file) && upstreamOf(file));
    expect(Object.keys(readManifest()).sort()).toEqual(copies);
    for (const [file, {upstream}] of Object.entries(readManifest()))
      expect(upstream).toBe(upstreamOf(file));
  });

  it('were ejected from the upstream files installed now (after an upgrade: npm run diff:ejected)', () => {
    const changed = ejectedFiles()
      .filter((file) => file.upstreamChanged)
      .map(
        (file) =>
          `${file.localName}: ${file.upstream} changed since ${file.version} (installed ${file.installedVersion})`,
      );
    expect(
      changed,
      'run `npm run diff:ejected`, carry over what moved, then `npm run diff:ejected -- --accept`',
    ).toEqual([]);
  });

  it('notices an upstream change', () => {
    const [first] = Object.entries(readManifest());
    const [file, entry] = first!;
    const [changed] = ejectedFiles({[file]: {...entry, sha256: '0'.repeat(64)}});
    expect(changed).toMatchObject({
      localName: `src/theme/${file}`,
      upstreamChanged: true,
      upstreamMissing: false,
    });
    const [gone] = ejectedFiles({
      [file]: {...entry, upstream: `${THEMES[0]}/src/theme/Gone/index.tsx`},
    });
    expect(gone).toMatchObject({upstreamChanged: true, upstreamMissing: true});
  });

  it('diff:ejected prints each ejected file against its installed upstream', () => {
    const result = spawnSync('node', ['scripts/diff-ejected.mjs'], {
      encoding: 'utf8',
      cwd: new URL('../..', import.meta.url).pathname,
    });
    expect(result.status).toBe(0);
    for (const file of Object.keys(readManifest())) {
      expect(result.stdout).toContain(`=== src/theme/${file}  <-  `);
    }
    // Our change to the search page's client shows as a change against upstream.
    expect(result.stdout).toContain('\n-  const algoliaClient = liteClient(appId, apiKey);\n');
    expect(result.stdout).toContain(
      '\n+  const algoliaClient = getSharedClient(searchConfig, siteConfig.url);\n',
    );
    expect(result.stdout).toMatch(/7 ejected files; 0 with an upstream change/);
  });

  it("keep upstream's licence notice and say first what differs and why", () => {
    for (const file of Object.keys(readManifest())) {
      const text = fs.readFileSync(path.join(THEME_DIR, file), 'utf8');
      expect(
        text.startsWith('/**\n * Copyright (c) Facebook, Inc. and its affiliates.'),
        file,
      ).toBe(true);
      expect(text, file).toMatch(
        /^\/\*\*\n \* Copyright[^]*?\*\/\n\n\/\*\*?\n \* Ejected from @docusaurus\/theme-[a-z-]+ \d+\.\d+\.\d+ [^]*?What differs, and why:\n \* \S/,
      );
    }
  });
});
