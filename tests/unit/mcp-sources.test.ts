// Where the MCP server reads the site's files from: a local build (--build) and a served site
// (--site), over real files and real HTTP servers on 127.0.0.1 (issue 36, F2 and F5).
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  buildSource,
  siteSource,
  type ReadLimits,
  type SiteSource,
} from '../../packages/fsc-docs-mcp/src/siteSource';

const failureOf = (read: Promise<string>) =>
  read.then(
    () => null,
    (error: unknown) => error as Error,
  );

describe('a local build (--build)', () => {
  let dir: string;
  let build: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-mcp-build-'));
    build = path.join(dir, 'build');
    fs.mkdirSync(path.join(build, 'docs'), {recursive: true});
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.writeFileSync(path.join(build, 'llms.txt'), 'the pages\n');
    fs.writeFileSync(path.join(build, 'docs', 'page.md'), '# A page\n');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'not part of the site\n');
    fs.writeFileSync(path.join(dir, 'outside', 'page.md'), 'not part of the site either\n');
    // A file and a folder that lead out of the build, and a file that leads to another in it.
    fs.symlinkSync('../secret.txt', path.join(build, 'leak.md'));
    fs.symlinkSync('../outside', path.join(build, 'elsewhere'), 'dir');
    fs.symlinkSync('llms.txt', path.join(build, 'alias.txt'));
  });
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

  it('reads the files of the build by their path on the site', async () => {
    const source = buildSource(build);
    expect(await source.read('/llms.txt')).toBe('the pages\n');
    expect(await source.read('/docs/page.md')).toBe('# A page\n');
  });

  it('reads the build through a symlink to the build folder itself', async () => {
    fs.symlinkSync('build', path.join(dir, 'current'), 'dir');
    expect(await buildSource(path.join(dir, 'current')).read('/llms.txt')).toBe('the pages\n');
  });

  it('follows no symlink inside the build, to a file or through a folder, wherever it leads', async () => {
    const source = buildSource(build);
    for (const sitePath of ['/leak.md', '/elsewhere/page.md', '/alias.txt']) {
      const error = await failureOf(source.read(sitePath));
      expect(error, sitePath).toBeInstanceOf(Error);
      expect(error!.message, sitePath).toContain('symbolic link');
      expect(error!.message, sitePath).not.toContain('not part of the site');
    }
  });
});

type Route = (res: http.ServerResponse, origin: string) => void;

/** An HTTP server on 127.0.0.1 answering its routes; it records the paths asked for. */
async function serve(routes: Record<string, Route>) {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(res, origin);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {origin, asked, close};
}

const redirect =
  (location: (origin: string) => string): Route =>
  (res, origin) =>
    res.writeHead(302, {location: location(origin)}).end();

describe('a served site (--site)', () => {
  const limits: ReadLimits = {maxRedirects: 3, timeoutMs: 500, maxBytes: 100_000};
  let site: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;
  /** Set when the site stops writing an endless body because the reader went away. */
  let endlessStopped: Promise<void>;
  let source: SiteSource;

  beforeAll(async () => {
    other = await serve({'/secret': (res) => res.end('only this machine may read this')});
    let stopped: () => void;
    endlessStopped = new Promise((resolve) => (stopped = resolve));
    site = await serve({
      '/page.md': (res) => res.end('# A page\n'),
      '/moved': redirect(() => '/page.md'),
      '/moved-absolute': redirect((origin) => `${origin}/moved`),
      '/off-site': redirect(() => `${other.origin}/secret`),
      '/loop': redirect(() => '/loop'),
      '/silent': () => {}, // never answers
      '/trickle': (res) => {
        res.writeHead(200);
        res.write('a');
        setTimeout(() => res.end('b'), 5_000).unref();
      },
      '/declared-large': (res) =>
        res.writeHead(200, {'content-length': String(limits.maxBytes + 1)}).end(),
      '/endless': (res) => {
        res.writeHead(200);
        const chunk = 'x'.repeat(16_384);
        const write = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', write);
        };
        res.once('close', () => stopped());
        write();
      },
    });
    source = siteSource(site.origin, {...limits, timeoutMs: 5_000});
  });
  afterAll(async () => {
    await site?.close();
    await other?.close();
  });

  it('follows redirects within the site, relative or absolute', async () => {
    expect(await source.read('/moved')).toBe('# A page\n');
    expect(await source.read('/moved-absolute')).toBe('# A page\n');
  });

  it('refuses a redirect to another origin, and never asks it', async () => {
    const error = await failureOf(source.read('/off-site'));
    expect(error?.message).toContain('off the site');
    expect(error?.message).not.toContain('only this machine');
    expect(other.asked).toEqual([]);
  });

  it('stops after a bounded number of redirects', async () => {
    const before = site.asked.length;
    const error = await failureOf(source.read('/loop'));
    expect(error?.message).toContain('more than 3 times');
    expect(site.asked.length - before).toBe(limits.maxRedirects + 1);
  });

  it('times out a read that does not answer, or does not finish its body', async () => {
    const quick = siteSource(site.origin, limits);
    for (const sitePath of ['/silent', '/trickle']) {
      const started = Date.now();
      const error = await failureOf(quick.read(sitePath));
      expect(error?.message, sitePath).toContain('within 0.5 seconds');
      expect(Date.now() - started, sitePath).toBeLessThan(3_000);
    }
  }, 10_000);

  it('stops reading a body past the size cap, declared or streamed', async () => {
    expect((await failureOf(source.read('/declared-large')))?.message).toContain(
      'larger than 100000 bytes',
    );
    const error = await failureOf(source.read('/endless'));
    expect(error?.message).toContain('larger than 100000 bytes');
    await endlessStopped;
  }, 10_000);
});
