// Every test in one command: check the formatting (Prettier) and lint (ESLint), type-check, run the unit tier (no build: a fast failure is fast), make
// the two builds the other tiers read (support/builds.mjs: the site as published, and a test
// variant), then run the site checks and the browser tests.
//
// `npm test -- <files>` runs only those files, and makes only the builds they read. Either way a
// build is made only when its sources or settings changed since the one on disk.
import {spawnSync} from 'node:child_process';
import {buildsReadBy, ensureBuild, sourcesHash} from '../support/builds.mjs';

function run(command, args, extraEnv = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {stdio: 'inherit', env: {...process.env, ...extraEnv}});
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

const files = process.argv.slice(2);
const builds =
  files.length === 0 ? ['published', 'variant'] : [...new Set(files.flatMap(buildsReadBy))];

run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('npx', ['eslint', '--max-warnings', '0', '.']);
run('npx', ['tsc', '--noEmit']);
if (files.length === 0) run('npx', ['vitest', 'run', '--project', 'unit']);

const env = {};
if (builds.length > 0) {
  const sources = sourcesHash();
  for (const name of builds) {
    try {
      const {algoliaPort} = await ensureBuild(name, sources);
      // The hosted-search tests answer as Algolia on the port the variant was built with.
      if (algoliaPort !== null) env.FSC_TEST_ALGOLIA_PORT = String(algoliaPort);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
}
const tiers = files.length === 0 ? ['--project', 'site', '--project', 'e2e'] : [];
run('npx', ['vitest', 'run', ...tiers, ...files], env);
