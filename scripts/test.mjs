// @ts-check
// Every test in one command: check the formatting (Prettier), lint (ESLint), find unused files,
// exports and dependencies (knip), type-check, run the unit tier and the search package's tests
// (no build: a fast failure is fast), then the site checks and the browser tests. Each of those
// asks for the build it reads (support/builds.mjs: `builtSite`), made only when its sources or
// settings changed since the one on disk.
//
// `npm test -- <files>` runs only those files (after the same checks), and so makes only the
// builds they read.
import {spawnSync} from 'node:child_process';

/**
 * Runs `command` with its output on this terminal; when it fails, exits with its status.
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {stdio: 'inherit'});
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

const files = process.argv.slice(2);

run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('npx', ['eslint', '--max-warnings', '0', '.']);
run('npx', ['knip']);
run('npx', ['tsc', '--noEmit']);
if (files.length === 0) run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'search']);
const tiers = files.length === 0 ? ['--project', 'site', '--project', 'e2e'] : [];
run('npx', ['vitest', 'run', ...tiers, ...files]);
