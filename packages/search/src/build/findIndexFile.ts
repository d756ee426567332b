/** Finds the search index file in a build directory (no HTML parsing here). */
import {existsSync} from 'node:fs';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {INDEX_META_NAME} from '../indexFileFormat';

export const INDEX_FILE_PATTERN = /^search-index\.[0-9a-f]{8}\.json$/;

/** The index file of a build: the one the home page's meta tag names, else the only one. */
export async function findIndexFile(buildDir: string): Promise<string> {
  if (!existsSync(buildDir))
    throw new Error(`build directory ${buildDir} does not exist: run the build first`);
  const home = path.join(buildDir, 'index.html');
  if (existsSync(home)) {
    const m = new RegExp(`<meta name="${INDEX_META_NAME}" content="([^"]*)">`).exec(
      await readFile(home, 'utf8'),
    );
    const name = m?.[1]?.split('/').pop();
    if (name && existsSync(path.join(buildDir, name))) return path.join(buildDir, name);
  }
  const found = (await readdir(buildDir)).filter((n) => INDEX_FILE_PATTERN.test(n));
  if (found.length === 1 && found[0]) return path.join(buildDir, found[0]);
  if (found.length === 0)
    throw new Error(`no search-index.*.json in ${buildDir}: run the build first`);
  throw new Error(
    `several search-index.*.json files in ${buildDir} (${found.join(', ')}): rebuild`,
  );
}
