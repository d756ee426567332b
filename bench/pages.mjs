#!/usr/bin/env node
// @ts-check
// Page weight and Lighthouse scores of a few pages, served as in production: nginx with
// deploy/nginx over the build on 127.0.0.1 (support/nginx.mjs), compressing. Printed side by side:
// - FSC: the site as published;
// - FSC unpatched: the same site without its performance patches (FSC_PATCHES_OFF=performance,
//   plugins/dependency-patches/README.md), so the gain of the patches shows in one run; with
//   --off <ids>, without only the patches named (the gain of one patch); --no-ab leaves it out;
// - peer: a freshly generated Docusaurus 3.9.2 classic site. The target is first-view JavaScript
//   no larger than the peer's.
// Both FSC builds are made first when their sources changed (support/builds.mjs).
//
//   npm run bench:pages [-- --runs 3] [-- --no-lighthouse] [-- --files] [-- --off <ids> | --no-ab] [-- --rebuild-peer | --no-peer]
//     [-- --only /search?q=manager] [-- --lhr /tmp/lhr]
//   FSC_BUILD_DIR=/path/to/build npm run bench:pages   (measures that build as FSC, not rebuilt)
//
// For each page:
// - the JavaScript and CSS a first view loads (a fresh Chromium profile, until the network is
//   idle), raw and gzipped: the responses are collected in the browser, the sizes are those of
//   the files in the build, gzip is node:zlib at level 6 (nginx's gzip_comp_level); --files lists
//   the files of each page;
// - Lighthouse's mobile scores (performance, accessibility, best practices, SEO) with LCP, TBT
//   and CLS. Lighthouse's default mobile run: an emulated mid-range phone and simulated slow 4G;
//   main-thread time is this machine's, taken 4x, so the performance score moves with the host's
//   load. The CPU idx column is Lighthouse's benchmark of the machine during the runs. With
//   --runs N the median of N runs is printed. --only <route> (repeatable) measures only those of
//   our pages; --lhr <dir> writes each run's full report there (<site>-<route>-<run>.json), for
//   Lighthouse's own attribution: long-tasks, bootup-time, lcp-phases, network-requests.
//
// The peer is `create-docusaurus@3.9.2 classic --typescript`, installed with the overrides a fresh
// 3.9.2 install needs (taken from our package.json) and built, untouched otherwise, in
// ~/.cache/fsc-bench/peer-classic ($XDG_CACHE_HOME if set) on first use; later runs reuse that
// build. --rebuild-peer generates, installs and builds it again; --no-peer leaves it out. Creating
// it needs the npm registry. It is served by the same nginx configuration as our build.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import zlib from 'node:zlib';
import {chromium} from 'playwright-core';
import {CHROMIUM_FLAGS as CHROME_FLAGS, CHROMIUM_PATH as CHROMIUM} from '../support/chromium.mjs';
import {REPO_ROOT, startNginx} from '../support/nginx.mjs';
import {BUILD_DIR, ensureBuild, sourcesHash, UNPATCHED_BUILD_DIR} from '../support/builds.mjs';

// /search?q=… as a reader arrives from the browser's search box: the results arrive after the first
// paint, so its CLS column shows whether the page keeps its layout meanwhile.
const PAGES = ['/', '/introduction/', '/try-fsc/helm/8-inway', '/search', '/search?q=manager'];
const CREATE_DOCUSAURUS = 'create-docusaurus@3.9.2';
/**
 * In the user's cache, outside the repository: under a node_modules directory Docusaurus would not
 * compile the site's own TypeScript (its loaders skip node_modules), and inside the repository
 * Node would resolve what the peer lacks from our node_modules.
 */
const PEER_DIR = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'fsc-bench/peer-classic',
);
/** The peer's home page and one of its doc pages, the two our first-view JavaScript is held against. */
const PEER_HOME = '/';
const PEER_DOC = '/docs/intro';
/**
 * Our package.json overrides without which a fresh 3.9.2 install fails here: the newest
 * @docsearch/react 4 needs an @docsearch/core the registry does not have, and webpackbar 6 does
 * not pass the current webpack's ProgressPlugin option check. Given to the peer as they are.
 */
const PEER_OVERRIDES = ['webpackbar', '@docsearch/react'];
const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

