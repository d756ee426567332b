// The production web server: Debian's nginx with the configuration in deploy/nginx over the build.
// HTTP behaviour (clean URLs, the 404 page, caching, compression, security headers), the
// Content-Security-Policy in Chromium (no violation on any route, in the search modal or in a
// Mermaid diagram), and a bounded burst of requests without errors. Its loads of the pages in
// Chromium are also where every page is scanned for accessibility (see ROUTE_LOADS).
//
// FSC_BUILD_DIR serves another build than build/ (e.g. a stub build while the site is written).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import * as cheerio from 'cheerio';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {connectBrowser, openPage, waitForHydration, type PageProblems} from './support/browser';
import {startNginx, type NginxServer} from '../../support/nginx.mjs';
import {NO_VIOLATIONS, violationsInBothModes} from './support/accessibilityScan';
import {DIAGRAMS_BY_ROUTE, expectDiagrams} from './support/diagrams';
import {expectDocPage} from './support/docPage';
import {pagePool} from './support/pagePool';
import {builtSite, DOC_ROUTES, ROOT} from './support/site';
import {
  algoliaConnectSources,
  contentSecurityPolicy,
  htmlFiles,
  policyForBuild,
} from '../../deploy/csp.mjs';
import {EMITTED_SCRIPTS_FILE, readEmittedScripts} from '../../plugins/emitted-scripts/list.mjs';
import {renderNginx} from '../../deploy/render-nginx.mjs';
import {requestMix, runLoad} from '../../support/load.mjs';

const build = process.env.FSC_BUILD_DIR || (await builtSite('published'));

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-permitted-cross-domain-policies',
] as const;

/** Every page of the site: the specification's routes, the home page and the search page. */
const PAGE_PATHS = ['/', '/search', ...DOC_ROUTES.map((route) => route.path)];

let server: NginxServer;

beforeAll(async () => {
  server = await startNginx(build);
});

afterAll(async () => {
  await server?.close();
});

type RawResponse = {status: number; headers: http.IncomingHttpHeaders; body: Buffer};

