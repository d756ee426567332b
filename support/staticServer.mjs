// @ts-check
// A production build served over HTTP on loopback only: what `npm run serve` and the browser tests
// use. Docusaurus 3.9.2's own `serve` calls `server.listen(port)` without its `--host`, so it
// answers on every interface of the machine; this serves the same way (serve-handler with clean
// URLs, no directory listing, the 404 page for unknown paths; the site's base URL is `/`) on
// 127.0.0.1 only.
import http from 'node:http';
import serveHandler from 'serve-handler';

/** @typedef {{origin: string, close: () => Promise<void>}} StaticServer */

/**
 * Serves `dir` on 127.0.0.1 at `port` (0: a free one).
 * @param {string} dir
 * @param {number} [port]
 * @returns {Promise<StaticServer>}
 */
export async function startStaticServer(dir, port = 0) {
  const server = http.createServer((req, res) => {
    void serveHandler(req, res, {public: dir, cleanUrls: true, directoryListing: false});
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    origin: `http://127.0.0.1:${boundPort}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve(undefined)));
      }),
  };
}
