#!/usr/bin/env node
// @ts-check
// The Content-Security-Policy of the site, computed from a build.
//
// Docusaurus puts a few small inline scripts into the pages (colour mode, announcement bar, the
// base-URL banner). The policy allows exactly those, by their sha256 hash, and nothing else inline:
// never 'unsafe-inline' for scripts, never 'unsafe-eval'. Each inline script must also be on the
// reviewed list deploy/reviewed-scripts.json (its hash and what it is for): a script that is not,
// one a doc or a plugin brought in, fails this step naming the file and printing the script, instead
// of being allowed silently. Scripts loaded by `src` are checked too, since script-src 'self' runs
// any file of the site: each must be a bundle the build emitted (plugins/emitted-scripts/list.mjs) or a
// file on the reviewed list. The policy is made from the built HTML files, right after the build.
//
//   node deploy/csp.mjs [--build build] [--hosted [--algolia-app-id ID] | --embedded] [--out FILE | --print]
//
// Hosted search allows only the hosts of the Algolia app the site was built with: --algolia-app-id,
// by default ALGOLIA_APP_ID, the variable the build read.
//
// CSP_REPORT_URI (an https URL, or a path of this site) turns on violation reports, off by default.
// CSP_REPORT_MODE says how: `report-only` (the default once a URI is set) sends the same policy a
// second time, as Content-Security-Policy-Report-Only with the URI, so what is reported changes
// nothing for visitors; `enforce` adds the URI to the enforced policy, once the reports are quiet.
//
// Without --out or --print it writes deploy/nginx/generated/csp.conf (an nginx `add_header` line).
// It parses the pages with cheerio, a dependency of the project: run it after `npm install`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {load as loadHtml} from 'cheerio';
import {EMITTED_SCRIPTS_FILE, readEmittedScripts} from '../plugins/emitted-scripts/list.mjs';

/**
 * The hosts hosted Algolia search reaches for one app: its search host and the three fallbacks the
 * client (algoliasearch 5) turns to when that one fails. Only the configured app's, never every
 * Algolia app's (`*.algolia.net`): a page could otherwise send what it reads to any Algolia account.
 * @param {string} appId ALGOLIA_APP_ID, as the build used it
 * @returns {string[]}
 */
export function algoliaConnectSources(appId) {
  if (!/^[A-Za-z0-9]{1,64}$/.test(appId)) {
    throw new Error(
      `hosted search needs the Algolia app id the site was built with, letters and digits only (ALGOLIA_APP_ID or --algolia-app-id): "${appId}"`,
    );
  }
  const app = appId.toLowerCase();
  return [
    `https://${app}-dsn.algolia.net`,
    `https://${app}-1.algolianet.com`,
    `https://${app}-2.algolianet.com`,
    `https://${app}-3.algolianet.com`,
  ];
}

/** The `<meta>` the search-index plugin writes into every page when the site uses its embedded index. */
const EMBEDDED_INDEX_META = /<meta\s[^>]*name=["']?fsc:search-index["'\s>/]/i;

/**
 * The reviewed scripts that are not the build's own bundles: inline ones, `{sha256, purpose}`, and
 * files a page loads by `src`, `{src, sha256, purpose}` (the site path and the hash of the file's
 * bytes). Each `sha256` is a CSP source expression.
 */
export const REVIEWED_SCRIPTS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'reviewed-scripts.json',
);

/**
 * @typedef {object} ReviewedScripts
 * @property {Map<string, string>} inline the inline scripts, from hash to purpose
 * @property {Map<string, string>} files the files loaded by `src`, from site path to hash
 */

/**
 * The reviewed list; a malformed list fails, naming the entry.
 * @param {string} [file]
 * @returns {ReviewedScripts}
 */
export function readReviewedScripts(file = REVIEWED_SCRIPTS_FILE) {
  const where = path.relative(process.cwd(), file) || file;
  let entries;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${where} cannot be read as JSON: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (!Array.isArray(entries)) {
    throw new Error(`${where} must be a list of {sha256, purpose} and {src, sha256, purpose}`);
  }
  /** @type {ReviewedScripts} */
  const reviewed = {inline: new Map(), files: new Map()};
  entries.forEach((entry, i) => {
    if (
      typeof entry?.sha256 !== 'string' ||
      !/^'sha256-[A-Za-z0-9+/]{43}='$/.test(entry.sha256) ||
      typeof entry.purpose !== 'string' ||
      entry.purpose.trim() === '' ||
      (entry.src !== undefined && (typeof entry.src !== 'string' || !/^\/[^/\\]/.test(entry.src)))
    ) {
      throw new Error(
        `${where}, entry ${i + 1}: needs "sha256" ('sha256-<base64>', quotes included), a "purpose" and, for a file, its "src" (a path of the site): ${JSON.stringify(entry)}`,
      );
    }
    if (entry.src === undefined) reviewed.inline.set(entry.sha256, entry.purpose);
    else reviewed.files.set(entry.src, entry.sha256);
  });
  return reviewed;
}

