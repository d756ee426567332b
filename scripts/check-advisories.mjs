#!/usr/bin/env node
// @ts-check
// An offline advisory check: fails when package-lock.json holds a package version that a known
// advisory (scripts/known-advisories.json) calls vulnerable, naming the package, its version, where
// it is in the tree and the advisory. The registry this project's CI reaches refuses `npm audit`,
// so this pinned list stands in for it; where the registry answers, `npm audit` is the full check
// (SECURITY.md). tests/unit/advisories.test.ts runs it over the lockfile in `npm test`.
//
//   node scripts/check-advisories.mjs [--lock package-lock.json]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADVISORIES_FILE = path.join(REPO_ROOT, 'scripts/known-advisories.json');

/** @typedef {{id: string, package: string, vulnerable: string, summary: string}} Advisory */
/** @typedef {{advisory: Advisory, version: string, location: string}} Finding */

/**
 * `[major, minor, patch]` of a version, with a prerelease (`1.2.3-rc.1`) ordered just below its
 * release; undefined when it is not a plain version.
 * @param {string} version
 * @returns {number[] | undefined}
 */
function versionParts(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(
    version.trim(),
  );
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] ? -1 : 0];
}

/**
 * @param {number[]} a
 * @param {number[]} b
 */
function compare(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Whether `version` is in `range`: comparators (`<`, `<=`, `>`, `>=`, `=`) joined by spaces (all
 * must hold), alternatives joined by `||`. That is all the advisories' ranges use; anything else
 * fails, so that a mistyped range cannot pass every version silently.
 * @param {string} version
 * @param {string} range
 */
export function inRange(version, range) {
  const parts = versionParts(version);
  if (!parts) return false;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const match = /^(<=|>=|<|>|=)(.+)$/.exec(comparator);
        const bound = match && versionParts(match[2]);
        if (!match || !bound) throw new Error(`Cannot read the version range "${range}"`);
        const order = compare(parts, bound);
        return {
          '<': order < 0,
          '<=': order <= 0,
          '>': order > 0,
          '>=': order >= 0,
          '=': order === 0,
        }[match[1]];
      }),
  );
}

/**
 * Every package of a lockfile (version 2 or 3) that an advisory calls vulnerable.
 * @param {{packages?: Record<string, {version?: string, link?: boolean}>}} lock
 * @param {Advisory[]} advisories
 * @returns {Finding[]}
 */
export function findVulnerable(lock, advisories) {
  if (!lock.packages) throw new Error('The lockfile has no "packages" (lockfileVersion 2 or 3)');
  /** @type {Finding[]} */
  const findings = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!location.includes('node_modules/') || entry.link || !entry.version) continue;
    for (const advisory of advisories) {
      if (advisory.package === name && inRange(entry.version, advisory.vulnerable)) {
        findings.push({advisory, version: entry.version, location});
      }
    }
  }
  return findings;
}

/** @returns {Advisory[]} */
export function readAdvisories(file = ADVISORIES_FILE) {
  return JSON.parse(fs.readFileSync(file, 'utf8')).advisories;
}

/**
 * One line per finding.
 * @param {Finding[]} findings
 */
export function describeFindings(findings) {
  return findings
    .map(
      ({advisory, version, location}) =>
        `${advisory.package}@${version} (${location}) is vulnerable: ${advisory.id}, ${advisory.summary} (affected: ${advisory.vulnerable})`,
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--lock');
  const lockFile = at === -1 ? path.join(REPO_ROOT, 'package-lock.json') : process.argv[at + 1];
  const advisories = readAdvisories();
  const findings = findVulnerable(JSON.parse(fs.readFileSync(lockFile, 'utf8')), advisories);
  if (findings.length > 0) {
    console.error(
      `${describeFindings(findings)}\nUpdate the package or add an npm override to a fixed version (package.json "overrides").`,
    );
    process.exit(1);
  }
  console.log(`advisories: none of ${advisories.length} known advisories matches ${lockFile}`);
}