/** @param {string[]} argv */
function parseArguments(argv) {
  const options = {
    runs: 1,
    lighthouse: true,
    files: false,
    ab: true,
    off: 'performance',
    peer: true,
    rebuildPeer: false,
    /** @type {string[]} */
    only: [],
    /** @type {string | undefined} */
    lhrDir: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') {
      options.runs = Number(argv[++i]);
      if (!Number.isInteger(options.runs) || options.runs < 1)
        throw new Error('--runs needs a positive whole number');
    } else if (argv[i] === '--no-lighthouse') {
      options.lighthouse = false;
    } else if (argv[i] === '--files') {
      options.files = true;
    } else if (argv[i] === '--off') {
      options.off = argv[++i] ?? '';
      if (!options.off)
        throw new Error(
          '--off needs patch ids (plugins/dependency-patches/README.md) or "performance"',
        );
    } else if (argv[i] === '--no-ab') {
      options.ab = false;
    } else if (argv[i] === '--no-peer') {
      options.peer = false;
    } else if (argv[i] === '--rebuild-peer') {
      options.rebuildPeer = true;
    } else if (argv[i] === '--only') {
      const route = argv[++i] ?? '';
      if (!PAGES.includes(route)) throw new Error(`--only takes one of ${PAGES.join(', ')}`);
      options.only.push(route);
    } else if (argv[i] === '--lhr') {
      options.lhrDir = argv[++i];
      if (!options.lhrDir) throw new Error('--lhr needs a directory');
    } else {
      throw new Error(
        `Unknown argument ${argv[i]} (--runs N, --no-lighthouse, --files, --off <ids>, --no-ab, --rebuild-peer, --no-peer, --only <route>, --lhr <dir>)`,
      );
    }
  }
  if (options.rebuildPeer && !options.peer)
    throw new Error('--rebuild-peer and --no-peer contradict each other');
  return options;
}

/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(1)}`;
/**
 * @param {number[]} values
 * @returns {number}
 */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * @typedef {{pathname: string, type: 'script' | 'stylesheet', raw: number, gzip: number}} FirstViewFile
 * @typedef {{count: number, raw: number, gzip: number}} Total
 * @typedef {{script: Total, stylesheet: Total, files: FirstViewFile[]}} FirstViewWeight
 */

/**
 * The scripts and stylesheets of a first view of `route`, with their sizes in the build.
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @param {string} buildDir
 * @param {string} route
 * @returns {Promise<FirstViewWeight>}
 */
async function firstViewWeight(browser, origin, buildDir, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /** @type {Map<string, 'script' | 'stylesheet'>} */
  const files = new Map();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (
      (type === 'script' || type === 'stylesheet') &&
      url.origin === origin &&
      response.status() === 200
    ) {
      files.set(url.pathname, type);
    }
  });
  const response = await page.goto(origin + route);
  if (response?.status() !== 200) throw new Error(`${route} answered ${response?.status()}`);
  await page.waitForLoadState('networkidle');
  await context.close();

  /** @type {FirstViewWeight} */
  const weight = {
    script: {count: 0, raw: 0, gzip: 0},
    stylesheet: {count: 0, raw: 0, gzip: 0},
    files: [],
  };
  for (const [pathname, type] of files) {
    const content = fs.readFileSync(path.join(buildDir, decodeURIComponent(pathname)));
    const file = {
      pathname,
      type,
      raw: content.length,
      gzip: zlib.gzipSync(content, {level: 6}).length,
    };
    weight[type].count += 1;
    weight[type].raw += file.raw;
    weight[type].gzip += file.gzip;
    weight.files.push(file);
  }
  weight.files.sort((a, b) => a.type.localeCompare(b.type) || b.gzip - a.gzip);
  return weight;
}

/**
 * @typedef {{scores: Record<string, number | null>, lcp: number, tbt: number, cls: number, benchmarkIndex: number, failing: string[], warnings: string[]}} LighthouseFigures
 */

/** A run that Lighthouse itself reports as failed (`lhr.runtimeError`), with its code. */
class LighthouseRuntimeError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   */
  constructor(code, message) {
    super(`Lighthouse: ${code}: ${message}`);
    this.code = code;
  }
}

/**
 * Trace errors that come and go on a busy host: the run is made again, in a new Chromium, rather
 * than ending the site's measurements (NO_NAVSTART cut short three of six A/B batches on 2026-11-25).
 */
const TRANSIENT_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT']);
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`, made again when Lighthouse reports a transient trace error.
 * @param {string} url
 * @param {string | undefined} lhrFile where to write the run's full report, if anywhere
 * @returns {Promise<LighthouseFigures>}
 */
