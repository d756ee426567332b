import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT} from './support/site';

/**
 * Section 5 of the specification: a broken navbar configuration fails the build with an error that
 * names the fault. Each case builds a one-page site with the same Docusaurus and theme as ours, in
 * a temporary folder outside the repository, with one navbar item that is wrong.
 */
let siteDir: string;

const SIDEBARS = `module.exports = {
  docs: ['intro'],
  linksOnly: [{type: 'link', label: 'Elsewhere', href: 'https://example.org'}],
};`;

function writeSite(navbarItem: object): void {
  const config = {
    title: 'Validation test',
    url: 'https://example.org',
    baseUrl: '/',
    future: {v4: true, experimental_faster: true},
    presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: './sidebars.js'}, blog: false}]],
    themeConfig: {navbar: {items: [navbarItem]}},
  };
  fs.writeFileSync(
    path.join(siteDir, 'docusaurus.config.js'),
    `module.exports = ${JSON.stringify(config, null, 2)};\n`,
  );
}

function build(): {status: number | null; output: string} {
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/docusaurus'),
    ['build', '--no-minify'],
    {
      cwd: siteDir,
      encoding: 'utf8',
      timeout: 120_000,
      env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    },
  );
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

beforeAll(() => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-config-validation-'));
  fs.mkdirSync(path.join(siteDir, 'docs'));
  fs.writeFileSync(
    path.join(siteDir, 'docs/intro.md'),
    '---\ntitle: Intro\nslug: /\n---\n\nOne page.\n',
  );
  fs.writeFileSync(path.join(siteDir, 'sidebars.js'), SIDEBARS);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(siteDir, 'node_modules'));
});

afterAll(() => {
  fs.rmSync(siteDir, {recursive: true, force: true});
});

describe('a broken navbar configuration fails the build and names the fault', () => {
  it('builds when the configuration is right (so the failures below are the faults)', () => {
    writeSite({type: 'docSidebar', sidebarId: 'docs', label: 'Docs'});
    const result = build();
    expect(result.output).toContain('Generated static files');
    expect(result.status).toBe(0);
  }, 180_000);

  it.each([
    [
      'an unknown docs version in the version dropdown',
      {type: 'docsVersionDropdown', versions: ['v9']},
      /version exist for name 'v9'[\s\S]*Available version names:?[\s\S]*current/i,
    ],
    [
      'a doc-sidebar item whose sidebar has nothing to link to',
      {type: 'docSidebar', sidebarId: 'linksOnly'},
      /linksOnly[\s\S]*(doesn't have anything to be linked to|has no doc)/i,
    ],
    [
      'a missing sidebar id',
      {type: 'docSidebar', sidebarId: 'nope'},
      /nope[\s\S]*Available sidebar ids are:?[\s\S]*docs/i,
    ],
    [
      'a missing doc id',
      {type: 'doc', docId: 'nope'},
      /nope[\s\S]*Available doc ids are:?[\s\S]*intro/i,
    ],
    ['an unknown navbar item type', {type: 'nonsense', label: 'Broken item'}, /nonsense/],
  ])(
    '%s',
    (_, navbarItem, message) => {
      writeSite(navbarItem);
      const result = build();
      expect(result.status).not.toBe(0);
      expect(result.output).toMatch(message);
    },
    180_000,
  );
});
