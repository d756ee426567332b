// deploy/csp.mjs without a build: the inline-script parser, the reviewed list of inline scripts,
// the search-mode detection and the report settings. The policy of the real build, and the headers
// nginx sends with it, are checked in tests/e2e/serving.test.ts.
import {spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {
  checkBuildScripts,
  contentSecurityPolicy,
  cspNginxLine,
  cspReportSettings,
  detectSearchMode,
  pageScripts,
  policyForBuild,
  readReviewedScripts,
  scriptHash,
} from '../../deploy/csp.mjs';
import {renderNginx} from '../../deploy/render-nginx.mjs';
import {EMITTED_SCRIPTS_FILE} from '../../plugins/emitted-scripts/list.mjs';

const CSP_SCRIPT = path.join(__dirname, '../../deploy/csp.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, {recursive: true, force: true});
});

/** The one bundle of the builds below, as the build's list of emitted scripts names it. */
const BUNDLE = '/assets/js/main.1a2b3c4d.js';

/** A build of one page, `docs/page.html` holding `html`, whose bundler emitted BUNDLE. */
function buildWith(html: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-csp-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'docs'));
  fs.writeFileSync(path.join(dir, 'docs/page.html'), html);
  fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  fs.writeFileSync(path.join(dir, BUNDLE), 'bundle()');
  fs.mkdirSync(path.dirname(path.join(dir, EMITTED_SCRIPTS_FILE)));
  fs.writeFileSync(path.join(dir, EMITTED_SCRIPTS_FILE), JSON.stringify([BUNDLE]));
  return dir;
}

/** The reviewed list with these inline scripts and files. */
function reviewedList(
  inline: string[] = [],
  files: Record<string, string> = {},
): ReturnType<typeof readReviewedScripts> {
  return {
    inline: new Map(inline.map((script) => [scriptHash(script), 'a test script'])),
    files: new Map(Object.entries(files).map(([src, bytes]) => [src, scriptHash(bytes)])),
  };
}

