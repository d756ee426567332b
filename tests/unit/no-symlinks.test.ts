// plugins/no-symlinks: a symbolic link under static/ or docs/ fails the build naming it, because
// the build would publish the file it points to (issue 36, F2).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';
import {symlinksIn} from '../../plugins/no-symlinks';

let site: string;
beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-symlinks-'));
  for (const dir of ['static/img', 'docs/guide', 'outside']) {
    fs.mkdirSync(path.join(site, dir), {recursive: true});
  }
  fs.writeFileSync(path.join(site, 'static/img/logo.svg'), '<svg/>');
  fs.writeFileSync(path.join(site, 'docs/guide/page.md'), '# Page');
  fs.writeFileSync(path.join(site, 'outside/config'), '[core]');
});
afterEach(() => fs.rmSync(site, {recursive: true, force: true}));

const link = (target: string, at: string) => fs.symlinkSync(target, path.join(site, at));

describe('symlinksIn', () => {
  it('finds no link among plain files and folders, nor in a folder that does not exist', async () => {
    expect(await symlinksIn(site, ['static', 'docs', 'missing'])).toEqual([]);
  });

  it('names every link to a file or folder, at any depth, with its target', async () => {
    link('../../outside/config', 'static/config');
    link('/etc/hostname', 'static/img/hostname');
    link('../../outside', 'docs/guide/more');
    expect(await symlinksIn(site, ['static', 'docs'])).toEqual([
      `docs${path.sep}guide${path.sep}more -> ../../outside`,
      `static${path.sep}config -> ../../outside/config`,
      `static${path.sep}img${path.sep}hostname -> /etc/hostname`,
    ]);
  });

  it('names a checked folder that is itself a link', async () => {
    fs.rmSync(path.join(site, 'docs'), {recursive: true});
    link('outside', 'docs');
    expect(await symlinksIn(site, ['docs'])).toEqual(['docs -> outside']);
  });
});

describe("the site's configuration", () => {
  /** The plugin the site registers by this path, made as Docusaurus makes it for a site at `siteDir`. */
  async function registered(file: string, siteDir: string): Promise<Plugin> {
    const entry = (config.plugins ?? []).find(
      (plugin) => Array.isArray(plugin) && plugin[0] === file,
    ) as [string, unknown] | undefined;
    expect(entry, `docusaurus.config.ts registers ${file}`).toBeDefined();
    const {default: create} = (await import(path.resolve(__dirname, '../..', file))) as {
      default: (context: LoadContext, options: unknown) => Plugin;
    };
    const context = {siteDir, siteConfig: {staticDirectories: ['static']}} as LoadContext;
    return create(context, entry![1]);
  }

  it('registers the check, which fails the content load (build and start) on a link in static/ or docs/', async () => {
    const plugin = await registered('./plugins/no-symlinks/index.ts', site);
    await expect(plugin.loadContent!()).resolves.toBeUndefined();
    link('../../.git/config', 'static/img/config');
    link('/etc/hostname', 'docs/guide/hostname.md');
    await expect(plugin.loadContent!()).rejects.toThrow(
      [
        '[no-symlinks] The site would publish the files these symbolic links point to; ' +
          'replace each link with the file itself:',
        `  docs${path.sep}guide${path.sep}hostname.md -> /etc/hostname`,
        `  static${path.sep}img${path.sep}config -> ../../.git/config`,
      ].join('\n'),
    );
  });
});
