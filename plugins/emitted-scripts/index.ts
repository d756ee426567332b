/**
 * Docusaurus plugin: records in the build which scripts its bundler emitted
 * (plugins/emitted-scripts/list.mjs), so that `deploy:csp` can tell them from any other file.
 *
 * The list is the JavaScript of the bundler's client manifest, the manifest Docusaurus reads to put
 * each page's scripts into its HTML; files copied from static/ are not in it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {EMITTED_SCRIPTS_FILE} from './list.mjs';

/** The part of react-loadable-ssr-addon's client manifest this plugin reads. */
type ClientManifest = {
  assets: Record<string, {js?: {publicPath: string}[]}>;
};

export default function pluginEmittedScripts(): Plugin {
  return {
    name: 'fsc-emitted-scripts',
    async postBuild({outDir, generatedFilesDir}) {
      const manifest = JSON.parse(
        await fs.readFile(path.join(generatedFilesDir, 'client-manifest.json'), 'utf8'),
      ) as ClientManifest;
      const scripts = new Set(
        Object.values(manifest.assets).flatMap((files) =>
          (files.js ?? []).map((file) => file.publicPath),
        ),
      );
      if (scripts.size === 0) {
        throw new Error('[emitted-scripts] the client manifest lists no script');
      }
      const file = path.join(outDir, EMITTED_SCRIPTS_FILE);
      await fs.mkdir(path.dirname(file), {recursive: true});
      await fs.writeFile(file, `${JSON.stringify([...scripts].sort(), null, 1)}\n`);
    },
  };
}
