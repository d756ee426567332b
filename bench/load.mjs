#!/usr/bin/env node
// A bounded load test of the production web server: nginx with deploy/nginx over the build, on
// 127.0.0.1 (started by tests/e2e/support/nginx.mjs). A fixed number of requests over a mix of
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
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {fileURLToPath} from 'node:url';

/**
 * @typedef {{path: string, status: number}} LoadTarget a request and the status it must answer
 * @typedef {object} LoadResult
 * @property {number} requested
 * @property {number} completed requests that got a whole response
 * @property {number} errors responses with another status, and failed connections
 * @property {string[]} errorSamples the first few errors, as text
 * @property {boolean} stoppedEarly the time limit ended the run
 * @property {number} seconds wall-clock time of the run
 * @property {number} rps completed requests per second
 * @property {number} p50 median latency in milliseconds
 * @property {number} p95
 * @property {number} max
 * @property {number} bytes response bytes received (compressed where the server compressed)
 */

/** The paths of the site's pages, from the build's sitemap (whatever origin it names). */
export function sitemapPaths(buildDir) {
  const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** The scripts and stylesheets a page's HTML names (what a first view downloads before hydration). */
function pageAssets(html) {
  const found = new Set();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)=["']?(\/assets\/[^"'\s>]+)/g)) {
    found.add(match[1]);
  }
  return [...found];
}

/**
 * The request mix: every page of the sitemap, the assets its pages name, the images, the sitemap,
 * a `.html` URL that redirects and a path that is not found.
 * @param {string} buildDir
 * @returns {LoadTarget[]}
 */
export function requestMix(buildDir) {
  const pages = sitemapPaths(buildDir);
  /** @type {LoadTarget[]} */
  const targets = pages.map((page) => ({path: page, status: 200}));
  const assets = new Set();
  for (const page of pages) {
    const file = path.join(buildDir, page, 'index.html');
    const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : fs.readFileSync(path.join(buildDir, `${page}.html`), 'utf8');
    for (const asset of pageAssets(html)) assets.add(asset);
  }
  for (const asset of [...assets].sort()) targets.push({path: asset, status: 200});
  const images = path.join(buildDir, 'img');
  if (fs.existsSync(images)) {
    for (const name of fs.readdirSync(images).sort()) targets.push({path: `/img/${name}`, status: 200});
  }
  targets.push({path: '/sitemap.xml', status: 200});
  const redirecting = pages.find((page) => page.length > 1 && !page.endsWith('/'));
  if (redirecting) targets.push({path: `${redirecting}.html`, status: 301});
  targets.push({path: '/no/such/page', status: 404});
  return targets;
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * Sends `requests` GET requests (round-robin over `targets`) with `concurrency` at a time over
 * keep-alive connections, asking for gzip like a browser. Stops after `timeLimitMs` whatever is left:
 * requests still in flight then are abandoned, not counted as errors.
 * @param {{origin: string, targets: LoadTarget[], requests: number, concurrency: number, timeLimitMs: number}} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({origin, targets, requests, concurrency, timeLimitMs}) {
  if (targets.length === 0) throw new Error('runLoad needs at least one target');
  const agent = new http.Agent({keepAlive: true, maxSockets: concurrency});
  /** @type {number[]} */
  const latencies = [];
  /** @type {string[]} */
  const errorSamples = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  let stopped = false;
  /** @type {Set<http.ClientRequest>} */
  const inFlight = new Set();
  const started = performance.now();

  const fail = (message) => {
    errors += 1;
    if (errorSamples.length < 10) errorSamples.push(message);
  };

  /** @param {LoadTarget} target */
  const one = (target) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const request = http.get(`${origin}${target.path}`, {agent, headers: {'accept-encoding': 'gzip'}}, (response) => {
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          inFlight.delete(request);
          latencies.push(performance.now() - t0);
          if (response.statusCode !== target.status) {
            fail(`${target.path}: ${response.statusCode}, expected ${target.status}`);
          }
          resolve(undefined);
        });
        response.on('error', (error) => {
          inFlight.delete(request);
          if (!stopped) fail(`${target.path}: ${error.message}`);
          resolve(undefined);
        });
      });
      inFlight.add(request);
      request.on('error', (error) => {
        inFlight.delete(request);
        if (!stopped) fail(`${target.path}: ${error.message}`);
        resolve(undefined);
      });
    });

  const timer = setTimeout(() => {
    stopped = true;
    for (const request of inFlight) request.destroy();
  }, timeLimitMs);

  const worker = async () => {
    while (!stopped && next < requests) {
      const target = targets[next % targets.length];
      next += 1;
      await one(target);
    }
  };
  await Promise.all(Array.from({length: Math.min(concurrency, requests)}, worker));
  clearTimeout(timer);
  agent.destroy();

  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requested: requests,
    completed: latencies.length,
    errors,
    errorSamples,
    stoppedEarly: stopped,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? NaN,
    bytes,
  };
}

/**
 * A copy of the build with a `.gz` beside every text file over 1 KiB (what deploy/Dockerfile does
 * with gzip -9), in a new temporary directory.
 * @param {string} buildDir
 */
export function precompressedCopy(buildDir) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-precompressed-'));
  fs.cpSync(buildDir, copy, {recursive: true});
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(html|js|css|json|svg|xml|txt)$/.test(entry.name) && fs.statSync(full).size > 1024) {
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(fs.readFileSync(full), {level: 9}));
      }
    }
  };
  walk(copy);
  return copy;
}

function parseArguments(argv) {
  const options = {requests: 2000, concurrency: 16, seconds: 20, precompress: false};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--precompress') {
      options.precompress = true;
      continue;
    }
    const name = argv[i].replace(/^--/, '');
    if (!(name in options)) throw new Error(`Unknown argument ${argv[i]} (--requests, --concurrency, --seconds, --precompress)`);
    const value = Number(argv[++i]);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
    options[/** @type {'requests' | 'concurrency' | 'seconds'} */ (name)] = value;
  }
  return options;
}

async function main() {
  const {startNginx, servingBuildDir} = await import('../tests/e2e/support/nginx.mjs');
  const options = parseArguments(process.argv.slice(2));
  const buildDir = servingBuildDir();
  const targets = requestMix(buildDir);
  const served = options.precompress ? precompressedCopy(buildDir) : buildDir;
  const server = await startNginx(served);
  try {
    // A short warm-up so the first connections and the page cache do not count.
    await runLoad({origin: server.origin, targets, requests: Math.min(targets.length, 100), concurrency: 4, timeLimitMs: 5_000});
    const result = await runLoad({
      origin: server.origin,
      targets,
      requests: options.requests,
      concurrency: options.concurrency,
      timeLimitMs: options.seconds * 1000,
    });
    const rows = [
      ['build', buildDir],
      ['server', `nginx ${server.origin} (deploy/nginx), gzip requested, ${options.precompress ? 'precompressed .gz files (gzip_static)' : 'compressed on the fly'}`],
      ['mix', `${targets.length} distinct URLs (pages, first-view assets, images, sitemap, 1 redirect, 1 not found)`],
      ['requests', `${result.completed} of ${result.requested} completed${result.stoppedEarly ? ` (stopped at the ${options.seconds} s limit)` : ''}`],
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
