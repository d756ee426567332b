// @ts-check
// Every test in one command: check the formatting (Prettier), lint (ESLint), find unused files,
// exports and dependencies (knip), type-check, run the unit tier and the search package's tests
// (no build: a fast failure is fast), then the site checks and the browser tests. Each of those
// asks for the build it reads (support/builds.mjs: `builtSite`), made only when its sources or
// settings changed since the one on disk.
//
// `npm test -- <files>` runs only those files (after the same checks), and so makes only the
// builds they read.
import {spawn, spawnSync} from 'node:child_process';

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

/**
 * Runs the commands two at a time, each printing its output when it ends; when one fails, stops the
 * others and exits with its status. For the checks: each keeps one core busy, and one after the
 * other they left the second core idle (71 s one after the other, 2026-11-28).
 * @param {[string, string[]][]} commands
 */
async function runTwoAtATime(commands) {
  const queue = [...commands];
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const running = new Set();
  const next = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const [command, args] = entry;
      const child = spawn(command, args, {stdio: ['ignore', 'pipe', 'pipe']});
      running.add(child);
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      /** @type {number | null} */
      const status = await new Promise((resolve) => child.on('close', resolve));
      running.delete(child);
      process.stdout.write(`\n> ${command} ${args.join(' ')}\n${output}`);
      if (status !== 0) {
        for (const other of running) other.kill();
        process.exit(status ?? 1);
      }
    }
  };
  await Promise.all([next(), next()]);
}

const files = process.argv.slice(2);

// The type check first: it takes as long as the other three together.
await runTwoAtATime([
  ['npx', ['tsc', '--noEmit']],
  ['npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['npx', ['eslint', '--max-warnings', '0', '.']],
  ['npx', ['knip']],
]);
if (files.length === 0) run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'search']);
const tiers = files.length === 0 ? ['--project', 'site', '--project', 'e2e'] : [];
run('npx', ['vitest', 'run', ...tiers, ...files]);
