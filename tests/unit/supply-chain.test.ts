// The supply chain, as far as it shows in the repository: the offline advisory check
// (scripts/check-advisories.mjs) over the lockfile, and which dependencies may run install scripts.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  describeFindings,
  findVulnerable,
  inRange,
  readAdvisories,
} from '../../scripts/check-advisories.mjs';

const ROOT = path.join(__dirname, '../..');
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, {version?: string; hasInstallScript?: boolean}>;
};
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};

describe('known advisories', () => {
  it('package-lock.json holds no version a known advisory calls vulnerable', () => {
    expect(describeFindings(findVulnerable(LOCK, readAdvisories()))).toBe('');
  });

  it("neither does bench/lighthouse's, which bench:pages installs Lighthouse from", () => {
    const lock = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'bench/lighthouse/package-lock.json'), 'utf8'),
    ) as typeof LOCK;
    expect(Object.keys(lock.packages)).toContain('node_modules/lighthouse');
    expect(describeFindings(findVulnerable(lock, readAdvisories()))).toBe('');
  });

  it('finds a vulnerable version anywhere in the tree and names the package, where it is and the advisory', () => {
    const lock = {
      packages: {
        '': {version: '1.0.0'},
        'node_modules/minimatch': {version: '3.1.5'},
        'node_modules/serve-handler/node_modules/minimatch': {version: '3.1.2'},
        'node_modules/serialize-javascript': {version: '7.0.5'},
        'packages/x': {version: '0.0.1'},
      },
    };
    expect(describeFindings(findVulnerable(lock, readAdvisories()))).toBe(
      [
        'minimatch@3.1.2 (node_modules/serve-handler/node_modules/minimatch) is vulnerable: GHSA-3ppc-4f35-3m26, ReDoS through repeated wildcards with a literal that does not match (affected: <3.1.3 || >=4.0.0 <4.2.4 || >=5.0.0 <5.1.7 || >=6.0.0 <6.2.1 || >=7.0.0 <7.4.7 || >=8.0.0 <8.0.5 || >=9.0.0 <9.0.6)',
        'minimatch@3.1.2 (node_modules/serve-handler/node_modules/minimatch) is vulnerable: GHSA-7r86-cg39-jmmj, ReDoS through combinatorial backtracking over several non-adjacent ** segments (affected: <3.1.3)',
        'minimatch@3.1.2 (node_modules/serve-handler/node_modules/minimatch) is vulnerable: GHSA-23c5-xmqv-rm74, ReDoS through nested extglobs (affected: <3.1.4)',
      ].join('\n'),
    );
  });

  it('reads version ranges as npm does for plain comparators', () => {
    expect(inRange('3.1.2', '<3.1.3')).toBe(true);
    expect(inRange('3.1.3', '<3.1.3')).toBe(false);
    expect(inRange('3.1.3-rc.1', '<3.1.3')).toBe(true);
    expect(inRange('7.0.4', '>=7.0.0 <7.0.5')).toBe(true);
    expect(inRange('6.0.6', '<6.0.6 || >=7.0.0 <7.0.5')).toBe(false);
    expect(inRange('9.0.5', '<3.1.3 || >=9.0.0 <9.0.6')).toBe(true);
    expect(inRange('10.0.0', '<=9.9.9')).toBe(false);
    expect(() => inRange('1.0.0', '^1.0.0')).toThrow('Cannot read the version range "^1.0.0"');
  });

  it('every advisory names its id, package, range and what it is', () => {
    const advisories = readAdvisories();
    expect(advisories.length).toBeGreaterThan(5);
    for (const advisory of advisories) {
      expect(advisory.id).toMatch(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/);
      expect(advisory.package).toMatch(/^(@[a-z0-9-]+\/)?[a-z0-9.-]+$/);
      expect(() => inRange('1.0.0', advisory.vulnerable), advisory.id).not.toThrow();
      expect(advisory.summary.length, advisory.id).toBeGreaterThan(10);
    }
  });
});

describe('install scripts', () => {
  it("npm's allowScripts lets only @swc/core run its install script and denies every other one", () => {
    // @swc/core's postinstall checks its native binary and fetches the WebAssembly build where
    // there is none; core-js and core-js-pure only print a banner.
    const withScripts = Object.entries(LOCK.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 13));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(PACKAGE.allowScripts).toEqual({
      ...Object.fromEntries(withScripts.map((name) => [name, false])),
      '@swc/core': true,
    });
  });
});

describe('the container recipe (deploy/Dockerfile)', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8');
  /** The instructions, with continued lines joined and comments left out. */
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'));

  it('installs exactly the lockfile, and fails when npm resolves anything anew', () => {
    const install = instructions.filter((line) => /\bnpm (install|ci)\b/.test(line));
    expect(install).toHaveLength(1);
    // npm ci, or npm install followed by a comparison with the committed lockfile.
    expect(install[0]).toMatch(
      /\bnpm ci\b|cp package-lock\.json (\S+)\s+&&\s+npm install [^&]*&&\s+cmp package-lock\.json \1/,
    );
  });

  it('builds with a pinned npm that reads allowScripts', () => {
    expect(dockerfile).toMatch(/^ARG NPM_VERSION=(1[1-9]|[2-9]\d)\.\d+\.\d+$/m);
  });

  it('takes every base image from a build argument, each pinned by digest or a tag to pin', () => {
    const from = instructions.filter((line) => /^FROM\s/.test(line));
    expect(from.length).toBeGreaterThan(1);
    for (const line of from) expect(line).toMatch(/^FROM \$\{[A-Z_]+_IMAGE\}( AS \w+)?$/);
    const images = [...dockerfile.matchAll(/^ARG ([A-Z_]+_IMAGE)=(\S+)$/gm)];
    expect(images.map(([, name]) => name).sort()).toEqual(['NGINX_IMAGE', 'NODE_IMAGE']);
    for (const [, , image] of images) {
      expect(image).toMatch(/^[a-z0-9./-]+:[\w.-]+(@sha256:[0-9a-f]{64})?$/);
    }
  });
});