async function lighthouseRunRetried(url, lhrFile) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, lhrFile);
    } catch (error) {
      const transient =
        error instanceof LighthouseRuntimeError && TRANSIENT_RUNTIME_ERRORS.has(error.code);
      if (!transient || attempt === LIGHTHOUSE_ATTEMPTS) throw error;
      console.log(`  ${url}: ${error.code}, run again (attempt ${attempt + 1})`);
    }
  }
}

/**
 * Lighthouse and the launcher it drives Chromium with are no dependencies of the project: only this
 * benchmark uses them, and their 164 packages (168 MB of 883) made every CI install longer. They are
 * installed on first use, into node_modules/.cache, at the versions bench/lighthouse/package-lock.json
 * pins, and installed again when that lockfile changes.
 */
const LIGHTHOUSE_PINS = path.join(REPO_ROOT, 'bench/lighthouse');
const LIGHTHOUSE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/bench-lighthouse');
const LIGHTHOUSE_VERSION = JSON.parse(
  fs.readFileSync(path.join(LIGHTHOUSE_PINS, 'package.json'), 'utf8'),
).dependencies.lighthouse;

/** Installs the pinned Lighthouse unless the one in LIGHTHOUSE_DIR was installed from the same lockfile. */
function installLighthouse() {
  const lockfile = (/** @type {string} */ dir) =>
    fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  const installed = fs.existsSync(path.join(LIGHTHOUSE_DIR, 'node_modules/.package-lock.json'));
  if (installed && lockfile(LIGHTHOUSE_DIR) === lockfile(LIGHTHOUSE_PINS)) return;
  fs.rmSync(LIGHTHOUSE_DIR, {recursive: true, force: true});
  fs.mkdirSync(LIGHTHOUSE_DIR, {recursive: true});
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(LIGHTHOUSE_PINS, file), path.join(LIGHTHOUSE_DIR, file));
  runCommand('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], LIGHTHOUSE_DIR);
}

/**
 * A package of the pinned Lighthouse install, installed first if needed.
 * @param {'lighthouse' | 'chrome-launcher'} name
 */
function importInstalled(name) {
  installLighthouse();
  const entry = createRequire(path.join(LIGHTHOUSE_DIR, 'package.json')).resolve(name);
  return import(pathToFileURL(entry).href);
}

/**
 * One Lighthouse mobile run of `url` in its own Chromium.
 * @param {string} url
 * @param {string | undefined} lhrFile
 * @returns {Promise<LighthouseFigures>}
 */
