/**
 * Docusaurus plugin: no symbolic link under the static directories or the docs.
 *
 * The build copies static files and bundles the docs' files by following links, so a link to
 * `../../.git/config` or `/etc/hostname` would publish the file it points to. Nothing the site
 * publishes needs a link: any link fails the build, and the development server's content load,
 * naming it. The check runs in `loadContent`, which both `docusaurus build` and `start` run.
 *
 * Options: `dirs`, the content folders to check besides the site's static directories.
 */
import {lstat, readdir, readlink} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export interface NoSymlinksOptions {
  /** Folders relative to the site (the docs), checked with `siteConfig.staticDirectories`. */
  dirs: string[];
}

/** Every symbolic link in these folders (a folder that does not exist has none), as `link -> target`. */
export async function symlinksIn(siteDir: string, dirs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const note = async (file: string) =>
    found.push(`${path.relative(siteDir, file)} -> ${await readlink(file)}`);
  for (const dir of dirs) {
    const root = path.resolve(siteDir, dir);
    const stats = await lstat(root).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!stats) continue;
    if (stats.isSymbolicLink()) {
      await note(root);
      continue;
    }
    // A recursive listing does not descend into linked folders: the link itself is reported.
    for (const entry of await readdir(root, {recursive: true, withFileTypes: true})) {
      if (entry.isSymbolicLink()) await note(path.join(entry.parentPath, entry.name));
    }
  }
  return found.sort();
}

export default function pluginNoSymlinks(context: LoadContext, options: NoSymlinksOptions): Plugin {
  const dirs = [...options.dirs, ...context.siteConfig.staticDirectories];
  return {
    name: 'fsc-no-symlinks',
    async loadContent() {
      const links = await symlinksIn(context.siteDir, dirs);
      if (links.length === 0) return;
      throw new Error(
        `[no-symlinks] The site would publish the files these symbolic links point to; ` +
          `replace each link with the file itself:\n${links.map((link) => `  ${link}`).join('\n')}`,
      );
    },
  };
}
