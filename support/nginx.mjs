// @ts-check
// Starts Debian's nginx over a build with the production configuration (deploy/nginx, rendered by
// deploy/render-nginx.mjs): on 127.0.0.1 with a free port, as the current user, everything it writes
// (pid, logs, temporary files, the rendered configuration) in a fresh temporary directory, in the
// foreground as a child process. The browser tests (tests/e2e/serving.test.ts) and the benchmarks
// (bench/load.mjs, bench/pages.mjs) share this one implementation; it is plain Node so both can.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {renderNginx} from '../deploy/render-nginx.mjs';
import {freePort, waitUntilServing} from './servers.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The root of the repository. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build the serving tests and benchmarks use: `FSC_BUILD_DIR`, else the repository's `build/`. */
export function servingBuildDir() {
  return path.resolve(process.env.FSC_BUILD_DIR || path.join(REPO_ROOT, 'build'));
}

/**
 * @typedef {object} NginxServer
 * @property {string} origin `http://127.0.0.1:<port>`
 * @property {string} policy the Content-Security-Policy it sends
 * @property {'embedded' | 'hosted'} mode the search mode the policy was made for
 * @property {string} dir the temporary directory (configuration in conf/, logs in logs/)
 * @property {() => string} errorLog the error log so far
 * @property {() => Promise<void>} close stops nginx and removes the directory
 */

/**
 * @param {string} buildDir the build to serve
 * @param {{hosted?: boolean, connectSources?: string[], keep?: boolean, withoutPolicy?: boolean}} [options]
 *   hosted: the hosted-search policy (default: detected from the build, else embedded);
 *   withoutPolicy: no Content-Security-Policy, for a build that is not this site's (render-nginx.mjs);
 *   keep: leave the temporary directory behind (also with FSC_KEEP_NGINX=1)
 * @returns {Promise<NginxServer>}
 */
export async function startNginx(buildDir, options = {}) {
  const root = path.resolve(buildDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `No build in ${root}: build the site first (npm run build), or set FSC_BUILD_DIR.`,
    );
  }
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `${NGINX} is missing: install Debian's nginx (bash scripts/system-deps.sh) or set NGINX_PATH.`,
    );
  }
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(root, options);
    } catch (error) {
      lastError = error;
      // Another process took the port between freePort() and nginx's bind: try another one.
      if (!/Address already in use/.test(String(error))) throw error;
    }
  }
  throw lastError;
}

/**
 * @param {string} root
 * @param {{hosted?: boolean, connectSources?: string[], keep?: boolean, withoutPolicy?: boolean}} options
 * @returns {Promise<NginxServer>}
 */
async function startOnce(root, options) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-nginx-'));
  const confDir = path.join(dir, 'conf');
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs);
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const {conf, policy, mode} = renderNginx({
    build: root,
    out: confDir,
    host: '127.0.0.1',
    port,
    runtime: dir,
    logs,
    // Started as root, nginx would hand its workers to "nobody", who cannot enter this directory.
    user: isRoot ? os.userInfo().username : undefined,
    hosted: options.hosted,
    connectSources: options.connectSources,
    withoutPolicy: options.withoutPolicy,
  });
  const errorLogPath = path.join(logs, 'error.log');
  const child = spawn(NGINX, ['-p', confDir, '-c', conf, '-e', errorLogPath, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const errorLog = () => (fs.existsSync(errorLogPath) ? fs.readFileSync(errorLogPath, 'utf8') : '');
  const origin = `http://127.0.0.1:${port}`;
  const keep = options.keep || process.env.FSC_KEEP_NGINX === '1';
  const cleanUp = () => {
    if (!keep) fs.rmSync(dir, {recursive: true, force: true});
  };
  try {
    await waitUntilServing(`${origin}/`, child, 10_000, 'nginx');
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    const detail = `${stderr}${errorLog()}`.trim();
    cleanUp();
    throw new Error(`${error instanceof Error ? error.message : error}\n${detail}`);
  }

  let closing;
  return {
    origin,
    policy,
    mode,
    dir,
    errorLog,
    close() {
      closing ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          // SIGTERM: nginx's fast shutdown; its workers go with the master.
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
        cleanUp();
      })();
      return closing;
    },
  };
}
