import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT} from './support/site';

/**
 * Section 5 of the specification: a broken navbar configuration fails the build with an error that
 * names the fault. The cases build a small site with the same Docusaurus and theme as ours, in a
 * temporary folder outside the repository.
 *
 * Most faults show only when the navbar is rendered, and a build stops at the first fault a page
 * renders. So that one build shows them all, each broken item carries `className: 'fault-<page>'`
 * and is rendered on that page only (the site's NavbarItem wrapper below): Docusaurus renders every
 * page and reports each page's error. The home page renders only the right item.
 */
let siteDir: string;

const SIDEBARS = `module.exports = {
  docs: ['intro'],
  linksOnly: [{type: 'link', label: 'Elsewhere', href: 'https://example.org'}],
};`;

const NAVBAR_ITEM_OF_ITS_PAGE = `import React from 'react';
import {useLocation} from '@docusaurus/router';
import NavbarItem from '@theme-original/NavbarItem';

export default function NavbarItemOfItsPage(props) {
  const {pathname} = useLocation();
  const page = /(?:^| )fault-(\\S+)/.exec(props.className ?? '')?.[1];
  return page === undefined || pathname === '/' + page ? React.createElement(NavbarItem, props) : null;
}
`;

const RIGHT_ITEM = {type: 'docSidebar', sidebarId: 'docs', label: 'Docs'};

/** The faults that show when the navbar is rendered: the page that renders each, and its error. */
const RENDER_FAULTS: [string, string, object, RegExp][] = [
  [
    'an unknown docs version in the version dropdown',
    'version-dropdown',
    {type: 'docsVersionDropdown', versions: ['v9']},
    /version exist for name 'v9'[\s\S]*Available version names:?[\s\S]*current/i,
  ],
  [
    'a doc-sidebar item whose sidebar has nothing to link to',
    'links-only-sidebar',
    {type: 'docSidebar', sidebarId: 'linksOnly'},
    /linksOnly[\s\S]*(doesn't have anything to be linked to|has no doc)/i,
  ],
  [
    'a missing sidebar id',
    'missing-sidebar',
    {type: 'docSidebar', sidebarId: 'nope'},
    /nope[\s\S]*Available sidebar ids are:?[\s\S]*docs/i,
  ],
  [
    'a missing doc id',
    'missing-doc',
    {type: 'doc', docId: 'nope'},
    /nope[\s\S]*Available doc ids are:?[\s\S]*intro/i,
  ],
];

/** Writes `file` (relative to the site) with a configuration whose navbar holds `items`. */
function writeConfig(file: string, items: object[]): void {
  const config = {
    title: 'Validation test',
    url: 'https://example.org',
    baseUrl: '/',
    future: {v4: true, experimental_faster: true},
    presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: './sidebars.js'}, blog: false}]],
    themeConfig: {navbar: {items}},
  };
  fs.writeFileSync(
    path.join(siteDir, file),
    `module.exports = ${JSON.stringify(config, null, 2)};\n`,
  );
}

function build(config: string): {status: number | null; output: string} {
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/docusaurus'),
    ['build', '--no-minify', '--config', config],
    {
      cwd: siteDir,
      encoding: 'utf8',
      timeout: 150_000,
      env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    },
  );
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

/** What the build printed about the page at `pathname`: its error and the causes below it. */
function errorOf(output: string, pathname: string): string {
  const marker = `Can't render static file for pathname "${pathname}"`;
  const start = output.indexOf(marker);
  if (start === -1) return '';
  const next = output.indexOf("Can't render static file for pathname", start + marker.length);
  return output.slice(start, next === -1 ? undefined : next);
}

let rendered: {status: number | null; output: string};

beforeAll(() => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-config-validation-'));
  fs.mkdirSync(path.join(siteDir, 'docs'));
  fs.writeFileSync(
    path.join(siteDir, 'docs/intro.md'),
    '---\ntitle: Intro\nslug: /\n---\n\nOne page.\n',
  );
  fs.writeFileSync(path.join(siteDir, 'sidebars.js'), SIDEBARS);
  fs.mkdirSync(path.join(siteDir, 'src/pages'), {recursive: true});
  for (const [, page] of RENDER_FAULTS) {
    fs.writeFileSync(
      path.join(siteDir, `src/pages/${page}.md`),
      `# ${page}\n\nThis page renders one broken navbar item.\n`,
    );
  }
  fs.mkdirSync(path.join(siteDir, 'src/theme/NavbarItem'), {recursive: true});
  fs.writeFileSync(path.join(siteDir, 'src/theme/NavbarItem/index.js'), NAVBAR_ITEM_OF_ITS_PAGE);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(siteDir, 'node_modules'));

  writeConfig('docusaurus.config.js', [
    RIGHT_ITEM,
    ...RENDER_FAULTS.map(([, page, item]) => ({...item, className: `fault-${page}`})),
  ]);
  rendered = build('docusaurus.config.js');
}, 180_000);

afterAll(() => {
  fs.rmSync(siteDir, {recursive: true, force: true});
});

describe('a broken navbar configuration fails the build and names the fault', () => {
  it('renders the page with only the right item (so the failures below are the faults)', () => {
    expect(rendered.status).not.toBe(0);
    expect(rendered.output).toMatch(
      new RegExp(`static site generation failed for ${RENDER_FAULTS.length} paths`),
    );
    expect(errorOf(rendered.output, '/')).toBe('');
  });

  it.each(RENDER_FAULTS)('%s', (_, page, __, message) => {
    expect(errorOf(rendered.output, `/${page}`)).toMatch(message);
  });

  // Checked when the configuration is loaded, before anything is rendered.
  it('an unknown navbar item type', () => {
    writeConfig('unknown-type.config.js', [RIGHT_ITEM, {type: 'nonsense', label: 'Broken item'}]);
    const result = build('unknown-type.config.js');
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/nonsense/);
  }, 60_000);
});
