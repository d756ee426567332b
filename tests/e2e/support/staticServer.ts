import http from 'node:http';
import type {AddressInfo} from 'node:net';
import serveHandler from 'serve-handler';

export type StaticServer = {origin: string; close: () => Promise<void>};

/**
 * Serves a production build on 127.0.0.1 with a free port, the way `docusaurus serve` does
 * (clean URLs, no directory listing, the 404 page for unknown paths).
 */
export async function startStaticServer(dir: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    void serveHandler(req, res, {public: dir, cleanUrls: true, directoryListing: false});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