/** `type` values of `<script>` elements the browser runs (or, for import maps and speculation rules, reads under script-src). */
const JS_MIME =
  /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript)|text\/javascript1\.[0-5]|module|importmap|speculationrules)$/i;

/**
 * Every `.html` file under `dir`, sorted.
 * @param {string} dir
 * @returns {string[]}
 */
export function htmlFiles(dir) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} current */
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, {withFileTypes: true})) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.isFile() && entry.name.endsWith('.html')) {
        found.push(full);
      }
    }
  };
  walk(dir);
  return found.sort();
}

/** The namespace of `<svg>`'s elements: its `<script>` names its file with `href`, not `src`. */
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * The scripts of one HTML document: the text of each inline script the browser executes
 * (`<script>` without `src` whose type is JavaScript or absent, a module, an import map or
 * speculation rules; data blocks such as `application/ld+json` are not run and CSP does not apply
 * to them), and the `src` of every script that names a file, whatever its type.
 *
 * The document is parsed as a browser parses it (parse5, through cheerio), not matched as text:
 * `<script>` inside an attribute value or a comment is no element, and a script's text is what the
 * browser hashes (line breaks normalised, character references left alone).
 * @param {string} html
 * @returns {{inline: string[], sources: string[]}}
 */
export function pageScripts(html) {
  const $ = loadHtml(html);
  /** @type {{inline: string[], sources: string[]}} */
  const scripts = {inline: [], sources: []};
  $('script').each((_, element) => {
    const script = $(element);
    const source =
      element.namespace === SVG_NAMESPACE
        ? (script.attr('href') ?? script.attr('xlink:href'))
        : script.attr('src');
    const type = (script.attr('type') ?? '').trim();
    if (source !== undefined) scripts.sources.push(source);
    else if (type === '' || JS_MIME.test(type)) scripts.inline.push(script.text());
  });
  return scripts;
}

/**
 * The CSP source expression for one script: `'sha256-<base64>'` of its UTF-8 bytes (or the bytes
 * of its file).
 * @param {string | Buffer} script
 */
