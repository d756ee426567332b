// The site's sources (support/builds.mjs) are what the test builds' stamp hashes and what the
// development-server test copies: a file the site reads outside them would leave a stale build in
// place after it changes, and be missing from the development server's copy.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {BEST_BETS_FILE, SYNONYMS_FILE} from '@fsc-docs/search/build/searchFiles';
import {SITE_SOURCES} from '../../support/builds.mjs';

const covered = (file: string) =>
  SITE_SOURCES.some((entry) => file === entry || file.startsWith(entry + path.sep));

describe("the site's sources", () => {
  it('cover the synonyms and best-bets files the build writes into the index', () => {
    expect(covered(SYNONYMS_FILE)).toBe(true);
    expect(covered(BEST_BETS_FILE)).toBe(true);
  });
});
