// The builds the tests and benchmarks read, where they are, how each is made, which a test file
// needs, and whether one on disk is still current. Used by scripts/test.mjs (`npm test`), the tests
// and bench/pages.mjs.
//
// - published: the site as it is deployed (no test settings, whatever the caller's shell holds).
// - variant: what the published site leaves off, turned on so browser tests can prove it: an
//   announcement bar, hosted search against a local double on `port`, a route that crashes on purpose.
// - unpatched: the published site without its performance patches (plugins/dependency-patches),
//   or without the patches `patchesOff` names: the B of bench:pages's A/B.
//
// A build is current when it was made from the same sources (a hash of every file it reads) with
// the same settings; its stamp lives in node_modules/.cache, outside what the server serves.
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort} from './servers.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = path.join(REPO_ROOT, 'build');
export const VARIANT_BUILD_DIR = path.join(REPO_ROOT, 'build-variant');
export const UNPATCHED_BUILD_DIR = path.join(REPO_ROOT, 'build-unpatched');

const STAMP_DIR = path.join(REPO_ROOT, 'node_modules/.cache/fsc-test-builds');

/** What a build reads besides node_modules (the lockfile stands for node_modules). */
const BUILD_SOURCES = [
  'docs',
  'src',
  'static',
  'plugins',
  'config',
  'i18n',
  'docusaurus.config.ts',
  'sidebars.ts',
  'package-lock.json',
  'tests/e2e/support/test-routes-plugin.ts',
  'tests/e2e/support/CrashOnRender.tsx',
];

/** @typedef {'published' | 'variant' | 'unpatched'} BuildName */

/** The environment variables the site configuration reads (README, Configuration). */
const CONFIG_VARIABLE =
  /^(SITE_URL|ALGOLIA_|SEARCH_|ANNOUNCEMENT_|FSC_TEST_ROUTES$|FSC_PATCHES_OFF$)/;

/** @param {number} algoliaPort @returns {Record<string, string>} */
function variantEnv(algoliaPort) {
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
    ALGOLIA_HOSTS: `http://127.0.0.1:${algoliaPort}`,
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

/** How each build is made: its directory and its settings (the variant's name the search double's port). */
const BUILDS = {
  published: {dir: BUILD_DIR, env: () => PUBLISHED_ENV},
  variant: {dir: VARIANT_BUILD_DIR, env: variantEnv},
  // Rspack's persistent cache is keyed by neither aliases nor loader options: this build must
  // neither read the patched builds' cache nor write its unpatched modules into it.
  unpatched: {
    dir: UNPATCHED_BUILD_DIR,
    env: (_port, patchesOff) => ({
      ...PUBLISHED_ENV,
      FSC_PATCHES_OFF: patchesOff,
      DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
    }),
  },
};

/**
 * The builds a test file reads, from the names it uses for them (tests/e2e/support/site.ts and
 * support/nginx.mjs export them): unit tests and tests that build their own site need none.
 * @param {string} file a test file, relative to the repository or absolute
 * @returns {BuildName[]}
 */
export function buildsReadBy(file) {
  const text = fs.readFileSync(path.resolve(REPO_ROOT, file), 'utf8');
  /** @type {BuildName[]} */
  const needed = [];
  if (/\b(BUILD_DIR|servingBuildDir)\b/.test(text.replaceAll('VARIANT_BUILD_DIR', '')))
    needed.push('published');
  if (/\bVARIANT_BUILD_DIR\b/.test(text)) needed.push('variant');
  return needed;
}

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

function readStamp(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(STAMP_DIR, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Builds `name` unless the build on disk came from the same sources and settings. The variant
 * names the search double's port in its pages: a current variant keeps the port it was built
 * with while that port is free, and a new one gets a free port.
 * @param {BuildName} name
 * @param {string} sources `sourcesHash()`
 * @param {{toStderr?: boolean, patchesOff?: string}} [options] toStderr: the build's output on stderr
 *   (a benchmark's stdout holds only figures); patchesOff: FSC_PATCHES_OFF of the unpatched build
 * @returns {Promise<{algoliaPort: number | null}>} the port the variant expects its double on
 */
export async function ensureBuild(
  name,
  sources,
  {toStderr = false, patchesOff = 'performance'} = {},
) {
  const log = toStderr ? console.error : console.log;
  const {dir} = BUILDS[name];
  const envOf = (/** @type {number} */ port) => BUILDS[name].env(port, patchesOff);
  const stamp = readStamp(name);
  // What the configuration reads (config/), as the build will see it: the caller's shell included.
  const settingsOf = (/** @type {number} */ port) =>
    JSON.stringify(
      Object.entries({...process.env, ...envOf(port)})
        .filter(([key]) => CONFIG_VARIABLE.test(key))
        .sort(),
    );
  const current =
    stamp !== null &&
    stamp.sources === sources &&
    stamp.settings === settingsOf(stamp.algoliaPort) &&
    fs.existsSync(path.join(dir, 'index.html')) &&
    (name !== 'variant' || (await portIsFree(stamp.algoliaPort)));
  if (current) {
    log(`\n> the ${name} build in ${path.relative(REPO_ROOT, dir)}/ is current: not built again`);
    return {algoliaPort: name === 'variant' ? stamp.algoliaPort : null};
  }
  const algoliaPort = name === 'variant' ? await freePort() : 0;
  const env = envOf(algoliaPort);
  const args = ['docusaurus', 'build', '--out-dir', path.relative(REPO_ROOT, dir)];
  log(`\n> npx ${args.join(' ')}  (${name})`);
  fs.rmSync(path.join(STAMP_DIR, `${name}.json`), {force: true});
  const stdio = toStderr ? ['ignore', 2, 2] : 'inherit';
  const result = spawnSync('npx', args, {cwd: REPO_ROOT, stdio, env: {...process.env, ...env}});
  if (result.status !== 0)
    throw new Error(`the ${name} build failed (exit ${result.status ?? result.signal})`);
  fs.mkdirSync(STAMP_DIR, {recursive: true});
  fs.writeFileSync(
    path.join(STAMP_DIR, `${name}.json`),
    JSON.stringify({sources, settings: settingsOf(algoliaPort), algoliaPort}),
  );
  return {algoliaPort: name === 'variant' ? algoliaPort : null};
}
