#!/usr/bin/env node
// @ts-check
// The Content-Security-Policy of the site, computed from a build.
//
// Docusaurus puts a few small inline scripts into the pages (colour mode, announcement bar, the
// base-URL banner). The policy allows exactly those, by their sha256 hash, and nothing else inline:
// never 'unsafe-inline' for scripts, never 'unsafe-eval'. Each inline script must also be on the
// reviewed list deploy/inline-scripts.json (its hash and what it is for): a script that is not, one
// a doc or a plugin brought in, fails this step naming the file and printing the script, instead of
// being allowed silently. The policy is made from the built HTML files, right after `npm run build`.
//
//   node deploy/csp.mjs [--build build] [--hosted | --embedded] [--out FILE | --print]
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

/** The hosts of hosted Algolia search (queries and, when enabled, Insights events). */
export const ALGOLIA_CONNECT_SOURCES = [
  'https://*.algolia.net',
  'https://*.algolianet.com',
  'https://*.algolia.io',
];

/** The `<meta>` the search-index plugin writes into every page when the site uses its embedded index. */
const EMBEDDED_INDEX_META = /<meta\s[^>]*name=["']?fsc:search-index["'\s>/]/i;

/** The reviewed inline scripts: `[{sha256, purpose}]`, each `sha256` a CSP source expression. */
export const ALLOWED_SCRIPTS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'inline-scripts.json',
);

/**
 * The reviewed list as a map from hash to purpose; a malformed list fails, naming the entry.
 * @param {string} [file]
 * @returns {Map<string, string>}
 */
export function readAllowedScripts(file = ALLOWED_SCRIPTS_FILE) {
  const where = path.relative(process.cwd(), file) || file;
  let entries;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${where} cannot be read as JSON: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (!Array.isArray(entries)) throw new Error(`${where} must be a list of {sha256, purpose}`);
  const allowed = new Map();
  entries.forEach((entry, i) => {
    if (
      typeof entry?.sha256 !== 'string' ||
      !/^'sha256-[A-Za-z0-9+/]{43}='$/.test(entry.sha256) ||
      typeof entry.purpose !== 'string' ||
      entry.purpose.trim() === ''
    ) {
      throw new Error(
        `${where}, entry ${i + 1}: needs "sha256" ('sha256-<base64>', quotes included) and a "purpose": ${JSON.stringify(entry)}`,
      );
    }
    allowed.set(entry.sha256, entry.purpose);
  });
  return allowed;
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

/**
 * The inline scripts of one HTML document that the browser executes: `<script>` elements without
 * `src` whose type is JavaScript (or absent), a module, an import map or speculation rules. Data
 * blocks such as `application/ld+json` are not run and CSP does not apply to them.
 *
 * The document is parsed as a browser parses it (parse5, through cheerio), not matched as text:
 * `<script>` inside an attribute value or a comment is no element, and a script's text is what the
 * browser hashes (line breaks normalised, character references left alone).
 * @param {string} html
 * @returns {string[]} the text of each script
 */
export function inlineScripts(html) {
  const $ = loadHtml(html);
  /** @type {string[]} */
  const scripts = [];
  $('script').each((_, element) => {
    const script = $(element);
    const type = (script.attr('type') ?? '').trim();
    if (script.attr('src') === undefined && (type === '' || JS_MIME.test(type))) {
      scripts.push(script.text());
    }
  });
  return scripts;
}

/**
 * The CSP source expression for one script text: `'sha256-<base64>'` of its UTF-8 bytes.
 * @param {string} text
 */
export function scriptHash(text) {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The hash of every inline script in every HTML file of a build, without duplicates, sorted (so the
 * same build always gives the same policy). A script whose hash is not on the reviewed list fails.
 * @param {string} buildDir
 * @param {Map<string, string>} [allowed] the reviewed list (readAllowedScripts)
 * @returns {{hashes: string[], scripts: number, files: number}}
 */
export function collectInlineScriptHashes(buildDir, allowed = readAllowedScripts()) {
  const files = htmlFiles(buildDir);
  if (files.length === 0) {
    throw new Error(`No HTML files in ${buildDir}: build the site first (npm run build).`);
  }
  const hashes = new Set();
  let scripts = 0;
  for (const file of files) {
    for (const script of inlineScripts(fs.readFileSync(file, 'utf8'))) {
      const hash = scriptHash(script);
      if (!allowed.has(hash)) {
        throw new Error(
          [
            `${path.relative(buildDir, file)} (in ${buildDir}) has an inline script that is not on the reviewed list, ${path.relative(process.cwd(), ALLOWED_SCRIPTS_FILE)}:`,
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
 * @param {{hashes: string[], hosted?: boolean, extraConnectSources?: string[]}} options
 */
export function contentSecurityPolicy({hashes, hosted = false, extraConnectSources = []}) {
  const connect = ["'self'", ...(hosted ? ALGOLIA_CONNECT_SOURCES : []), ...extraConnectSources];
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
 * @param {{hosted?: boolean, extraConnectSources?: string[]}} [options]
 */
export function policyForBuild(buildDir, options = {}) {
  const {hashes, scripts, files} = collectInlineScriptHashes(buildDir);
  const detected = detectSearchMode(buildDir);
  const mode =
    options.hosted === undefined
      ? (detected ?? 'embedded')
      : options.hosted
        ? 'hosted'
        : 'embedded';
  const policy = contentSecurityPolicy({
    hashes,
    hosted: mode === 'hosted',
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
  /** @type {{build: string, out: string | undefined, print: boolean, hosted: boolean | undefined}} */
  const options = {build: 'build', out: undefined, print: false, hosted: undefined};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--build') options.build = argv[++i];
    else if (arg === '--out') options.out = argv[++i];
    else if (arg === '--print') options.print = true;
    else if (arg === '--hosted') options.hosted = true;
    else if (arg === '--embedded') options.hosted = false;
    else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: node deploy/csp.mjs [--build DIR] [--hosted | --embedded] [--out FILE | --print]',
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
    result = policyForBuild(path.resolve(options.build), {hosted: options.hosted});
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
      `csp: ${result.files} HTML files, ${result.scripts} inline scripts, ${result.hashes.length} distinct hashes, ${result.mode} search -> ${out}`,
    );
  }
}