async function lighthouseRun(url, lhrFile) {
  const [{default: lighthouse}, chromeLauncher] = await Promise.all([
    importInstalled('lighthouse'),
    importInstalled('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const {lhr} = result;
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(lhr.runtimeError.code, lhr.runtimeError.message);
    if (lhrFile) fs.writeFileSync(lhrFile, JSON.stringify(lhr));
    /** @type {Record<string, number | null>} */
    const scores = {};
    /** @type {string[]} */
    const failing = [];
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      scores[id] = category?.score == null ? null : Math.round(category.score * 100);
      for (const ref of category?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          // What the audit points at (an element, a URL), so the report says what to fix.
          const items = /** @type {{node?: {snippet?: string}, url?: string}[]} */ (
            audit.details && 'items' in audit.details ? audit.details.items : []
          );
          const examples = items
            .map((item) => item?.node?.snippet ?? item?.url ?? '')
            .filter(Boolean)
            .slice(0, 3)
            .map((text) => String(text).slice(0, 120));
          failing.push(
            `${id}: ${audit.id} (${audit.displayValue ?? `score ${Math.round(audit.score * 100)}`})` +
              (examples.length ? ` e.g. ${examples.join(' | ')}` : ''),
          );
        }
      }
    }
    return {
      scores,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      failing,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * @param {string[]} header
 * @param {(string | number)[][]} rows
 */
function printTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
  );
  /** @param {(string | number)[]} cells */
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * Runs a command for the peer, its output on stderr (stdout carries only the figures).
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
function runCommand(command, args, cwd) {
  console.error(`> ${command} ${args.join(' ')}   (in ${cwd})`);
  const result = spawnSync(command, args, {cwd, stdio: ['ignore', 2, 2]});
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`}) in ${cwd}`,
    );
}

/**
 * The build of the peer: generated, installed and built on first use (or with `rebuild`), reused
 * afterwards. A stamp written after a successful build records how it was made; a missing or
 * different stamp (an interrupted run, other overrides) makes it again from scratch.
 * @param {boolean} rebuild
 * @returns {string} the build directory
 */
function peerBuild(rebuild) {
  const ours =
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).overrides ?? {};
  /** @type {Record<string, string>} */
  const overrides = {};
  for (const name of PEER_OVERRIDES) {
    if (!ours[name])
      throw new Error(`package.json has no override for ${name}, which the peer's install needs`);
    overrides[name] = ours[name];
  }
  const recipe = `${JSON.stringify({generator: `${CREATE_DOCUSAURUS} classic --typescript`, overrides}, null, 2)}\n`;
  const stamp = path.join(PEER_DIR, 'fsc-bench-peer.json');
  const buildDir = path.join(PEER_DIR, 'build');
  if (!rebuild && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === recipe)
    return buildDir;

  console.error(`Making the peer site in ${PEER_DIR} (a few minutes; later runs reuse it)`);
  fs.rmSync(PEER_DIR, {recursive: true, force: true});
  fs.mkdirSync(path.dirname(PEER_DIR), {recursive: true});
  runCommand(
    'npx',
    [
      '--yes',
      CREATE_DOCUSAURUS,
      path.basename(PEER_DIR),
      'classic',
      '--typescript',
      '--skip-install',
    ],
    path.dirname(PEER_DIR),
  );
  const packageFile = path.join(PEER_DIR, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(packageFile, 'utf8'));
  fs.writeFileSync(packageFile, `${JSON.stringify({...manifest, overrides}, null, 2)}\n`);
  runCommand('npm', ['install', '--no-audit', '--no-fund'], PEER_DIR);
  runCommand('npx', ['docusaurus', 'build'], PEER_DIR);
  fs.writeFileSync(stamp, recipe);
  return buildDir;
}

/**
 * @typedef {object} SiteFigures
 * @property {string} name
 * @property {string} buildDir
 * @property {string} origin
 * @property {string[]} pages
 * @property {Map<string, FirstViewWeight>} weights
 * @property {Map<string, LighthouseFigures[]>} audits
 * @property {string | undefined} lighthouseProblem
 */

/**
 * Serves each build with nginx and measures its pages. Lighthouse takes the sites in turns (run 1
 * of every site and page, then run 2, …), so a change in the host's load falls on all of them alike.
 * @param {{name: string, buildDir: string, pages: string[], withoutPolicy?: boolean}[]} sites
 * @param {{runs: number, lighthouse: boolean, lhrDir?: string}} options
 * @returns {Promise<SiteFigures[]>}
 */
async function measureSites(sites, options) {
  /** @type {import('../support/nginx.mjs').NginxServer[]} */
  const servers = [];
  try {
    for (const site of sites)
      servers.push(await startNginx(site.buildDir, {withoutPolicy: site.withoutPolicy}));
    /** @type {SiteFigures[]} */
    const results = sites.map((site, i) => ({
      ...site,
      origin: servers[i].origin,
      weights: new Map(),
      audits: new Map(),
      lighthouseProblem: undefined,
    }));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROME_FLAGS,
      timeout: 30_000,
    });
    try {
      for (const site of results) {
        for (const route of site.pages)
          site.weights.set(
            route,
            await firstViewWeight(browser, site.origin, site.buildDir, route),
          );
      }
    } finally {
      await browser.close();
    }
    if (!options.lighthouse) return results;
    for (const site of results) for (const route of site.pages) site.audits.set(route, []);
    for (let run = 0; run < options.runs; run++) {
      for (const site of results) {
        for (const route of site.pages) {
          if (site.lighthouseProblem) break;
          try {
            const lhrFile =
              options.lhrDir &&
              path.join(
                options.lhrDir,
                `${site.name}-${route}-${run + 1}.json`.replace(/[^\w.-]+/g, '_'),
              );
            site.audits
              .get(route)
              ?.push(await lighthouseRunRetried(site.origin + route, lhrFile || undefined));
          } catch (error) {
            site.lighthouseProblem = `${site.name} ${route}: ${error instanceof Error ? (error.stack ?? error.message) : error}`;
          }
        }
      }
    }
    return results;
  } finally {
    for (const server of servers) await server.close();
  }
}

