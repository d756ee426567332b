import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (
  req: RecordedRequest,
) => {status: number; body: unknown} | Promise<{status: number; body: unknown}>;

export interface HttpDouble {
  port: number;
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 (a free port unless one is given) that records requests and answers
 * JSON. It allows any origin, as Algolia does, so a page served elsewhere can call it.
 */
export async function startDouble(handler: Handler, port = 0): Promise<HttpDouble> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* keep the raw text */
        }
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          path: decodeURIComponent(url.pathname),
          query: url.searchParams,
          headers: req.headers,
          body,
        };
        requests.push(recorded);
        try {
          const answer = await handler(recorded);
          res.writeHead(answer.status, {
            'content-type': 'application/json',
            'access-control-allow-origin': '*',
          });
          res.end(JSON.stringify(answer.body));
        } catch (e) {
          res.writeHead(500, {'content-type': 'application/json'});
          res.end(JSON.stringify({message: String(e), status: 500}));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const {port: actualPort} = server.address() as AddressInfo;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
