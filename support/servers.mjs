// @ts-check
// Starting local servers for the tests and benchmarks: a free port on 127.0.0.1, and waiting until
// a child process's server answers.
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';

/**
 * A port nobody listens on right now (the server binds it a moment later; callers retry a clash).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers an HTTP request (any status), rejects when `child` exits first or
 * the time runs out.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 * @param {string} name the server, for the error message
 * @returns {Promise<void>}
 */
export function waitUntilServing(url, child, timeoutMs, name) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let settled = false;
    /** @param {Error} [error] */
    const finish = (error) => {
      if (settled) return;
      settled = true;
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(undefined);
    };
    /** @param {number | null} code @param {NodeJS.Signals | null} signal */
    const onExit = (code, signal) =>
      finish(new Error(`${name} exited (${signal ?? code}) before it served`));
    child.on('exit', onExit);
    const attempt = () => {
      if (settled) return;
      const request = http.get(url, {agent: false}, (response) => {
        response.resume();
        finish();
      });
      request.on('error', () => {
        if (Date.now() > deadline)
          finish(new Error(`${name} did not answer ${url} within ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** An IPv4 address of this machine other than loopback, if it has one. */
export const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

/**
 * How a TCP connection to `port` on `host` ends: 'connected', an error code such as
 * 'ECONNREFUSED', or 'timeout' after 5 s. A server bound to every interface (0.0.0.0) accepts one
 * on the machine's outside address too.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<string>}
 */
export function connectOutcome(host, port) {
  const socket = net.connect({host, port});
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('error', (error) =>
      resolve(/** @type {NodeJS.ErrnoException} */ (error).code ?? 'error'),
    );
    socket.setTimeout(5_000, () => resolve('timeout'));
  }).finally(() => socket.destroy());
}
