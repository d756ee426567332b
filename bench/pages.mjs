#!/usr/bin/env node
// Page weight and Lighthouse scores of a few pages, served as in production: nginx with
// deploy/nginx over the build on 127.0.0.1 (tests/e2e/support/nginx.mjs), compressing.
//
//   npm run bench:pages [-- --runs 3] [-- --no-lighthouse]
//   FSC_BUILD_DIR=/path/to/build npm run bench:pages
//
// For each page:
// - the JavaScript and CSS a first view loads (a fresh Chromium profile, until the network is
//   idle), raw and gzipped: the responses are collected in the browser, the sizes are those of
//   the files in the build, gzip is node:zlib at level 6 (nginx's gzip_comp_level);
// - Lighthouse 13's mobile scores (performance, accessibility, best practices, SEO) with LCP, TBT
//   and CLS. Lighthouse's default mobile run: an emulated mid-range phone and simulated slow 4G,
//   so the figures say how the page is built, not how fast this machine is. With --runs N the
//   median of N runs is printed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from 'playwright-core';
import {servingBuildDir, startNginx} from '../tests/e2e/support/nginx.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags this machine needs (the same as tests/e2e/support/browser.ts). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = ['/', '/introduction/', '/try-fsc/helm/8-inway', '/search'];
const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

function parseArguments(argv) {
  const options = {runs: 1, lighthouse: true};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') {
      options.runs = Number(argv[++i]);
      if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs needs a positive whole number');
    } else if (argv[i] === '--no-lighthouse') {
      options.lighthouse = false;
    } else {
      throw new Error(`Unknown argument ${argv[i]} (--runs N, --no-lighthouse)`);
    }
  }
  return options;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)}`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The scripts and stylesheets of a first view of `route`, with their sizes in the build.
 * @param {import('playwright-core').Browser} browser
 */
async function firstViewWeight(browser, origin, buildDir, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /** @type {Map<string, 'script' | 'stylesheet'>} */
  const files = new Map();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if ((type === 'script' || type === 'stylesheet') && url.origin === origin && response.status() === 200) {
      files.set(url.pathname, type);
    }
  });
  const response = await page.goto(origin + route);
  if (response?.status() !== 200) throw new Error(`${route} answered ${response?.status()}`);
  await page.waitForLoadState('networkidle');
  await context.close();

  const totals = {script: {count: 0, raw: 0, gzip: 0}, stylesheet: {count: 0, raw: 0, gzip: 0}};
  for (const [pathname, type] of files) {
    const content = fs.readFileSync(path.join(buildDir, decodeURIComponent(pathname)));
    totals[type].count += 1;
    totals[type].raw += content.length;
    totals[type].gzip += zlib.gzipSync(content, {level: 6}).length;
  }
  return totals;
}

/**
 * @typedef {{scores: Record<string, number | null>, lcp: number, tbt: number, cls: number, failing: string[], warnings: string[]}} LighthouseFigures
 */

/**
 * One Lighthouse mobile run of `url` in its own Chromium.
 * @returns {Promise<LighthouseFigures>}
 */
async function lighthouseRun(url) {
  const [{default: lighthouse}, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent'});
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const {lhr} = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
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
          const items = /** @type {any[]} */ (audit.details && 'items' in audit.details ? audit.details.items : []);
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
      failing,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    await chrome.kill();
  }
}

function printTable(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const buildDir = servingBuildDir();
  const server = await startNginx(buildDir);
  try {
    const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS, timeout: 30_000});
    /** @type {Map<string, Awaited<ReturnType<typeof firstViewWeight>>>} */
    const weights = new Map();
    try {
      for (const route of PAGES) weights.set(route, await firstViewWeight(browser, server.origin, buildDir, route));
    } finally {
      await browser.close();
    }

    /** @type {Map<string, LighthouseFigures[]>} */
    const audits = new Map();
    /** @type {string | undefined} */
    let lighthouseProblem;
    if (options.lighthouse) {
      for (const route of PAGES) {
        const runs = [];
        for (let run = 0; run < options.runs; run++) {
          try {
            runs.push(await lighthouseRun(server.origin + route));
          } catch (error) {
            lighthouseProblem = `${route}: ${error instanceof Error ? error.stack ?? error.message : error}`;
            break;
          }
        }
        audits.set(route, runs);
        if (lighthouseProblem) break;
      }
    }

    console.log(`build ${buildDir}, served by nginx (deploy/nginx) at ${server.origin}`);
    console.log('First view: JavaScript and CSS in KiB (raw / gzip level 6); Lighthouse 13 mobile' + (options.runs > 1 ? `, median of ${options.runs} runs` : ''));
    console.log('');
    const header = ['page', 'JS files', 'JS raw', 'JS gzip', 'CSS files', 'CSS raw', 'CSS gzip', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP s', 'TBT ms', 'CLS'];
    const rows = PAGES.map((route) => {
      const weight = weights.get(route);
      const runs = audits.get(route) ?? [];
      const figure = (pick, format) => (runs.length ? format(median(runs.map(pick))) : 'n/a');
      return [
        route,
        weight?.script.count ?? 0,
        kib(weight?.script.raw ?? 0),
        kib(weight?.script.gzip ?? 0),
        weight?.stylesheet.count ?? 0,
        kib(weight?.stylesheet.raw ?? 0),
        kib(weight?.stylesheet.gzip ?? 0),
        ...CATEGORIES.map((id) => figure((run) => run.scores[id] ?? NaN, (value) => String(Math.round(value)))),
        figure((run) => run.lcp, (value) => (value / 1000).toFixed(2)),
        figure((run) => run.tbt, (value) => String(Math.round(value))),
        figure((run) => run.cls, (value) => value.toFixed(3)),
      ];
    });
    printTable(header, rows);

    let printedHeading = false;
    for (const [route, runs] of audits) {
      // One line per audit (the value of the last run that failed it).
      const byAudit = new Map(runs.flatMap((run) => run.failing).map((item) => [item.replace(/ \(.*$/, ''), item]));
      const items = [...byAudit.values()].sort();
      if (!items.length) continue;
      if (!printedHeading) console.log('\nAudits that cost points (by page):');
      printedHeading = true;
      console.log(`  ${route}`);
      for (const item of items) console.log(`    ${item}`);
    }
    const warnings = new Set([...audits.values()].flatMap((runs) => runs.flatMap((run) => run.warnings)));
    for (const warning of warnings) console.log(`Lighthouse warning: ${warning}`);
    if (!options.lighthouse) console.log('\nLighthouse skipped (--no-lighthouse).');
    if (lighthouseProblem) {
      console.log(`\nLighthouse could not run: ${lighthouseProblem}`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