describe('inline scripts', () => {
  it('finds the inline scripts a browser runs, exactly as written, and nothing else', () => {
    const html = [
      '<!doctype html><html><head>',
      '<script>a()</script>',
      '<SCRIPT data-x="1>2" type=text/javascript>b()</SCRIPT >',
      "<script type='module'>import('/x.js')</script>",
      '<script src=/assets/js/main.js defer></script>',
      '<script type=application/ld+json>{"@type":"Thing"}</script>',
      '<!-- <script>commented()</script> -->',
      '<script>\n  if (a < b) c("</p>")\n</script>',
      '<script type=importmap>{"imports":{}}</script>',
      '</head></html>',
    ].join('');
    expect(pageScripts(html).inline).toEqual([
      'a()',
      'b()',
      "import('/x.js')",
      '\n  if (a < b) c("</p>")\n',
      '{"imports":{}}',
    ]);
    // The hash of the UTF-8 bytes, as browsers compute it.
    expect(scriptHash('alert(1)')).toBe(
      `'sha256-${crypto.createHash('sha256').update('alert(1)').digest('base64')}'`,
    );
    expect(scriptHash('é')).toBe("'sha256-SplVfkAzw1Od4utlRyAXytX5VX96BiWgnxw/biumnEw='");
  });

  it('reads the page as a browser parses it: "<script>" in an attribute value or as text is no script', () => {
    const html = [
      '<!doctype html><html><head>',
      '<title>Use <script>x()</script> with care</title>',
      '<meta name="description" content="<script>y()</script>">',
      '</head><body>',
      "<a title='<script>z()</script>' href=/x>x</a>",
      '<textarea><script>w()</script></textarea>',
      '<script>\r\nreal()\r\n</script>',
      '</body></html>',
    ].join('');
    // The browser normalises line breaks before it hashes a script's text.
    expect(pageScripts(html).inline).toEqual(['\nreal()\n']);
  });

  it('the committed list of reviewed scripts names a purpose for each hash', () => {
    const allowed = readReviewedScripts().inline;
    expect(allowed.size).toBeGreaterThan(0);
    for (const [hash, purpose] of allowed) {
      expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      expect(purpose.length, hash).toBeGreaterThan(20);
    }
  });

  it('allows a reviewed script by its hash', () => {
    const dir = buildWith('<html><head><script>known()</script></head></html>');
    expect(checkBuildScripts(dir, reviewedList(['known()']))).toEqual({
      hashes: [scriptHash('known()')],
      scripts: 1,
      files: 1,
    });
  });

  it('fails on a script that is not on the list, naming the file and printing the script', () => {
    const dir = buildWith(
      '<html><head><script>fetch("/steal?" + document.cookie)</script></head></html>',
    );
    expect(() => checkBuildScripts(dir, reviewedList())).toThrow(
      /docs\/page\.html .* has an inline script that is not on the reviewed list, deploy\/reviewed-scripts\.json:\n----\nfetch\("\/steal\?" \+ document\.cookie\)\n----\nIf it belongs in the site, review it and add \{"sha256": "'sha256-/,
    );
    // npm run deploy:csp fails the same way, with the message and no stack trace.
    const run = spawnSync(process.execPath, [CSP_SCRIPT, '--build', dir, '--print'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('docs/page.html');
    expect(run.stderr).toContain('fetch("/steal?" + document.cookie)');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('names a malformed entry of the list', () => {
    const dir = buildWith('');
    const list = path.join(dir, 'list.json');
    fs.writeFileSync(list, JSON.stringify([{sha256: 'sha256-abc', purpose: 'x'}]));
    expect(() => readReviewedScripts(list)).toThrow(/entry 1: needs "sha256" \('sha256-<base64>'/);
    fs.writeFileSync(list, JSON.stringify([{sha256: scriptHash('x'), purpose: ' '}]));
    expect(() => readReviewedScripts(list)).toThrow(/entry 1: needs .*, a "purpose"/);
    fs.writeFileSync(
      list,
      JSON.stringify([{src: '//evil.example/x.js', sha256: scriptHash('x'), purpose: 'a file'}]),
    );
    expect(() => readReviewedScripts(list)).toThrow(/entry 1: .* its "src" \(a path of the site\)/);
  });
});

describe('scripts loaded by src', () => {
  /** The page `docs/page.html` loading `tags` beside the build's own bundle. */
  const page = (...tags: string[]) =>
    `<html><head><script src=${BUNDLE} defer></script>${tags.join('')}</head><body></body></html>`;

  it('allows the bundles the build emitted, by whatever path leads to them', () => {
    const dir = buildWith(page('<script src="../assets/js/main.1a2b3c4d.js?v=1"></script>'));
    expect(checkBuildScripts(dir, reviewedList())).toEqual({hashes: [], scripts: 2, files: 1});
    expect(pageScripts(page()).sources).toEqual([BUNDLE]);
  });

  it('fails on a file of the site that is not a bundle, naming the page and the script', () => {
    const dir = buildWith(page('<script src="/img/x.js"></script>'));
    fs.mkdirSync(path.join(dir, 'img'));
    fs.writeFileSync(path.join(dir, 'img/x.js'), 'steal()');
    expect(() => checkBuildScripts(dir, reviewedList())).toThrow(
      `docs/page.html (in ${dir}) loads the script "/img/x.js", which is neither a bundle the build emitted (${EMITTED_SCRIPTS_FILE}) nor a file on the reviewed list, deploy/reviewed-scripts.json.\nIf it belongs in the site, review it and add {"src": "/img/x.js", "sha256": "${scriptHash('steal()')}", "purpose": "<what it does>"} to the list`,
    );
    // npm run deploy:csp fails the same way, with the message and no stack trace.
    const run = spawnSync(process.execPath, [CSP_SCRIPT, '--build', dir, '--print'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('docs/page.html (in');
    expect(run.stderr).toContain('loads the script "/img/x.js"');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it.each([
    ['a file static/ put beside the bundles', '<script src=/assets/js/evil.js></script>'],
    ['a relative path to a static file', '<script type=module src="../img/x.js"></script>'],
    ['another origin', '<script src="https://cdn.example/x.js"></script>'],
    ['a protocol-relative address', '<script src="//cdn.example/x.js"></script>'],
    ['an SVG script', '<svg><script href="/img/x.js"></script></svg>'],
    ['an SVG script by xlink:href', '<svg><script xlink:href="/img/x.js"></script></svg>'],
  ])('fails on %s', (_, tag) => {
    const dir = buildWith(page(tag));
    fs.writeFileSync(path.join(dir, 'assets/js/evil.js'), 'steal()');
    expect(() => checkBuildScripts(dir, reviewedList())).toThrow(
      /^docs\/page\.html \(in .*\) loads the script ".*", which is neither a bundle/,
    );
  });

  it('allows a reviewed file while its bytes are the reviewed ones', () => {
    const dir = buildWith(page('<script src="/img/x.js"></script>'));
    fs.mkdirSync(path.join(dir, 'img'));
    fs.writeFileSync(path.join(dir, 'img/x.js'), 'reviewed()');
    const reviewed = reviewedList([], {'/img/x.js': 'reviewed()'});
    expect(checkBuildScripts(dir, reviewed).scripts).toBe(2);
    fs.writeFileSync(path.join(dir, 'img/x.js'), 'changed()');
    expect(() => checkBuildScripts(dir, reviewed)).toThrow(/loads the script "\/img\/x\.js"/);
  });

  it("fails on a build without the list of its bundler's scripts", () => {
    const dir = buildWith(page());
    fs.rmSync(path.join(dir, EMITTED_SCRIPTS_FILE));
    expect(() => checkBuildScripts(dir, reviewedList())).toThrow(
      `${dir} has no readable list of the scripts its bundler emitted (${EMITTED_SCRIPTS_FILE}, written by plugins/emitted-scripts)`,
    );
  });
});

describe('the policy', () => {
  it("allows no <base> element: base-uri 'none'", () => {
    expect(contentSecurityPolicy({hashes: []})).toContain("base-uri 'none'");
  });

  it("hosted search allows the configured Algolia app's hosts, not every Algolia app's", () => {
    const connect = (policy: string) =>
      policy
        .split('; ')
        .find((directive) => directive.startsWith('connect-src '))
        ?.split(' ')
        .slice(1);
    expect(connect(contentSecurityPolicy({hashes: [], algoliaAppId: 'BH4D9OD16A'}))).toEqual([
      "'self'",
      'https://bh4d9od16a-dsn.algolia.net',
      'https://bh4d9od16a-1.algolianet.com',
      'https://bh4d9od16a-2.algolianet.com',
      'https://bh4d9od16a-3.algolianet.com',
    ]);
    expect(connect(contentSecurityPolicy({hashes: []}))).toEqual(["'self'"]);

    const dir = buildWith('<html><head></head></html>');
    expect(() => policyForBuild(dir, {hosted: true})).toThrow(
      /^hosted search needs the Algolia app id the site was built with, letters and digits only \(ALGOLIA_APP_ID or --algolia-app-id\): ""/,
    );
    expect(() => policyForBuild(dir, {hosted: true, algoliaAppId: 'x.algolia.net *'})).toThrow(
      /hosted search needs the Algolia app id/,
    );
    // The command takes the app id from the variable the build read.
    const run = spawnSync(process.execPath, [CSP_SCRIPT, '--build', dir, '--hosted', '--print'], {
      encoding: 'utf8',
      env: {...process.env, ALGOLIA_APP_ID: 'APP42'},
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      "connect-src 'self' https://app42-dsn.algolia.net https://app42-1.algolianet.com",
    );
    expect(run.stdout).not.toContain('*');
  });

  it('tells an embedded-search build by its index meta or index file, and says nothing otherwise', () => {
    const dir = buildWith('');
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><title>x</title></head></html>');
    expect(detectSearchMode(dir)).toBeUndefined();
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head><meta name="fsc:search-index" content="/search-index.0123abcd.json"></head></html>',
    );
    expect(detectSearchMode(dir)).toBe('embedded');
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head></head></html>');
    fs.writeFileSync(path.join(dir, 'search-index.0123abcd.json'), '{}');
    expect(detectSearchMode(dir)).toBe('embedded');
  });
});

describe('render-nginx', () => {
  it("serves a build that is not the site's without a policy, where the policy's checks refuse it", () => {
    // The page benchmark's peer: a stock Docusaurus build, with no list of emitted scripts.
    const peer = buildWith(
      '<script>theme()</script><script src="/assets/js/main.1a2b3c4d.js"></script>',
    );
    fs.rmSync(path.join(peer, EMITTED_SCRIPTS_FILE));
    const out = path.join(peer, 'conf');
    expect(() => renderNginx({build: peer, out})).toThrow(EMITTED_SCRIPTS_FILE);
    renderNginx({build: peer, out, withoutPolicy: true});
    expect(fs.readFileSync(path.join(out, 'csp.conf'), 'utf8')).toBe('');
    expect(fs.readFileSync(path.join(out, 'nginx.conf'), 'utf8')).toContain(`root ${peer};`);
  });
});

describe('violation reports (CSP_REPORT_URI, CSP_REPORT_MODE)', () => {
  const policy = contentSecurityPolicy({hashes: []});

  it('are off by default: one enforced policy, no report-uri', () => {
    expect(cspReportSettings({})).toBeUndefined();
    expect(cspReportSettings({CSP_REPORT_URI: '', CSP_REPORT_MODE: ''})).toBeUndefined();
    expect(cspNginxLine(policy)).toBe(`add_header Content-Security-Policy "${policy}" always;\n`);
  });

  it('report only first: the enforced policy unchanged, the same policy reported beside it', () => {
    const report = cspReportSettings({CSP_REPORT_URI: 'https://reports.example.org/csp'});
    expect(report).toEqual({uri: 'https://reports.example.org/csp', mode: 'report-only'});
    expect(cspNginxLine(policy, report)).toBe(
      `add_header Content-Security-Policy "${policy}" always;\n` +
        `add_header Content-Security-Policy-Report-Only "${policy}; report-uri https://reports.example.org/csp" always;\n`,
    );
  });

  it('enforce: the report-uri joins the enforced policy', () => {
    const report = cspReportSettings({CSP_REPORT_URI: '/csp-reports', CSP_REPORT_MODE: 'enforce'});
    expect(cspNginxLine(policy, report)).toBe(
      `add_header Content-Security-Policy "${policy}; report-uri /csp-reports" always;\n`,
    );
  });

  it('names a wrong setting', () => {
    expect(() => cspReportSettings({CSP_REPORT_URI: 'http://reports.example.org'})).toThrow(
      /CSP_REPORT_URI must be an https URL or a path of this site/,
    );
    expect(() => cspReportSettings({CSP_REPORT_URI: '//evil.example/x'})).toThrow(/CSP_REPORT_URI/);
    expect(() =>
      cspReportSettings({CSP_REPORT_URI: 'https://r.example.org/a"; add_header X 1'}),
    ).toThrow(/CSP_REPORT_URI/);
    expect(() => cspReportSettings({CSP_REPORT_MODE: 'enforce'})).toThrow(
      'CSP_REPORT_MODE is "enforce", but CSP_REPORT_URI is not set',
    );
    expect(() => cspReportSettings({CSP_REPORT_URI: '/r', CSP_REPORT_MODE: 'report'})).toThrow(
      'CSP_REPORT_MODE must be "report-only" or "enforce", not "report"',
    );
  });
});
