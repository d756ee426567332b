// @ts-check
// A directory served on 127.0.0.1 as the production server sends it (deploy/nginx: text files
// gzipped at level 9, gzip_static's level; other files as they are), for the search-scale
// benchmark (packages/search/bench/search-scale.mjs). HTTP/2 over TLS with a certificate made for
// the run, as a site is served today: over HTTP/1.1 Chromium opens at most 6 connections to a
// host, so the seventh of many requests made together would wait for an answer and look like a
// round trip of its own. The server notes, per answer, the file, its body's bytes as sent, and
// when the request arrived and was answered (its one clock, unlike the browser's reports, whose
// start and end times come from different clocks). Each answer can wait `delayMs`, so that the
// requests a page makes together have all arrived before any is answered.
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdir, readFile} from 'node:fs/promises';
import http2 from 'node:http2';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

/** Content types by extension; the text ones are gzipped. Anything else is sent as bytes. */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
};

/**
 * @typedef {{path: string, bytes: number, arrived: number, answered: number}} Answer
 * @typedef {object} GzipServer
 * @property {string} origin
 * @property {(ms: number) => void} setDelay how long each answer waits from now on
 * @property {() => Answer[]} take the answers sent since the last call (times in ms, one clock)
 * @property {() => Promise<void>} close
 */

/**
 * A self-signed certificate for 127.0.0.1 in `dir`, made once with openssl.
 * @param {string} dir
 */
async function certificate(dir) {
  await mkdir(dir, {recursive: true});
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  if (!existsSync(cert)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      {stdio: 'ignore'},
    );
  }
  return {key: await readFile(key), cert: await readFile(cert)};
}

/**
 * Serves `dir` on 127.0.0.1 at a free port; each file is read and compressed once, then kept. The
 * certificate is kept in `certDir` (a browser must be told to accept it).
 * @param {string} dir
 * @param {string} certDir
 * @returns {Promise<GzipServer>}
 */
export async function startGzipServer(dir, certDir) {
  /** @type {Map<string, Promise<{body: Buffer, type: string, gzip: boolean} | null>>} */
  const files = new Map();
  let delayMs = 0;
  /** @type {Answer[]} */
  let sent = [];
  /** @param {string} file */
  const load = async (file) => {
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return null;
    const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))];
    return type
      ? {body: gzipSync(bytes, {level: 9}), type, gzip: true}
      : {body: bytes, type: 'application/octet-stream', gzip: false};
  };
  const server = http2.createSecureServer(await certificate(certDir), (req, res) => {
    const arrived = performance.now();
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname);
    const file = path.join(dir, pathname);
    let entry = files.get(file);
    if (!entry) {
      entry = file.startsWith(dir + path.sep) ? load(file) : Promise.resolve(null);
      files.set(file, entry);
    }
    const wait = delayMs;
    void entry.then((found) =>
      setTimeout(() => {
        if (!found) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, {
          'content-type': found.type,
          'content-length': found.body.length,
          ...(found.gzip ? {'content-encoding': 'gzip'} : {}),
          // Every name the benchmark serves is content-hashed or fixed for the run.
          'cache-control': 'public, max-age=31536000, immutable',
        });
        res.end(found.body);
        sent.push({path: pathname, bytes: found.body.length, arrived, answered: performance.now()});
      }, wait),
    );
  });
  /** @type {Set<import('node:http2').ServerHttp2Session>} */
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `https://127.0.0.1:${port}`,
    setDelay: (ms) => {
      delayMs = ms;
    },
    take: () => {
      const taken = sent;
      sent = [];
      return taken;
    },
    close: () =>
      new Promise((resolve, reject) => {
        for (const session of sessions) session.destroy();
        server.close((error) => (error ? reject(error) : resolve(undefined)));
      }),
  };
}
