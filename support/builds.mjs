// @ts-check
// The builds the tests and benchmarks read, where they are, how each is made, and whether one on
// disk is still current. A test asks for the build it reads (`await builtSite('published')` in its
// `beforeAll`), so `npx vitest run <file>` makes what that file needs; bench/pages.mjs uses
// ensureBuild for its A/B.
//
// - published: the site as it is deployed (no test settings, whatever the caller's shell holds).
// - variant: what the published site leaves off, turned on so browser tests can prove it: an
//   announcement bar, hosted search against a local double on ALGOLIA_DOUBLE_PORT, a route that
//   crashes on purpose.
// - unpatched: the published site without its performance patches (plugins/dependency-patches),
//   or without the patches `patchesOff` names: the B of bench:pages's A/B.
//
// A build is current when it was made from the same sources (a hash of every file it reads) with
// the same settings; its stamp lives in node_modules/.cache, outside what the server serves. One
// build runs at a time, across processes (a lock file there), so test files that start together
// wait for the one build rather than make it twice.
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = path.join(REPO_ROOT, 'build');
const VARIANT_BUILD_DIR = path.join(REPO_ROOT, 'build-variant');
export const UNPATCHED_BUILD_DIR = path.join(REPO_ROOT, 'build-unpatched');

const STAMP_DIR = path.join(REPO_ROOT, 'node_modules/.cache/fsc-test-builds');

/** The site's own sources: what `docusaurus build` and `docusaurus start` read from the repository. */
export const SITE_SOURCES = [
  'docs',
  'src',
  'static',
  'plugins',
  'config',
  'i18n',
  // The search package's code and the data the build writes into the index, and the doc-source
  // package both it and the agent-docs plugin compile Markdown with.
  'packages/doc-source/src',
  'packages/search/src',
  'packages/search/data/synonyms.json',
  'packages/search/data/best-bets.json',
  'docusaurus.config.ts',
  'sidebars.ts',
];

/**
 * What a test build reads besides node_modules: the site's sources, the lockfile (standing for
 * node_modules), the judged queries and the writers' phrasings (the query-to-page prior learns from
 * the train sets and them) and the test variant's route plugin.
 */
const BUILD_SOURCES = [
  ...SITE_SOURCES,
  'packages/search/data/search-queries.tsv',
  'packages/search/data/phrasings.json',
  'package-lock.json',
  'tests/e2e/support/test-routes-plugin.ts',
  'tests/e2e/support/CrashOnRender.tsx',
];

/** @typedef {'published' | 'variant' | 'unpatched'} BuildName */

/** The environment variables the site configuration reads (README, Configuration; packages/search/README.md). */
const CONFIG_VARIABLE =
  /^(SITE_URL|ALGOLIA_|SEARCH_|SECURITY_CONTACT$|ANNOUNCEMENT_|FSC_TEST_ROUTES$|FSC_PATCHES_OFF$)/;

/**
 * The port on 127.0.0.1 where the variant's pages look for hosted search: fixed, so that the
 * variant is built once and any test run can start the double there.
 */
export const ALGOLIA_DOUBLE_PORT = 47_801;

/** @returns {Record<string, string>} */
function variantEnv() {
  return {
    FSC_TEST_ROUTES: 'true',
    ANNOUNCEMENT_ID: 'test-announcement-1',
    ANNOUNCEMENT_CONTENT:
      'FSC test announcement: <a href="/support/release-strategy">read the release strategy</a>',
    ANNOUNCEMENT_BACKGROUND_COLOR: '#1d4ed8',
    ANNOUNCEMENT_TEXT_COLOR: '#ffffff',
    ANNOUNCEMENT_CLOSEABLE: 'true',
    ALGOLIA_APP_ID: 'TESTAPP',
    ALGOLIA_SEARCH_API_KEY: 'test-search-key',
    ALGOLIA_HOSTS: `http://127.0.0.1:${ALGOLIA_DOUBLE_PORT}`,
    SEARCH_MISSING_RESULTS_URL: 'https://example.org/report?q={query}',
  };
}

/** The published build must not pick up search credentials or test settings from the caller's shell. */
const PUBLISHED_ENV = {
  ALGOLIA_APP_ID: '',
  ALGOLIA_SEARCH_API_KEY: '',
  ANNOUNCEMENT_CONTENT: '',
  FSC_TEST_ROUTES: '',
  FSC_PATCHES_OFF: '',
};

/**
 * How each build is made: its directory and its settings (`patchesOff`: what the unpatched build
 * leaves out).
 * @type {Record<BuildName, {dir: string, env: (patchesOff: string) => Record<string, string>}>}
 */
