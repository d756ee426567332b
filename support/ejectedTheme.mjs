// @ts-check
// The theme components this site ejected (copied whole from a Docusaurus theme and changed), with
// the upstream file each came from and that file's hash at the time. An upgrade that changes an
// upstream file fails tests/unit/ejected-theme.test.ts; `npm run diff:ejected` then shows each
// ejected file against the installed upstream, so what moved upstream can be carried over.
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MANIFEST = path.join(REPO_ROOT, 'src/theme/ejected.json');

/**
 * @typedef {{upstream: string, version: string, sha256: string}} EjectedEntry
 *   upstream: `<package>/src/theme/…`; version: the package's version when the file was ejected
 *   or last brought up to date; sha256: of the upstream file at that version.
 */

/** @returns {Record<string, EjectedEntry>} ejected files (relative to src/theme) and their upstream */
export function readManifest() {
  return JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
}

/** @param {string} upstream @returns {string} its (scoped) package: `@docusaurus/theme-classic` */
const packageOf = (upstream) => upstream.split('/').slice(0, 2).join('/');

/**
 * The installed upstream file and its package's version (the themes are the site's own dependencies).
 * @param {string} upstream
 * @returns {{file: string, version: string}}
 */
export function installedUpstream(upstream) {
  const pkg = packageOf(upstream);
  const root = path.join(REPO_ROOT, 'node_modules', pkg);
  const file = path.join(root, upstream.slice(pkg.length + 1));
  const {version} = /** @type {{version: string}} */ (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  );
  return {file, version};
}

/** @param {string} file @returns {string} */
export const sha256 = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/**
 * Each ejected file with its installed upstream and whether that upstream changed since the
 * manifest recorded it.
 */
export function ejectedFiles(manifest = readManifest()) {
  return Object.entries(manifest).map(([local, entry]) => {
    const installed = installedUpstream(entry.upstream);
    const exists = fs.existsSync(installed.file);
    return {
      local: path.join(REPO_ROOT, 'src/theme', local),
      localName: `src/theme/${local}`,
      ...entry,
      installedFile: installed.file,
      installedVersion: installed.version,
      upstreamChanged: !exists || sha256(installed.file) !== entry.sha256,
      upstreamMissing: !exists,
    };
  });
}
