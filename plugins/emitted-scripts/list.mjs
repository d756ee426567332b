// @ts-check
// The scripts a build's bundler emitted, as plugins/emitted-scripts records them in the build for
// deploy/csp.mjs (plain JavaScript, so that deploy/csp.mjs can run it with node).
//
// plugins/emitted-scripts writes the list into every build from the bundler's client manifest (the
// list Docusaurus itself takes each page's scripts from). A page may load a script by `src` only
// when it is on this list or on the reviewed list: a file that static/ or a doc brought into the
// build is not a bundle, however it is named.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the list is, relative to the build: a dot folder, which nginx does not serve
 * (deploy/nginx/nginx.conf.template), and a name that static/ cannot provide, since the plugin
 * writes it after the static files are copied.
 */
export const EMITTED_SCRIPTS_FILE = '.fsc-build/emitted-scripts.json';

/**
 * The site paths (`/assets/js/main.1a2b3c4d.js`) of the build's own scripts.
 * @param {string} buildDir
 * @returns {Set<string>}
 */
export function readEmittedScripts(buildDir) {
  const file = path.join(buildDir, EMITTED_SCRIPTS_FILE);
  let list;
  try {
    list = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${buildDir} has no readable list of the scripts its bundler emitted (${EMITTED_SCRIPTS_FILE}, written by plugins/emitted-scripts): build it with this repository's docusaurus.config.ts. ${error instanceof Error ? error.message : error}`,
    );
  }
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    !list.every((entry) => typeof entry === 'string' && /^\/[^/\\]/.test(entry))
  ) {
    throw new Error(`${file} must be a list of the site paths of the build's scripts`);
  }
  return new Set(list);
}