const BUILDS = {
  published: {dir: BUILD_DIR, env: () => PUBLISHED_ENV},
  variant: {dir: VARIANT_BUILD_DIR, env: variantEnv},
  // Rspack's persistent cache is keyed by neither aliases nor loader options: this build must
  // neither read the patched builds' cache nor write its unpatched modules into it.
  unpatched: {
    dir: UNPATCHED_BUILD_DIR,
    env: (patchesOff) => ({
      ...PUBLISHED_ENV,
      FSC_PATCHES_OFF: patchesOff,
      DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
    }),
  },
};

/**
 * @param {string} entry a file or directory, relative to the repository
 * @returns {string[]} the files, relative to the repository
 */
function filesUnder(entry) {
  const full = path.join(REPO_ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, {recursive: true, withFileTypes: true})
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(REPO_ROOT, path.join(dirent.parentPath, dirent.name)));
}

/** A hash of every file a build reads, names and contents. */
export function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of BUILD_SOURCES.flatMap(filesUnder).sort()) {
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(REPO_ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * @param {BuildName} name
 * @returns {{sources: string, settings: string} | null} what the build on disk was made from
 */
function readStamp(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(STAMP_DIR, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** How long a build may wait for another process's build to finish. */
const LOCK_WAIT_MS = 15 * 60_000;
const LOCK_FILE = path.join(STAMP_DIR, 'build.lock');

/** Whether the process that wrote the lock is gone (killed mid-build): then the lock is stale. */
function lockIsStale() {
  const pid = Number(fs.readFileSync(LOCK_FILE, 'utf8'));
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * Runs `work` while this process holds the build lock.
 * @template T @param {() => Promise<T>} work @returns {Promise<T>}
 */
async function withBuildLock(work) {
  fs.mkdirSync(STAMP_DIR, {recursive: true});
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(LOCK_FILE, String(process.pid), {flag: 'wx'});
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    if (lockIsStale()) fs.rmSync(LOCK_FILE, {force: true});
    else if (Date.now() > deadline) throw new Error(`another build held ${LOCK_FILE} too long`);
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK_FILE, {force: true});
  }
}

/**
 * Builds `name` unless the build on disk came from the same sources and settings.
 * @param {BuildName} name
 * @param {string} sources `sourcesHash()`
 * @param {{toStderr?: boolean, patchesOff?: string}} [options] toStderr: the build's output on stderr
 *   (a benchmark's stdout holds only figures; a test's output stays readable); patchesOff:
 *   FSC_PATCHES_OFF of the unpatched build
 * @returns {Promise<string>} the build's directory
 */
export async function ensureBuild(
  name,
  sources,
  {toStderr = false, patchesOff = 'performance'} = {},
) {
  const log = toStderr ? console.error : console.log;
  const {dir} = BUILDS[name];
  const env = BUILDS[name].env(patchesOff);
  // What the configuration reads (config/), as the build will see it: the caller's shell included.
  const settings = JSON.stringify(
    Object.entries({...process.env, ...env})
      .filter(([key]) => CONFIG_VARIABLE.test(key))
      .sort(),
  );
  const current = () => {
    const stamp = readStamp(name);
    const isCurrent =
      stamp !== null &&
      stamp.sources === sources &&
      stamp.settings === settings &&
      fs.existsSync(path.join(dir, 'index.html'));
    if (isCurrent)
      log(`\n> the ${name} build in ${path.relative(REPO_ROOT, dir)}/ is current: not built again`);
    return isCurrent;
  };
  // A current build is read without the lock, which another process may hold to make another
  // build: `npm test` starts the browser tests while the variant is still being made, and the files
  // that read the published build need not wait for it. (The stamp is written only once a build is
  // whole, and removed before the next one starts.)
  if (current()) return dir;
  return withBuildLock(async () => {
    if (current()) return dir;
    const args = ['docusaurus', 'build', '--out-dir', path.relative(REPO_ROOT, dir)];
    log(`\n> npx ${args.join(' ')}  (${name})`);
    fs.rmSync(path.join(STAMP_DIR, `${name}.json`), {force: true});
    /** @type {import('node:child_process').StdioOptions} */
    const stdio = toStderr ? ['ignore', 2, 2] : 'inherit';
    const result = spawnSync('npx', args, {cwd: REPO_ROOT, stdio, env: {...process.env, ...env}});
    if (result.status !== 0)
      throw new Error(`the ${name} build failed (exit ${result.status ?? result.signal})`);
    fs.writeFileSync(path.join(STAMP_DIR, `${name}.json`), JSON.stringify({sources, settings}));
    return dir;
  });
}

/**
 * The build a test reads, made first if it is missing or stale: call it in `beforeAll` (with a
 * timeout long enough for a build).
 * @param {'published' | 'variant'} name
 * @returns {Promise<string>} its directory
 */
export function builtSite(name) {
  return ensureBuild(name, sourcesHash(), {toStderr: true});
}