/** One GET with exactly these headers (no automatic decompression, no redirect following). */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  origin = server.origin,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${urlPath}`, {headers, agent: false}, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The file a page route is built to (`/x` and `/x/` are both `x/index.html`). */
function builtFile(route: string): string {
  return path.join(build, route.replace(/\/$/, ''), 'index.html');
}

/** A few hashed scripts and the stylesheet the home page loads. */
function homeAssets(): string[] {
  const html = fs.readFileSync(path.join(build, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)=["']?(\/assets\/[^"'\s>]+\.(?:js|css))/g)].map(
    (match) => match[1],
  );
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('pages and clean URLs', () => {
  it('serves every page as HTML with status 200, from the file built for it', async () => {
    expect(DOC_ROUTES).toHaveLength(33);
    for (const route of PAGE_PATHS) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers['content-type'], route).toBe('text/html; charset=utf-8');
      expect(
        response.body.equals(fs.readFileSync(builtFile(route))),
        `${route} is ${builtFile(route)}`,
      ).toBe(true);
    }
  });

  it('answers the introduction both as /introduction/ (how the site links it) and /introduction', async () => {
    const withSlash = await get('/introduction/');
    const withoutSlash = await get('/introduction');
    expect([withSlash.status, withoutSlash.status]).toEqual([200, 200]);
    expect(withoutSlash.body.equals(withSlash.body)).toBe(true);
  });

  it('redirects /x.html and /x/index.html to /x permanently, with a path-only Location', async () => {
    const cases: [string, string][] = [
      ['/support/contact.html', '/support/contact'],
      ['/introduction/index.html', '/introduction'],
      ['/try-fsc/helm/8-inway/index.html', '/try-fsc/helm/8-inway'],
      ['/try-fsc/helm/8-inway.html', '/try-fsc/helm/8-inway'],
      ['/index.html', '/'],
      ['/support/contact.html?from=mail', '/support/contact?from=mail'],
    ];
    for (const [from, to] of cases) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
  });

  it('reaches every page from its .html and index.html forms in one redirect, without loops', async () => {
    for (const route of PAGE_PATHS.filter((route) => route !== '/')) {
      const base = route.replace(/\/$/, '');
      for (const variant of [`${base}.html`, `${base}/index.html`]) {
        const first = await get(variant);
        expect(first.status, variant).toBe(301);
        const second = await get(first.headers.location ?? '');
        expect(second.status, `${variant} -> ${first.headers.location}`).toBe(200);
        expect(second.body.equals(fs.readFileSync(builtFile(route))), variant).toBe(true);
      }
    }
  });

  it('never redirects to another host', async () => {
    for (const sneaky of [
      '//evil.example/x.html',
      '/%2F%2Fevil.example/x.html',
      '/%5Cevil.example/x.html',
      '/%5C%5Cevil.example/index.html',
    ]) {
      const response = await get(sneaky);
      if (response.status === 301) {
        expect(response.headers.location, sneaky).toMatch(/^\/[^/\\]/);
      } else {
        expect(response.status, sneaky).toBe(404);
      }
    }
  });

  it('answers an unknown path, a folder without a page and /404 itself with the not-found page and status 404', async () => {
    const notFound = fs.readFileSync(path.join(build, '404.html'));
    for (const missing of [
      '/no/such/page',
      '/support/no-such-page',
      '/try-fsc/',
      '/assets/',
      '/assets/js/no-such.js',
      '/404',
      '/.git/config',
      `/${EMITTED_SCRIPTS_FILE}`,
    ]) {
      const response = await get(missing);
      expect(response.status, missing).toBe(404);
      expect(response.headers['content-type'], missing).toBe('text/html; charset=utf-8');
      expect(response.body.equals(notFound), `${missing} sends 404.html`).toBe(true);
    }
    const direct = await get('/404.html');
    expect([direct.status, direct.headers.location]).toEqual([301, '/404']);
  });

  it('serves the sitemap and the OpenSearch description with their types', async () => {
    expect((await get('/sitemap.xml')).headers['content-type']).toBe(
      'application/xml; charset=utf-8',
    );
    if (fs.existsSync(path.join(build, 'opensearch.xml'))) {
      expect((await get('/opensearch.xml')).headers['content-type']).toBe(
        'application/opensearchdescription+xml; charset=utf-8',
      );
    }
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year, immutable', async () => {
    const assets = homeAssets();
    expect(assets.some((asset) => /^\/assets\/js\/.+\.js$/.test(asset))).toBe(true);
    expect(assets.some((asset) => /^\/assets\/css\/.+\.css$/.test(asset))).toBe(true);
    for (const asset of assets) {
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers['cache-control'], asset).toBe(IMMUTABLE);
      expect(response.headers['content-type'], asset).toMatch(
        asset.endsWith('.js') ? /^application\/javascript/ : /^text\/css/,
      );
    }
  });

  it('keeps the hashed search index for a year when the build has one', async () => {
    const index = fs
      .readdirSync(build)
      .find((name) => /^search-index\.[0-9a-f]+\.json$/.test(name));
    if (!index) {
      console.warn(
        `serving.test: ${build} has no search-index.<hash>.json; the fixture test below covers the rule`,
      );
      return;
    }
    const response = await get(`/${index}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keeps the sharded search index (manifest, table, postings, text and answer files) for a year and sends it as JSON, gzipped', async () => {
    const dir = path.join(build, 'search-shards');
    const names = fs.readdirSync(dir);
    const manifest = names.find((name) => /^manifest\.[0-9a-f]{8}\.json$/.test(name));
    const table = names.find((name) => /^[0-9a-f]{8}-table\.json$/.test(name));
    const postings = names.find((name) => /^[0-9a-f]{8}-p0\.json$/.test(name));
    const text = names.find((name) => /^[0-9a-f]{8}-t0\.json$/.test(name));
    const answer = names.find((name) => /^[0-9a-f]{8}-a0\.json$/.test(name));
    for (const name of [manifest, table, postings, text, answer]) {
      expect(name, `a file of ${dir}`).toBeDefined();
      const urlPath = `/search-shards/${name}`;
      const response = await get(urlPath, {'accept-encoding': 'gzip'});
      expect(response.status, urlPath).toBe(200);
      expect(response.headers['cache-control'], urlPath).toBe(IMMUTABLE);
      expect(response.headers['content-type'], urlPath).toBe('application/json; charset=utf-8');
      expect(response.headers['content-encoding'], urlPath).toBe('gzip');
      expect(
        zlib.gunzipSync(response.body).equals(fs.readFileSync(path.join(dir, name!))),
        urlPath,
      ).toBe(true);
    }
  });

  it('keeps the hashed query-to-page prior for a year', async () => {
    const prior = fs
      .readdirSync(build)
      .find((name) => /^search-prior\.[0-9a-f]+\.json$/.test(name));
    expect(prior, `${build} has no search-prior.<hash>.json`).toBeDefined();
    const response = await get(`/${prior}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('makes browsers revalidate HTML, the 404 page and unhashed files', async () => {
    for (const urlPath of [
      '/',
      '/introduction/',
      '/support/contact',
      '/search',
      '/no/such/page',
      '/sitemap.xml',
      '/support/contact.html',
    ]) {
      expect((await get(urlPath)).headers['cache-control'], urlPath).toBe('no-cache');
    }
    const images = fs.existsSync(path.join(build, 'img'))
      ? fs.readdirSync(path.join(build, 'img'))
      : [];
    for (const image of images) {
      expect((await get(`/img/${image}`)).headers['cache-control'], image).toBe('no-cache');
    }
  });
});

describe('compression', () => {
  it('gzips pages, scripts and styles for clients that accept it, and only for them', async () => {
    const [script] = homeAssets().filter((asset) => asset.endsWith('.js'));
    for (const [urlPath, file] of [
      ['/introduction/', builtFile('/introduction/')],
      [script, path.join(build, script)],
      ['/sitemap.xml', path.join(build, 'sitemap.xml')],
    ]) {
      const original = fs.readFileSync(file);
      const gzipped = await get(urlPath, {'accept-encoding': 'gzip, deflate, br'});
      expect(gzipped.headers['content-encoding'], urlPath).toBe('gzip');
      expect(gzipped.headers.vary, urlPath).toMatch(/Accept-Encoding/i);
      expect(zlib.gunzipSync(gzipped.body).equals(original), urlPath).toBe(true);
      expect(gzipped.body.length, urlPath).toBeLessThan(original.length);

      const plain = await get(urlPath);
      expect(plain.headers['content-encoding'], urlPath).toBeUndefined();
      expect(plain.body.equals(original), urlPath).toBe(true);
    }
  });
});

describe('files for agents', () => {
  const twinOf = (route: string) => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);

  it('sends every Markdown twin as text/markdown and llms.txt, llms-full.txt as text/plain, like pages', async () => {
    const files = [
      ...DOC_ROUTES.map((route) => [twinOf(route.path), 'text/markdown; charset=utf-8']),
      ['/llms.txt', 'text/plain; charset=utf-8'],
      ['/llms-full.txt', 'text/plain; charset=utf-8'],
    ];
    for (const [urlPath, type] of files) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers['content-type'], urlPath).toBe(type);
      expect(response.headers['cache-control'], urlPath).toBe('no-cache');
      expect(response.headers['content-security-policy'], urlPath).toBe(server.policy);
      for (const name of SECURITY_HEADERS) expect(response.headers[name], urlPath).toBeTruthy();
      expect(response.body.equals(fs.readFileSync(path.join(build, urlPath))), urlPath).toBe(true);
    }
  });

  it('compresses them for clients that accept it', async () => {
    for (const urlPath of ['/try-fsc/helm/6-manager.md', '/introduction/index.md', '/llms.txt']) {
      const gzipped = await get(urlPath, {'accept-encoding': 'gzip'});
      expect(gzipped.headers['content-encoding'], urlPath).toBe('gzip');
      expect(
        zlib.gunzipSync(gzipped.body).equals(fs.readFileSync(path.join(build, urlPath))),
        urlPath,
      ).toBe(true);
    }
  });

  it('answers a Markdown path that is no twin with the not-found page', async () => {
    for (const missing of ['/try-fsc/helm/99-nothing.md', '/support.md', '/introduction.md']) {
      const response = await get(missing);
      expect(response.status, missing).toBe(404);
      expect(response.headers['content-type'], missing).toBe('text/html; charset=utf-8');
    }
  });
});

describe('security.txt', () => {
  it('serves /.well-known/security.txt (RFC 9116) as text, expiring less than a year after the build', async () => {
    const response = await get('/.well-known/security.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(server.policy);
    const fields = new Map(
      response.body
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => [
          line.slice(0, line.indexOf(':')),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    expect([...fields.keys()]).toEqual(['Contact', 'Expires', 'Preferred-Languages', 'Canonical']);
    expect(fields.get('Contact')).toMatch(/^(mailto:\S+@\S+|https:\/\/\S+)$/);
    expect(fields.get('Preferred-Languages')).toBe('nl, en');
    expect(fields.get('Canonical')).toMatch(/^https:\/\/[^/]+\/\.well-known\/security\.txt$/);
    // Counted from the build, which the file's own time on disk dates.
    const built = fs.statSync(path.join(build, '.well-known/security.txt')).mtimeMs;
    const expires = Date.parse(fields.get('Expires') ?? '');
    expect(expires).toBeGreaterThan(built);
    expect(expires - built).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  });
});

describe('security headers', () => {
  it('are sent with a page, an asset, the 404 page and a redirect', async () => {
    const [asset] = homeAssets();
    for (const urlPath of [
      '/introduction/',
      asset,
      '/no/such/page',
      '/support/contact.html',
      '/sitemap.xml',
    ]) {
      const {headers} = await get(urlPath);
      for (const name of SECURITY_HEADERS) {
        expect(headers[name], `${name} on ${urlPath}`).toBeTruthy();
      }
      expect(headers['content-security-policy'], urlPath).toBe(server.policy);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
      expect(headers['permissions-policy']).toMatch(
        /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
      );
      // frame-ancestors 'none' for browsers that know CSP, X-Frame-Options for those that do not.
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['x-permitted-cross-domain-policies']).toBe('none');
      expect(headers.server, 'no version in Server').toBe('nginx');
    }
  });

  it('the Content-Security-Policy allows only the own origin, with no unsafe-eval and no inline scripts but by hash', () => {
    const policy = directives(server.policy);
    expect(server.policy).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')?.[0]).toBe("'self'");
    expect(
      policy
        .get('script-src')
        ?.slice(1)
        .every((source) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source)),
    ).toBe(true);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // No host of another site anywhere in the default (embedded search) policy.
    expect(server.policy).not.toMatch(/https?:|\*/);
  });

  it('the policy names the hash of every inline script of every built page (checked with another HTML parser)', () => {
    const expected = new Set<string>();
    for (const file of htmlFiles(build)) {
      const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
      $('script:not([src])').each((_, element) => {
        const type = ($(element).attr('type') ?? '').trim().toLowerCase();
        if (type === '' || type === 'module' || /javascript|ecmascript/.test(type)) {
          expected.add(
            `'sha256-${crypto.createHash('sha256').update($(element).text(), 'utf8').digest('base64')}'`,
          );
        }
      });
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(directives(server.policy).get('script-src')?.slice(1))).toEqual(expected);
  });

  it('every page loads only scripts the bundler emitted, and the build lists exactly those', () => {
    const emitted = readEmittedScripts(build);
    const bundles = fs
      .readdirSync(path.join(build, 'assets/js'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/assets/js/${name}`);
    expect(emitted).toEqual(new Set(bundles));
    for (const file of htmlFiles(build)) {
      const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
      $('script[src]').each((_, element) => {
        expect(emitted.has($(element).attr('src') ?? ''), path.relative(build, file)).toBe(true);
      });
    }
  });

  it("hosted search adds the configured Algolia app's hosts to connect-src and changes nothing else", () => {
    const embedded = policyForBuild(build, {hosted: false});
    const hosted = policyForBuild(build, {hosted: true, algoliaAppId: 'TESTAPP'});
    expect(hosted.mode).toBe('hosted');
    expect(directives(hosted.policy).get('connect-src')).toEqual([
      "'self'",
      ...algoliaConnectSources('TESTAPP'),
    ]);
    expect(hosted.policy).not.toContain('*');
    const withoutConnect = (policy: string) =>
      [...directives(policy)].filter(([name]) => name !== 'connect-src');
    expect(withoutConnect(hosted.policy)).toEqual(withoutConnect(embedded.policy));
    expect(hosted.policy).not.toContain("'unsafe-eval'");
  });

  it('renders the container configuration with the same policy (port 8080, /usr/share/nginx/html, logs to stdio)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-render-'));
    try {
      const {conf, policy} = renderNginx({build, out, root: '/usr/share/nginx/html', port: 8080});
      const text = fs.readFileSync(conf, 'utf8');
      expect(text).toMatch(/^\s*listen 8080;$/m);
      expect(text).toMatch(/^\s*root \/usr\/share\/nginx\/html;$/m);
      expect(text).toMatch(/^pid \/tmp\/nginx\.pid;$/m);
      expect(text).not.toMatch(/^\s*(user|daemon)\b/m);
      expect(text).not.toMatch(/\{\{[A-Z_]+\}\}/);
      expect(policy).toBe(contentSecurityPolicy({hashes: policyForBuild(build).hashes}));
      expect(fs.readFileSync(path.join(out, 'csp.conf'), 'utf8')).toBe(
        `add_header Content-Security-Policy "${policy}" always;\n`,
      );
      for (const include of ['security-headers.conf', 'mime.types']) {
        expect(fs.existsSync(path.join(out, include)), include).toBe(true);
      }
    } finally {
      fs.rmSync(out, {recursive: true, force: true});
    }
  });
});