/**
 * `+1.2 KiB, +3%` or `-1.2 KiB, -3%`: how much `value` is above `reference`.
 * @param {number} value
 * @param {number} reference
 */
function difference(value, reference) {
  const sign = value >= reference ? '+' : '-';
  return `${sign}${kib(Math.abs(value - reference))} KiB, ${sign}${Math.round((Math.abs(value - reference) / reference) * 100)}%`;
}

/**
 * The A/B, per page, the patched build against the unpatched one: first-view
 * JavaScript and, with Lighthouse, the medians of performance, LCP and TBT.
 * @param {SiteFigures} patched
 * @param {SiteFigures} unpatched
 * @param {{lighthouse: boolean, off: string}} options
 */
function printPatchGain(patched, unpatched, options) {
  console.log(
    `\nPatches off in FSC unpatched (${options.off}): FSC against FSC unpatched, per page`,
  );
  /**
   * @param {SiteFigures} site
   * @param {string} route
   * @param {(run: LighthouseFigures) => number} pick
   */
  const medianOf = (site, route, pick) => {
    const runs = site.audits.get(route) ?? [];
    return runs.length ? median(runs.map(pick)) : NaN;
  };
  /**
   * @param {string} route
   * @param {(run: LighthouseFigures) => number} pick
   * @param {(value: number) => string} format
   */
  const pair = (route, pick, format) => {
    const a = medianOf(patched, route, pick);
    const b = medianOf(unpatched, route, pick);
    return Number.isNaN(a) || Number.isNaN(b) ? 'n/a' : `${format(a)} vs ${format(b)}`;
  };
  printTable(
    ['page', 'JS gzip KiB', 'perf', 'LCP s', 'TBT ms'],
    patched.pages.map((route) => [
      route,
      `${kib(patched.weights.get(route)?.script.gzip ?? 0)} vs ${kib(unpatched.weights.get(route)?.script.gzip ?? 0)}`,
      ...(options.lighthouse
        ? [
            pair(
              route,
              (run) => run.scores.performance ?? NaN,
              (v) => String(Math.round(v)),
            ),
            pair(
              route,
              (run) => run.lcp,
              (v) => (v / 1000).toFixed(2),
            ),
            pair(
              route,
              (run) => run.tbt,
              (v) => String(Math.round(v)),
            ),
          ]
        : ['n/a', 'n/a', 'n/a']),
    ]),
  );
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  /** @type {import('../support/builds.mjs').BuildName[]} */
  const builds = [
    ...(process.env.FSC_BUILD_DIR ? [] : /** @type {const} */ (['published'])),
    ...(options.ab ? /** @type {const} */ (['unpatched']) : []),
  ];
  const sources = builds.length ? sourcesHash() : '';
  for (const name of builds)
    await ensureBuild(name, sources, {toStderr: true, patchesOff: options.off});
  const pages = options.only.length ? options.only : PAGES;
  /** @type {Parameters<typeof measureSites>[0]} */
  const sites = [
    {name: 'FSC', buildDir: path.resolve(process.env.FSC_BUILD_DIR || BUILD_DIR), pages},
  ];
  if (options.ab) sites.push({name: 'FSC unpatched', buildDir: UNPATCHED_BUILD_DIR, pages});
  if (options.ab) console.log(`FSC unpatched: FSC_PATCHES_OFF=${options.off}`);
  if (options.peer)
    sites.push({
      name: 'peer',
      buildDir: peerBuild(options.rebuildPeer),
      pages: [PEER_HOME, PEER_DOC],
      // It has none of the files this site's policy is checked against (deploy/csp.mjs), and ships
      // without a policy.
      withoutPolicy: true,
    });

  if (options.lhrDir) fs.mkdirSync(options.lhrDir, {recursive: true});
  const results = await measureSites(sites, options);

  for (const {name, buildDir, origin} of results) {
    console.log(`${name}: build ${buildDir}, served by nginx (deploy/nginx) at ${origin}`);
  }
  if (options.peer) console.log(`peer: ${CREATE_DOCUSAURUS} classic --typescript, as generated`);
  console.log(
    `First view: JavaScript and CSS in KiB (raw / gzip level 6); Lighthouse ${LIGHTHOUSE_VERSION} mobile` +
      (options.runs > 1 ? `, median of ${options.runs} runs` : ''),
  );
  console.log('');
  const header = [
    'site',
    'page',
    'JS files',
    'JS raw',
    'JS gzip',
    'CSS files',
    'CSS raw',
    'CSS gzip',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP s',
    'TBT ms',
    'CLS',
    'CPU idx',
  ];
  const rows = results.flatMap(({name, pages, weights, audits}) =>
    pages.map((route) => {
      const weight = weights.get(route);
      const runs = audits.get(route) ?? [];
      /**
       * @param {(run: LighthouseFigures) => number} pick
       * @param {(value: number) => string} format
       */
      const figure = (pick, format) => (runs.length ? format(median(runs.map(pick))) : 'n/a');
      return [
        name,
        route,
        weight?.script.count ?? 0,
        kib(weight?.script.raw ?? 0),
        kib(weight?.script.gzip ?? 0),
        weight?.stylesheet.count ?? 0,
        kib(weight?.stylesheet.raw ?? 0),
        kib(weight?.stylesheet.gzip ?? 0),
        ...CATEGORIES.map((id) =>
          figure(
            (run) => run.scores[id] ?? NaN,
            (value) => String(Math.round(value)),
          ),
        ),
        figure(
          (run) => run.lcp,
          (value) => (value / 1000).toFixed(2),
        ),
        figure(
          (run) => run.tbt,
          (value) => String(Math.round(value)),
        ),
        figure(
          (run) => run.cls,
          (value) => value.toFixed(3),
        ),
        figure(
          (run) => run.benchmarkIndex,
          (value) => String(Math.round(value)),
        ),
      ];
    }),
  );
  printTable(header, rows);
  if (options.lighthouse) {
    console.log(
      "CPU idx: Lighthouse's measure of this machine's speed during the runs (higher is faster). Lighthouse\n" +
        'slows the CPU down 4x on top of it, so a busier host scores lower on performance: compare pages\n' +
        'and sites within one run.',
    );
  }

  const ours = results[0];
  const unpatched = results.find(({name}) => name === 'FSC unpatched');
  const peer = results.find(({name}) => name === 'peer');
  if (unpatched) printPatchGain(ours, unpatched, options);
  if (peer) {
    // The target: our first-view JavaScript (gzip) no larger than the peer's, per page.
    const references = [PEER_DOC, PEER_HOME].map((route) => ({
      route,
      gzip: peer.weights.get(route)?.script.gzip ?? 0,
    }));
    console.log(
      `\nFirst-view JS (gzip) at most the peer's? (peer ${references.map(({route, gzip}) => `${route} ${kib(gzip)} KiB`).join(', ')})`,
    );
    printTable(
      ['page', 'JS gzip', ...references.map(({route}) => `<= peer ${route}`)],
      ours.pages.map((route) => {
        const gzip = ours.weights.get(route)?.script.gzip ?? 0;
        return [
          route,
          kib(gzip),
          ...references.map(
            (reference) =>
              `${gzip <= reference.gzip ? 'yes' : 'NO'} (${difference(gzip, reference.gzip)})`,
          ),
        ];
      }),
    );
  }

  if (options.files) {
    for (const {name, pages, weights} of results) {
      for (const route of pages) {
        console.log(`\n${name} ${route}: first-view files, KiB`);
        printTable(
          ['file', 'raw', 'gzip'],
          (weights.get(route)?.files ?? []).map((file) => [
            file.pathname,
            kib(file.raw),
            kib(file.gzip),
          ]),
        );
      }
    }
  }

  let printedHeading = false;
  for (const {name, audits} of results) {
    for (const [route, runs] of audits) {
      // One line per audit (the value of the last run that failed it).
      const byAudit = new Map(
        runs.flatMap((run) => run.failing).map((item) => [item.replace(/ \(.*$/, ''), item]),
      );
      const items = [...byAudit.values()].sort();
      if (!items.length) continue;
      if (!printedHeading) console.log('\nAudits that cost points (by page):');
      printedHeading = true;
      console.log(`  ${name} ${route}`);
      for (const item of items) console.log(`    ${item}`);
    }
  }
  const warnings = new Set(
    results.flatMap(({audits}) =>
      [...audits.values()].flatMap((runs) => runs.flatMap((run) => run.warnings)),
    ),
  );
  for (const warning of warnings) console.log(`Lighthouse warning: ${warning}`);
  if (!options.lighthouse) console.log('\nLighthouse skipped (--no-lighthouse).');
  for (const {lighthouseProblem} of results) {
    if (!lighthouseProblem) continue;
    console.log(`\nLighthouse could not run: ${lighthouseProblem}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
