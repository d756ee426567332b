#!/usr/bin/env node
// @ts-check
// Renders the nginx configuration of the site for one place it runs: fills in
// deploy/nginx/nginx.conf.template and writes, into one directory, nginx.conf with the files it
// includes (security-headers.conf, mime.types and csp.conf, the policy made from the build).
//
//   node deploy/render-nginx.mjs --build DIR [--out DIR] [--port N] [--host ADDR] [--root PATH]
//        [--runtime DIR] [--logs DIR] [--user NAME] [--hosted [--algolia-app-id ID] | --embedded]
//        [--connect-src SOURCE]...
//
//   --build    the build whose HTML the Content-Security-Policy is computed from (required)
//   --out      where to write the configuration (default deploy/nginx/generated)
//   --port     the port to listen on (default 8080); --host limits it to one address (e.g. 127.0.0.1)
//   --root     the directory nginx serves, as nginx will see it (default: --build)
//   --runtime  a writable directory for the pid file and temporary files (default /tmp)
//   --logs     a directory for access.log and error.log (default: /dev/stdout and stderr)
//   --user     the user of the worker processes, only when nginx starts as root
//   --hosted   hosted Algolia search: allow its hosts in connect-src (default: detected, else embedded)
//   --algolia-app-id  the Algolia app the site was built with (default: ALGOLIA_APP_ID); hosted
//              search allows that app's hosts only
//   --connect-src  one more connect-src source (repeatable; tests use it for an Algolia double)
//
// CSP_REPORT_URI and CSP_REPORT_MODE turn on violation reports (off by default; see deploy/csp.mjs).
//
// Then: nginx -p OUT -c OUT/nginx.conf -g 'daemon off;'
// The container recipe (deploy/Dockerfile) and the tests (support/nginx.mjs) both use it.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cspNginxLine, cspReportSettings, policyForBuild} from './csp.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NGINX_DIR = path.join(HERE, 'nginx');
/** Files copied unchanged next to the rendered nginx.conf. */
const STATIC_INCLUDES = ['security-headers.conf', 'mime.types'];

/**
 * A value nginx reads as one token: no whitespace, quotes, semicolons, braces or variables.
 * @param {string} name
 * @param {string} value
 */
function token(name, value) {
  if (!value || /[\s"';{}$#\\]/.test(value)) {
    throw new Error(
      `${name} cannot be written into the nginx configuration: ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * @typedef {object} RenderOptions
 * @property {string} build the build directory (read for the CSP)
 * @property {string} out the directory to write the configuration to
 * @property {number} [port] default 8080
 * @property {string} [host] listen on this address only
 * @property {string} [root] the served directory as nginx sees it; default `build`
 * @property {string} [runtime] pid file and temporary files; default /tmp
 * @property {string} [logs] directory for access.log and error.log; default stdout/stderr
 * @property {string} [user] worker user when the master runs as root
 * @property {boolean} [hosted] hosted Algolia search; default detected from the build, else embedded
 * @property {string} [algoliaAppId] the Algolia app of hosted search
 * @property {string[]} [connectSources] more connect-src sources
 * @property {{uri: string, mode: 'report-only' | 'enforce'}} [report] violation reports (cspReportSettings)
 * @property {boolean} [withoutPolicy] no Content-Security-Policy: for a build that is not this site's
 *   (the page benchmark's peer), which has none of the files the policy is made from
 */

/**
 * Writes nginx.conf and its includes into `options.out`.
 * @param {RenderOptions} options
 * @returns {{conf: string, policy: string, mode: 'embedded' | 'hosted', hashes: string[], warnings: string[]}}
 */
export function renderNginx(options) {
  const build = path.resolve(options.build);
  const out = path.resolve(options.out);
  const port = options.port ?? 8080;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`--port must be a port number, not ${port}`);
  }
  const runtime = options.runtime ?? '/tmp';
  const listen = options.host ? `${token('--host', options.host)}:${port}` : String(port);
  const logs = options.logs;

  const {policy, mode, hashes, warnings} = options.withoutPolicy
    ? {policy: '', mode: /** @type {const} */ ('embedded'), hashes: [], warnings: []}
    : policyForBuild(build, {
        hosted: options.hosted,
        algoliaAppId: options.algoliaAppId,
        extraConnectSources: options.connectSources ?? [],
      });

  /** @type {Record<string, string>} */
  const values = {
    USER: options.user ? `user ${token('--user', options.user)};\n` : '',
    PID: token('--runtime', path.posix.join(runtime, 'nginx.pid')),
    TEMP: token('--runtime', runtime),
    // `stderr` is nginx's own name for file descriptor 2: nothing to open, so no permission to lack.
    ERROR_LOG: logs ? token('--logs', path.join(logs, 'error.log')) : 'stderr',
    ACCESS_LOG: logs ? token('--logs', path.join(logs, 'access.log')) : '/dev/stdout',
    LISTEN: listen,
    ROOT: token('--root', options.root ?? build),
  };
  const template = fs.readFileSync(path.join(NGINX_DIR, 'nginx.conf.template'), 'utf8');
  const conf = template.replace(/\{\{([A-Z_]+)\}\}/g, (match, name) => {
    if (!(name in values)) {
      throw new Error(`nginx.conf.template uses ${match}, which render-nginx.mjs does not know`);
    }
    return values[name];
  });

  fs.mkdirSync(out, {recursive: true});
  fs.writeFileSync(path.join(out, 'nginx.conf'), conf);
  for (const file of STATIC_INCLUDES) {
    fs.copyFileSync(path.join(NGINX_DIR, file), path.join(out, file));
  }
  fs.writeFileSync(
    path.join(out, 'csp.conf'),
    options.withoutPolicy ? '' : cspNginxLine(policy, options.report),
  );
  return {conf: path.join(out, 'nginx.conf'), policy, mode, hashes, warnings};
}

/** @param {string[]} argv */
function parseArguments(argv) {
  /** @type {RenderOptions} */
  const options = {
    build: '',
    out: path.join(NGINX_DIR, 'generated'),
    connectSources: [],
    algoliaAppId: process.env.ALGOLIA_APP_ID?.trim() || undefined,
  };
  /** @param {number} i */
  const value = (i) => {
    if (i >= argv.length || argv[i].startsWith('--'))
      throw new Error(`${argv[i - 1]} needs a value`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--build':
        options.build = value(++i);
        break;
      case '--out':
        options.out = value(++i);
        break;
      case '--port':
        options.port = Number(value(++i));
        break;
      case '--host':
        options.host = value(++i);
        break;
      case '--root':
        options.root = value(++i);
        break;
      case '--runtime':
        options.runtime = value(++i);
        break;
      case '--logs':
        options.logs = value(++i);
        break;
      case '--user':
        options.user = value(++i);
        break;
      case '--hosted':
        options.hosted = true;
        break;
      case '--embedded':
        options.hosted = false;
        break;
      case '--algolia-app-id':
        options.algoliaAppId = value(++i);
        break;
      case '--connect-src':
        options.connectSources?.push(value(++i));
        break;
      default:
        throw new Error(
          `Unknown argument: ${arg} (see the comment at the top of deploy/render-nginx.mjs)`,
        );
    }
  }
  if (!options.build) throw new Error('--build DIR is required');
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArguments(process.argv.slice(2));
    const result = renderNginx({...options, report: cspReportSettings(process.env)});
    for (const warning of result.warnings) console.error(`render-nginx: warning: ${warning}`);
    console.error(
      `render-nginx: ${result.conf} (${result.mode} search, ${result.hashes.length} inline script hashes)`,
    );
  } catch (error) {
    console.error(`render-nginx: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
