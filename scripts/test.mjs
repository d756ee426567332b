// Every test in one command: type-check, run the unit tier (no build: a fast failure is fast), build
// the site as published, build a test variant, then run the tiers that need the builds (site checks
// and browser tests). The variant turns on what the published site leaves off (announcement bar,
// hosted search against a local double, a route that crashes on purpose) so the browser tests can
// prove those behaviours without touching the published build.
//
// `npm test -- <files>` runs only those files; when they are all unit tests, nothing is built.
import {spawnSync} from 'node:child_process';
import {freePort} from '../support/servers.mjs';

function run(command, args, extraEnv = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {stdio: 'inherit', env: {...process.env, ...extraEnv}});
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

// The published build must not pick up search credentials from the caller's shell.
const publishedEnv = {ALGOLIA_APP_ID: '', ALGOLIA_SEARCH_API_KEY: '', ANNOUNCEMENT_CONTENT: '', FSC_TEST_ROUTES: ''};
const algoliaDoublePort = await freePort();
const variantEnv = {
  FSC_TEST_ROUTES: 'true',
  ANNOUNCEMENT_ID: 'test-announcement-1',
  ANNOUNCEMENT_CONTENT: 'FSC test announcement: <a href="/support/release-strategy">read the release strategy</a>',
  ANNOUNCEMENT_BACKGROUND_COLOR: '#1d4ed8',
  ANNOUNCEMENT_TEXT_COLOR: '#ffffff',
  ANNOUNCEMENT_CLOSEABLE: 'true',
  ALGOLIA_APP_ID: 'TESTAPP',
  ALGOLIA_SEARCH_API_KEY: 'test-search-key',
  ALGOLIA_HOSTS: `http://127.0.0.1:${algoliaDoublePort}`,
  SEARCH_MISSING_RESULTS_URL: 'https://example.org/report?q={query}',
};

const files = process.argv.slice(2);
const unitOnly = files.length > 0 && files.every((file) => file.replace(/^\.\//, '').startsWith('tests/unit/'));

run('npx', ['tsc', '--noEmit']);
if (files.length === 0) run('npx', ['vitest', 'run', '--project', 'unit']);
if (!unitOnly) {
  run('npx', ['docusaurus', 'build'], publishedEnv);
  run('npx', ['docusaurus', 'build', '--out-dir', 'build-variant'], variantEnv);
}
const tiers = files.length === 0 ? ['--project', 'site', '--project', 'e2e'] : [];
run('npx', ['vitest', 'run', ...tiers, ...files], {FSC_TEST_ALGOLIA_PORT: String(algoliaDoublePort)});
