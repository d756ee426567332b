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
  collectInlineScriptHashes,
  contentSecurityPolicy,
  cspNginxLine,
  cspReportSettings,
  detectSearchMode,
  inlineScripts,
  readAllowedScripts,
  scriptHash,
} from '../../deploy/csp.mjs';

const CSP_SCRIPT = path.join(__dirname, '../../deploy/csp.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, {recursive: true, force: true});
});

/** A build of one page, `page.html` holding `html`. */
function buildWith(html: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-csp-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'docs'));
  fs.writeFileSync(path.join(dir, 'docs/page.html'), html);
  return dir;
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
    expect(inlineScripts(html)).toEqual([
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
    expect(inlineScripts(html)).toEqual(['\nreal()\n']);
  });

  it('the committed list of reviewed scripts names a purpose for each hash', () => {
    const allowed = readAllowedScripts();
    expect(allowed.size).toBeGreaterThan(0);
    for (const [hash, purpose] of allowed) {
      expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      expect(purpose.length, hash).toBeGreaterThan(20);
    }
  });

  it('allows a reviewed script by its hash', () => {
    const dir = buildWith('<html><head><script>known()</script></head></html>');
    const allowed = new Map([[scriptHash('known()'), 'a test script']]);
    expect(collectInlineScriptHashes(dir, allowed)).toEqual({
      hashes: [scriptHash('known()')],
      scripts: 1,
      files: 1,
    });
  });

  it('fails on a script that is not on the list, naming the file and printing the script', () => {
    const dir = buildWith(
      '<html><head><script>fetch("/steal?" + document.cookie)</script></head></html>',
    );
    expect(() => collectInlineScriptHashes(dir, new Map())).toThrow(
      /docs\/page\.html .* has an inline script that is not on the reviewed list, deploy\/inline-scripts\.json:\n----\nfetch\("\/steal\?" \+ document\.cookie\)\n----\nIf it belongs in the site, review it and add \{"sha256": "'sha256-/,
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
    expect(() => readAllowedScripts(list)).toThrow(/entry 1: needs "sha256" \('sha256-<base64>'/);
    fs.writeFileSync(list, JSON.stringify([{sha256: scriptHash('x'), purpose: ' '}]));
    expect(() => readAllowedScripts(list)).toThrow(/entry 1: needs .* and a "purpose"/);
  });
});

describe('the policy', () => {
  it("allows no <base> element: base-uri 'none'", () => {
    expect(contentSecurityPolicy({hashes: []})).toContain("base-uri 'none'");
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
