#!/usr/bin/env node
// @ts-check
// What search costs `npm start`: starts the development server on 127.0.0.1 several times, in
// turns with the development search index and without it (hosted-search settings, under which the
// plugin indexes nothing), and prints the time until the server answers its first request (held
// until the first compilation is done) and until the development index is written, after one
// unmeasured warm-up start of each kind. Each start is bounded; the server is stopped after each.
//
//   npm run bench:dev-start [-- --rounds 3]
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort, waitUntilServing} from '../support/servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_LIMIT_MS = 180_000;

/**
 * @typedef {object} StartTimes milliseconds since the start
 * @property {number} firstPage until the server answered its first request
 * @property {number | null} index until the development index was written (null: none was made in time)
 * @property {number} indexing how long the plugin says its indexing took (NaN: it did not say)
 */

/**
 * The body of `url`, or '' when it does not answer.
 * @param {string} url
 * @returns {Promise<string>}
 */
function body(url) {
  return new Promise((resolve) => {
    http
      .get(url, {agent: false}, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(text));
      })
      .on('error', () => resolve(''));
  });
}

/**
 * One bounded start of the development server, stopped when measured.
 * @param {boolean} withIndex with the development search index, or with hosted-search settings
 * @returns {Promise<StartTimes>}
 */
async function startOnce(withIndex) {
  // The index of an earlier start would answer at once: measure the one this start writes.
  fs.rmSync(path.join(ROOT, '.docusaurus/fsc-search-dev'), {recursive: true, force: true});
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {...process.env, NODE_ENV: 'development', BROWSER: 'none', FSC_TEST_ROUTES: ''};
  // Hosted search configured: the browser would ask Algolia, so no development index is made.
  Object.assign(
    env,
    withIndex
      ? {ALGOLIA_APP_ID: '', ALGOLIA_SEARCH_API_KEY: ''}
      : {ALGOLIA_APP_ID: 'BENCH', ALGOLIA_SEARCH_API_KEY: 'bench'},
  );
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    {cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore']},
  );
  // The plugin logs how long its indexing took: with the time the index was written, that tells
  // when indexing began, and so whether it began before or after the first page.
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  try {
    await waitUntilServing(
      `${origin}/introduction/components`,
      child,
      START_LIMIT_MS,
      'docusaurus start',
    );
    const firstPage = performance.now() - started;
    let index = null;
    if (withIndex) {
      while (performance.now() - started < START_LIMIT_MS) {
        // Until the index is written the server answers this address with the app's page.
        if (/^[0-9a-f]{16}$/.test(await body(`${origin}/search-index.dev.json.version`))) {
          index = performance.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const indexing = Number(
      /development index: \d+ records from \d+ docs in (\d+) ms/.exec(output)?.[1] ?? NaN,
    );
    return {firstPage, index, indexing};
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg === -1 ? 3 : Number(process.argv[roundsArg + 1]);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error('--rounds needs a positive whole number');

/** @param {number[]} values @returns {number} */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** @type {{with: StartTimes[], without: StartTimes[]}} */
const runs = {with: [], without: []};
// One unmeasured start of each kind first: right after a production build the first development
// start took twice as long (12.2 s against 5-6 s), which skews whichever side it falls on.
for (const withIndex of [true, false]) await startOnce(withIndex);
for (let round = 1; round <= rounds; round++) {
  for (const withIndex of [true, false]) {
    const result = await startOnce(withIndex);
    runs[withIndex ? 'with' : 'without'].push(result);
    const index =
      result.index === null
        ? ''
        : `, index written at ${(result.index / 1000).toFixed(1)} s after ${result.indexing} ms of indexing`;
    console.log(
      `round ${round} ${withIndex ? 'with   ' : 'without'} development index: first page at ${(result.firstPage / 1000).toFixed(1)} s${index}`,
    );
  }
}
/** @param {number} ms @returns {string} */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `\nmedian of ${rounds}: first page ${seconds(median(runs.with.map((r) => r.firstPage)))} with the development index, ` +
    `${seconds(median(runs.without.map((r) => r.firstPage)))} without; index written at ${seconds(median(runs.with.map((r) => r.index ?? NaN)))}`,
);