export function scriptHash(script) {
  return `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
}

/** A stand-in origin for resolving a page's script addresses: only its own paths count. */
const SITE = 'https://site.invalid';

/**
 * The site paths a script address means on one page, or undefined for another origin (or an
 * address no server would map to a file). The page is served at its file's path and, for an
 * `index.html`, also at its folder without the slash, where a relative address means another path.
 * @param {string} source the `src` as written
 * @param {string} page the HTML file, relative to the build
 * @returns {string[] | undefined}
 */
function sitePathsOf(source, page) {
  const pageUrls = [`/${page}`];
  if (page.endsWith('/index.html')) pageUrls.push(`/${page.slice(0, -'/index.html'.length)}`);
  /** @type {Set<string>} */
  const paths = new Set();
  for (const pageUrl of pageUrls) {
    const url = new URL(source, SITE + pageUrl);
    if (url.origin !== SITE) return undefined;
    try {
      paths.add(decodeURIComponent(url.pathname));
    } catch {
      return undefined;
    }
  }
  return [...paths];
}

/**
 * Checks every script of every HTML file of a build and returns the hashes of the inline ones,
 * without duplicates, sorted (so the same build always gives the same policy). An inline script
 * must be on the reviewed list; a script loaded by `src` must be one the build's bundler emitted
 * (plugins/emitted-scripts/list.mjs) or a file on the reviewed list with the same bytes. Anything else
 * fails, naming the page and the script: script-src 'self' would run any file of the site.
 * @param {string} buildDir
 * @param {ReviewedScripts} [reviewed] the reviewed list (readReviewedScripts)
 * @returns {{hashes: string[], scripts: number, files: number}}
 */
export function checkBuildScripts(buildDir, reviewed = readReviewedScripts()) {
  const files = htmlFiles(buildDir);
  if (files.length === 0) {
    throw new Error(`No HTML files in ${buildDir}: build the site first (npm run build).`);
  }
  const emitted = readEmittedScripts(buildDir);
  const list = path.relative(process.cwd(), REVIEWED_SCRIPTS_FILE);
  /** @param {string} sitePath */
  const isReviewedFile = (sitePath) => {
    const file = path.join(buildDir, sitePath);
    return (
      reviewed.files.has(sitePath) &&
      fs.existsSync(file) &&
      reviewed.files.get(sitePath) === scriptHash(fs.readFileSync(file))
    );
  };
  const hashes = new Set();
  let scripts = 0;
  for (const file of files) {
    const page = path.relative(buildDir, file).split(path.sep).join('/');
    const {inline, sources} = pageScripts(fs.readFileSync(file, 'utf8'));
    for (const script of inline) {
      const hash = scriptHash(script);
      if (!reviewed.inline.has(hash)) {
        throw new Error(
          [
            `${page} (in ${buildDir}) has an inline script that is not on the reviewed list, ${list}:`,
            '----',
            script,
            '----',
            `If it belongs in the site, review it and add {"sha256": "${hash}", "purpose": "<what it does>"} to the list; otherwise remove it from the doc or plugin that adds it.`,
          ].join('\n'),
        );
      }
      hashes.add(hash);
      scripts += 1;
    }
    for (const source of sources) {
      const sitePaths = sitePathsOf(source, page);
      const unknown = sitePaths?.find(
        (sitePath) => !emitted.has(sitePath) && !isReviewedFile(sitePath),
      );
      if (sitePaths === undefined || unknown !== undefined) {
        const file = unknown && path.resolve(buildDir, `.${unknown}`);
        const entry =
          file?.startsWith(path.resolve(buildDir) + path.sep) &&
          fs.existsSync(file) &&
          fs.statSync(file).isFile()
            ? `{"src": "${unknown}", "sha256": "${scriptHash(fs.readFileSync(file))}", "purpose": "<what it does>"}`
            : `{"src": "<its path>", "sha256": "<the hash of its bytes>", "purpose": "<what it does>"}`;
        throw new Error(
          [
            `${page} (in ${buildDir}) loads the script ${JSON.stringify(source)}, which is neither a bundle the build emitted (${EMITTED_SCRIPTS_FILE}) nor a file on the reviewed list, ${list}.`,
            `If it belongs in the site, review it and add ${entry} to the list; otherwise remove it from the doc, static file or plugin that adds it.`,
          ].join('\n'),
        );
      }
      scripts += 1;
    }
  }
  return {hashes: [...hashes].sort(), scripts, files: files.length};
}

/**
 * Which search the build uses. A page carrying the embedded index's `<meta>` means embedded; the
 * index file at the root means the same. Anything else cannot be told apart from a build made before
 * the meta existed, so the caller decides with `--hosted`/`--embedded`, and embedded (the stricter
 * policy) is the default.
 * @param {string} buildDir
 * @returns {'embedded' | 'hosted' | undefined}
 */
export function detectSearchMode(buildDir) {
  const index = path.join(buildDir, 'index.html');
  if (fs.existsSync(index) && EMBEDDED_INDEX_META.test(fs.readFileSync(index, 'utf8'))) {
    return 'embedded';
  }
  if (fs.readdirSync(buildDir).some((name) => /^search-index\.[^.]+\.json$/.test(name))) {
    return 'embedded';
  }
  return undefined;
}

/**
 * The policy itself, as one header value.
 * @param {{hashes: string[], algoliaAppId?: string, extraConnectSources?: string[]}} options
 *   algoliaAppId: hosted search, with this app
 */
export function contentSecurityPolicy({hashes, algoliaAppId, extraConnectSources = []}) {
  const connect = [
    "'self'",
    ...(algoliaAppId === undefined ? [] : algoliaConnectSources(algoliaAppId)),
    ...extraConnectSources,
  ];
  /** @type {[string, string[]][]} */
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes]],
    // Inline styles: the theme server-renders style attributes (`<svg style="display: none">`, the
    // search page's logo `<style>`), and Mermaid puts a `<style>` element and style attributes into
    // every diagram it draws at run time, so they cannot be hashed ahead of time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['object-src', ["'none'"]],
    // No page sets a <base>; an injected one could redirect every relative URL.
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Where violation reports go, from CSP_REPORT_URI and CSP_REPORT_MODE; undefined when off (the
 * default). A wrong value fails, naming the variable.
 * @param {Record<string, string | undefined>} env
 * @returns {{uri: string, mode: 'report-only' | 'enforce'} | undefined}
 */
export function cspReportSettings(env) {
  const uri = env.CSP_REPORT_URI?.trim() ?? '';
  const mode = env.CSP_REPORT_MODE?.trim() ?? '';
  if (mode && mode !== 'report-only' && mode !== 'enforce') {
    throw new Error(`CSP_REPORT_MODE must be "report-only" or "enforce", not "${mode}"`);
  }
  if (!uri) {
    if (mode) throw new Error(`CSP_REPORT_MODE is "${mode}", but CSP_REPORT_URI is not set`);
    return undefined;
  }
  const sitePath = /^\/(?![/\\])/.test(uri);
  let https = false;
  try {
    https = new URL(uri).protocol === 'https:';
  } catch {
    // not an absolute URL: only a site path will do
  }
  if ((!sitePath && !https) || /[\s"';,\\$]/.test(uri)) {
    throw new Error(
      `CSP_REPORT_URI must be an https URL or a path of this site, without spaces, quotes, ";", "," or "$": "${uri}"`,
    );
  }
  return {uri, mode: mode === 'enforce' ? 'enforce' : 'report-only'};
}

/**
 * The nginx lines that send the policy on every response (`always`: on errors and redirects too),
 * and with reporting on, where violations are reported (see CSP_REPORT_URI above).
 * @param {string} policy
 * @param {{uri: string, mode: 'report-only' | 'enforce'}} [report]
 */
export function cspNginxLine(policy, report) {
  if (/["\\$]/.test(policy)) {
    throw new Error(`The policy holds a character nginx would misread: ${policy}`);
  }
  /**
   * @param {string} name
   * @param {string} value
   */
  const header = (name, value) => `add_header ${name} "${value}" always;\n`;
  if (!report) return header('Content-Security-Policy', policy);
  const reported = `${policy}; report-uri ${report.uri}`;
  return report.mode === 'enforce'
    ? header('Content-Security-Policy', reported)
    : header('Content-Security-Policy', policy) +
        header('Content-Security-Policy-Report-Only', reported);
}

/**
 * Everything the renderer and the tests need from a build in one call.
 * @param {string} buildDir
 * @param {{hosted?: boolean, algoliaAppId?: string, extraConnectSources?: string[]}} [options]
 *   algoliaAppId: the app of hosted search (required when the policy is for hosted search)
 */
export function policyForBuild(buildDir, options = {}) {
  const {hashes, scripts, files} = checkBuildScripts(buildDir);
  const detected = detectSearchMode(buildDir);
  const mode =
    options.hosted === undefined
      ? (detected ?? 'embedded')
      : options.hosted
        ? 'hosted'
        : 'embedded';
  const policy = contentSecurityPolicy({
    hashes,
    algoliaAppId: mode === 'hosted' ? (options.algoliaAppId ?? '') : undefined,
    extraConnectSources: options.extraConnectSources,
  });
  /** @type {string[]} */
  const warnings = [];
  if (options.hosted === undefined && detected === undefined) {
    warnings.push(
      'the build does not say which search it uses (no fsc:search-index meta, no index file): assuming embedded; pass --hosted for hosted Algolia',
    );
  }
  if (options.hosted === true && detected === 'embedded') {
    warnings.push(
      '--hosted, but the build carries the embedded search index: Algolia hosts are allowed for nothing',
    );
  }
  return {policy, hashes, scripts, files, mode, warnings};
}

/** @param {string[]} argv */
function parseArguments(argv) {
  /** @type {{build: string, out: string | undefined, print: boolean, hosted: boolean | undefined, algoliaAppId: string | undefined}} */
  const options = {
    build: 'build',
    out: undefined,
    print: false,
    hosted: undefined,
    algoliaAppId: process.env.ALGOLIA_APP_ID?.trim() || undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--build') options.build = argv[++i];
    else if (arg === '--out') options.out = argv[++i];
    else if (arg === '--print') options.print = true;
    else if (arg === '--hosted') options.hosted = true;
    else if (arg === '--embedded') options.hosted = false;
    else if (arg === '--algolia-app-id') options.algoliaAppId = argv[++i];
    else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: node deploy/csp.mjs [--build DIR] [--hosted [--algolia-app-id ID] | --embedded] [--out FILE | --print]',
      );
      process.exit(0);
    } else {
      throw new Error(`Unknown argument: ${arg}`);
    }
  }
  if (!options.build) throw new Error('--build needs a directory');
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArguments(process.argv.slice(2));
  let result;
  let line;
  try {
    result = policyForBuild(path.resolve(options.build), {
      hosted: options.hosted,
      algoliaAppId: options.algoliaAppId,
    });
    line = cspNginxLine(result.policy, cspReportSettings(process.env));
  } catch (error) {
    console.error(`csp: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  if (options.print) {
    process.stdout.write(line);
  } else {
    const out =
      options.out ??
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx/generated/csp.conf');
    fs.mkdirSync(path.dirname(out), {recursive: true});
    fs.writeFileSync(out, line);
    console.error(
      `csp: ${result.files} HTML files, ${result.scripts} scripts, ${result.hashes.length} distinct hashes, ${result.mode} search -> ${out}`,
    );
  }
}
