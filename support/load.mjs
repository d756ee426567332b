// @ts-check
// The load generator behind `npm run bench:load` (bench/load.mjs) and the bounded burst in
// tests/e2e/serving.test.ts: a request mix from a build, a fixed number of requests at a fixed
// concurrency with a hard time limit, and the figures of the run. Plain Node so both can use it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

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

/**
 * The paths of the site's pages, from the build's sitemap (whatever origin it names).
 * @param {string} buildDir
 * @returns {string[]}
 */
function sitemapPaths(buildDir) {
  const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/**
 * The scripts and stylesheets a page's HTML names (what a first view downloads before hydration).
 * @param {string} html
 * @returns {string[]}
 */
function pageAssets(html) {
  /** @type {Set<string>} */
  const found = new Set();
  for (const match of html.matchAll(
    /<(?:script|link)\b[^>]*?\b(?:src|href)=["']?(\/assets\/[^"'\s>]+)/g,
  )) {
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
  /** @type {Set<string>} */
  const assets = new Set();
  for (const page of pages) {
    const file = path.join(buildDir, page, 'index.html');
    const html = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : fs.readFileSync(path.join(buildDir, `${page}.html`), 'utf8');
    for (const asset of pageAssets(html)) assets.add(asset);
  }
  for (const asset of [...assets].sort()) targets.push({path: asset, status: 200});
  const images = path.join(buildDir, 'img');
  if (fs.existsSync(images)) {
    for (const name of fs.readdirSync(images).sort())
      targets.push({path: `/img/${name}`, status: 200});
  }
  targets.push({path: '/sitemap.xml', status: 200});
  const redirecting = pages.find((page) => page.length > 1 && !page.endsWith('/'));
  if (redirecting) targets.push({path: `${redirecting}.html`, status: 301});
  targets.push({path: '/no/such/page', status: 404});
  return targets;
}

/**
 * @param {number[]} sorted ascending
 * @param {number} fraction 0.5 for the median
 * @returns {number} NaN when `sorted` is empty
 */
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

  /** @param {string} message */
  const fail = (message) => {
    errors += 1;
    if (errorSamples.length < 10) errorSamples.push(message);
  };

  /** @param {LoadTarget} target */
  const one = (target) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const request = http.get(
        `${origin}${target.path}`,
        {agent, headers: {'accept-encoding': 'gzip'}},
        (response) => {
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
        },
      );
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
 * @returns {string} the copy's directory
 */
export function precompressedCopy(buildDir) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-precompressed-'));
  fs.cpSync(buildDir, copy, {recursive: true});
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.(html|js|css|json|svg|xml|txt)$/.test(entry.name) &&
        fs.statSync(full).size > 1024
      ) {
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(fs.readFileSync(full), {level: 9}));
      }
    }
  };
  walk(copy);
  return copy;
}