describe('load', () => {
  it('answers a burst of 300 requests over pages and assets, 8 at a time, without an error', async () => {
    const result = await runLoad({
      origin: server.origin,
      targets: requestMix(build),
      requests: 300,
      concurrency: 8,
      timeLimitMs: 10_000,
    });
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.completed).toBeGreaterThan(0);
  });
});

describe('in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  type WatchedPage = {
    page: Page;
    problems: PageProblems;
    /** Those of the open document, from the event, and those the console showed since emptied. */
    violations: () => Promise<string[]>;
    consoleViolations: string[];
  };

  /** Opens a page that also records every CSP violation, from the event and from the console. */
  async function openWatched(origin: string): Promise<WatchedPage> {
    const {page, problems} = await openPage(browser, origin);
    const consoleViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        consoleViolations.push(`console: ${message.text()}`);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as {__cspViolations: string[]}).__cspViolations = seen;
      window.addEventListener('securitypolicyviolation', (event) => {
        seen.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        );
      });
    });
    const violations = async () => {
      const fromEvents = await page.evaluate(
        () => (window as unknown as {__cspViolations?: string[]}).__cspViolations ?? [],
      );
      return [...fromEvents.map((text) => `event: ${text}`), ...consoleViolations];
    };
    return {page, problems, violations, consoleViolations};
  }

  /**
   * Watched pages of the site, kept open from test to test. The events' list is the document's
   * own (the init script makes a new one on every load); the console's is emptied for each test,
   * and the page is back in light mode (a scan leaves it in the other mode).
   */
  const withWatchedPage = pagePool(
    () => openWatched(server.origin),
    async ({page, consoleViolations}) => {
      consoleViolations.length = 0;
      await page.emulateMedia({colorScheme: 'light'});
    },
  );

  /**
   * Every page, each opened once in the mode of its turn: every other one in dark mode, so that
   * pages of each kind (with diagrams, with code, the home page) are opened in each. These loads
   * are also the accessibility test's: each page is scanned with axe in the mode it opened in,
   * then switched to the other mode (as a visitor's system switches) and scanned again for the
   * rules the mode can change, its diagrams checked drawn in both modes and its console read in
   * both. Opening each page once more in the other mode, for the scans alone, cost about 45 s of
   * CPU a run (2026-11-28). /introduction is /introduction/ again, scanned as that; the search
   * page is scanned with hits in its case below.
   */
  const hasDiagrams = (route: string) => (DIAGRAMS_BY_ROUTE.get(route) ?? 0) > 0;
  const ROUTE_LOADS = [...PAGE_PATHS, '/introduction']
    // The pages with diagrams first, so that they take turns too.
    .sort((a, b) => Number(hasDiagrams(b)) - Number(hasDiagrams(a)))
    .map((route, index) => [route, index % 2 === 0 ? 'light' : 'dark'] as const);
  const SCANNED_ROUTES = new Set(['/', ...DOC_ROUTES.map((route) => route.path)]);

  // One route at a time, in one page of the pool: three at a time (the e2e project's
  // maxConcurrency) took 171 s of CPU against 146 s (2026-11-28, each twice, a load of 9 to 13),
  // for three pages are three renderers, each with caches to warm, and the browser tier is bound
  // by CPU.
  it.for(ROUTE_LOADS)(
    '%s opened in %s mode loads as specified, is accessible in both modes, without a CSP violation, a console error or a request to another origin',
    ([route, mode], {expect}) =>
      withWatchedPage(async ({page, problems, violations}) => {
        await page.emulateMedia({colorScheme: mode});
        const response = await page.goto(server.origin + route);
        expect(response?.status()).toBe(200);
        await waitForHydration(page);
        // A doc route shows what the specification says (the routes test's check, on this load),
        // and its diagrams (the pages test's check, on this load).
        const doc = DOC_ROUTES.find((candidate) => candidate.path === route);
        if (doc) {
          await expectDocPage(page, doc, expect);
          await expectDiagrams(page, doc.path, expect);
        } else {
          // Diagrams are drawn in the browser: each must have become an SVG.
          const diagrams = await page.locator('.docusaurus-mermaid-container').count();
          await expect
            .poll(() => page.locator('.docusaurus-mermaid-container svg').count())
            .toBe(diagrams);
        }
        if (SCANNED_ROUTES.has(route)) {
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
          expect(await violationsInBothModes(page, expect)).toEqual(NO_VIOLATIONS);
          // Drawn anew in the other mode, which the scan switched to.
          if (doc) await expectDiagrams(page, doc.path, expect);
        }
        expect(await violations()).toEqual([]);
        expect(problems.errors).toEqual([]);
        expect(problems.foreignRequests).toEqual([]);
      }),
  );

  it('shows the not-found page without a CSP violation, accessible in both modes', () =>
    withWatchedPage(async ({page, violations, problems}) => {
      const response = await page.goto(`${server.origin}/no/such/page`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
      expect(await violationsInBothModes(page, expect)).toEqual(NO_VIOLATIONS);
      expect(await violations()).toEqual([]);
      // Chromium reports the not-found page's own status as an error; nothing else may be logged.
      expect(problems.errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
      ]);
      expect(problems.foreignRequests).toEqual([]);
    }));

  it('opens the search modal and searches without a CSP violation', () =>
    withWatchedPage(async ({page, violations, problems}) => {
      await page.goto(`${server.origin}/introduction/`);
      await waitForHydration(page);
      await page.locator('button.DocSearch-Button').click();
      await expect.poll(() => page.locator('input.DocSearch-Input').isVisible()).toBe(true);
      await page.locator('input.DocSearch-Input').pressSequentially('inway', {delay: 30});
      // Results, no results, or (in a build without an index) the error screen: the search ran.
      await expect
        .poll(
          () =>
            page.locator('.DocSearch-Hit, .DocSearch-NoResults, .DocSearch-ErrorScreen').count(),
          {timeout: 15_000},
        )
        .toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      expect(problems.foreignRequests).toEqual([]);
    }));

  it('searches on the search page without a CSP violation, its hits accessible in both modes', () =>
    withWatchedPage(async ({page, violations, problems}) => {
      await page.goto(`${server.origin}/search?q=inway`);
      await waitForHydration(page);
      await page.locator('main article').first().waitFor();
      expect(await violationsInBothModes(page, expect)).toEqual(NO_VIOLATIONS);
      expect(await violations()).toEqual([]);
      expect(problems.errors).toEqual([]);
      expect(problems.foreignRequests).toEqual([]);
    }));

  it("draws Mermaid diagrams under the site's policy (no eval; inline styles only)", async () => {
    // The site's Mermaid, from node_modules, in a one-page site served by the same configuration.
    const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-mermaid-'));
    let fixtureServer: NginxServer | undefined;
    try {
      fs.copyFileSync(
        path.join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js'),
        path.join(fixture, 'mermaid.min.js'),
      );
      fs.writeFileSync(
        path.join(fixture, 'index.html'),
        '<!doctype html><html lang=en><head><meta charset=utf-8><title>Mermaid</title><link rel=icon href=data:,>' +
          '<script src=/mermaid.min.js defer></script><script src=/draw.js defer></script></head>' +
          '<body><main class=docusaurus-mermaid-container></main></body></html>',
      );
      fs.writeFileSync(path.join(fixture, '404.html'), '<!doctype html><title>Not found</title>');
      // A build lists its bundler's scripts; this fixture's two stand in for them.
      fs.mkdirSync(path.dirname(path.join(fixture, EMITTED_SCRIPTS_FILE)));
      fs.writeFileSync(
        path.join(fixture, EMITTED_SCRIPTS_FILE),
        JSON.stringify(['/mermaid.min.js', '/draw.js']),
      );
      fs.writeFileSync(
        path.join(fixture, 'draw.js'),
        `mermaid.initialize({startOnLoad: false, securityLevel: 'strict'});
const diagrams = [
  'flowchart LR\\n  accTitle: Outway to Inway\\n  accDescr: A request\\n  O[Outway] -->|mTLS| I[Inway]\\n  I --> A[(API)]',
  'sequenceDiagram\\n  participant O as Outway\\n  participant I as Inway\\n  O->>I: request\\n  I-->>O: response',
];
(async () => {
  for (const [i, text] of diagrams.entries()) {
    const {svg} = await mermaid.render('diagram-' + i, text);
    const holder = document.createElement('div');
    holder.innerHTML = svg;
    document.querySelector('main').append(holder);
  }
  document.body.dataset.drawn = 'yes';
})().catch((error) => { document.body.dataset.drawn = 'failed: ' + error; });
`,
      );
      const index = 'search-index.0123abcd.json';
      fs.writeFileSync(
        path.join(fixture, index),
        JSON.stringify({records: Array.from({length: 50}, (_, i) => ({objectID: String(i)}))}),
      );
      fixtureServer = await startNginx(fixture);
      expect(fixtureServer.policy).toBe(contentSecurityPolicy({hashes: []}));

      // In a watched page of the pool, which already has a renderer, rather than a new context's.
      const origin = fixtureServer.origin;
      await withWatchedPage(async ({page, violations, problems}) => {
        await page.goto(origin + '/');
        await expect.poll(() => page.evaluate(() => document.body.dataset.drawn)).toBe('yes');
        expect(await page.locator('main svg').count()).toBe(2);
        expect(await violations()).toEqual([]);
        expect(problems.errors).toEqual([]);
      });

      // The same fixture proves the search index rule: hashed name, a year, JSON, compressed.
      const response = await get(`/${index}`, {'accept-encoding': 'gzip'}, fixtureServer.origin);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-encoding']).toBe('gzip');
    } finally {
      await fixtureServer?.close();
      fs.rmSync(fixture, {recursive: true, force: true});
    }
  });
});
