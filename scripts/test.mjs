// @ts-check
// Every test in one command: check the formatting (Prettier), lint (ESLint), find unused files,
// exports and dependencies (knip), type-check, run the unit tier and the search package's tests
// (no build: a fast failure is fast) while the published and variant builds are made beside them,
// then the site checks and the browser tests, which start while the variant may still be made.
// Every build is made only when its sources or settings changed since the one on disk
// (support/builds.mjs: `builtSite`).
//
// `npm test -- <files>` runs only those files (after the same checks), and so makes only the
// builds they read.
import {spawn} from 'node:child_process';

/**
 * Runs `command` with its output on this terminal; when it fails, exits with its status. Not
 * synchronously: the builds' output is collected meanwhile, and a build whose output filled the
 * pipe would stop, holding the lock that the browser tests wait on.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<void>}
 */
function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {stdio: 'inherit'});
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (status !== 0) process.exit(status ?? 1);
      resolve();
    }),
  );
}

/**
 * Starts `command` with its output collected, to be printed when it ends.
 * @param {string} command
 * @param {string[]} args
 * @returns {{child: import('node:child_process').ChildProcess, ended: Promise<number>}} its exit status
 */
function startCollected(command, args) {
  const child = spawn(command, args, {stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  /** @type {Promise<number>} */
  const ended = new Promise((resolve) =>
    child.on('close', (status) => {
      process.stdout.write(`\n> ${command} ${args.join(' ')}\n${output}`);
      resolve(status ?? 1);
    }),
  );
  return {child, ended};
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
      const {child, ended} = startCollected(...entry);
      running.add(child);
      const status = await ended;
      running.delete(child);
      if (status !== 0) {
        for (const other of running) other.kill();
        process.exit(status);
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
if (files.length === 0) {
  // The builds the site and browser tiers read are made while the unit tier runs: a build keeps
  // about one core busy and the unit tier leaves part of the other idle, where one after the other
  // the browser tests waited for both builds with a core idle (2026-11-28).
  const builds = startCollected('node', ['scripts/built-site.mjs', 'published', 'variant']);
  // A failing unit tier exits at once: the builds go with it.
  process.on('exit', () => builds.child.kill());
  await run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'search']);
  // The tiers start without waiting for the builds: the builds took longer than the unit tier,
  // and the files that start first read the published build, made first; a file that reads a
  // build still being made waits for it (support/builds.mjs).
  await run('npx', ['vitest', 'run', '--project', 'site', '--project', 'e2e']);
  const status = await builds.ended;
  if (status !== 0) process.exit(status);
} else {
  await run('npx', ['vitest', 'run', ...files]);
}
