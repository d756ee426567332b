#!/usr/bin/env node
// @ts-check
// A bounded load test of the production web server: nginx with deploy/nginx over the build, on
// 127.0.0.1 (started by support/nginx.mjs). A fixed number of requests over a mix of
// pages, first-view assets, a redirect and a missing page, a fixed concurrency, and a hard stop.
// Prints requests per second, p50/p95 latency and the error count.
//
//   npm run bench:load [-- --requests 2000 --concurrency 16 --seconds 20] [-- --precompress]
//   FSC_BUILD_DIR=/path/to/build npm run bench:load
//
// --precompress serves a copy of the build with `.gz` files next to the text files, as the
// container image does (gzip_static), instead of compressing every response on the fly.
//
// The figures are of this machine, with the load generator and nginx sharing its cores.
// tests/e2e/serving.test.ts runs a small burst with the same code and asserts only that nothing failed.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {precompressedCopy, requestMix, runLoad} from '../support/load.mjs';
import {servingBuildDir, startNginx} from '../support/nginx.mjs';

/**
 * @param {string[]} argv the arguments after the script's name
 * @returns {{requests: number, concurrency: number, seconds: number, precompress: boolean}}
 */
function parseArguments(argv) {
  const options = {requests: 2000, concurrency: 16, seconds: 20, precompress: false};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--precompress') {
      options.precompress = true;
      continue;
    }
    const name = argv[i].replace(/^--/, '');
    if (!(name in options))
      throw new Error(
        `Unknown argument ${argv[i]} (--requests, --concurrency, --seconds, --precompress)`,
      );
    const value = Number(argv[++i]);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
    options[/** @type {'requests' | 'concurrency' | 'seconds'} */ (name)] = value;
  }
  return options;
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const buildDir = servingBuildDir();
  const targets = requestMix(buildDir);
  const served = options.precompress ? precompressedCopy(buildDir) : buildDir;
  const server = await startNginx(served);
  try {
    // A short warm-up so the first connections and the page cache do not count.
    await runLoad({
      origin: server.origin,
      targets,
      requests: Math.min(targets.length, 100),
      concurrency: 4,
      timeLimitMs: 5_000,
    });
    const result = await runLoad({
      origin: server.origin,
      targets,
      requests: options.requests,
      concurrency: options.concurrency,
      timeLimitMs: options.seconds * 1000,
    });
    const rows = [
      ['build', buildDir],
      [
        'server',
        `nginx ${server.origin} (deploy/nginx), gzip requested, ${options.precompress ? 'precompressed .gz files (gzip_static)' : 'compressed on the fly'}`,
      ],
      [
        'mix',
        `${targets.length} distinct URLs (pages, first-view assets, images, sitemap, 1 redirect, 1 not found)`,
      ],
      [
        'requests',
        `${result.completed} of ${result.requested} completed${result.stoppedEarly ? ` (stopped at the ${options.seconds} s limit)` : ''}`,
      ],
      ['concurrency', String(options.concurrency)],
      ['duration', `${result.seconds.toFixed(2)} s`],
      ['requests/s', result.rps.toFixed(0)],
      ['latency p50', `${result.p50.toFixed(2)} ms`],
      ['latency p95', `${result.p95.toFixed(2)} ms`],
      ['latency max', `${result.max.toFixed(2)} ms`],
      ['received', `${(result.bytes / 1024 / 1024).toFixed(1)} MiB`],
      ['errors', String(result.errors)],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
    for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
    process.exitCode = result.errors === 0 ? 0 : 1;
  } finally {
    await server.close();
    if (served !== buildDir) fs.rmSync(served, {recursive: true, force: true});
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
