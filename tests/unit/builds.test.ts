// The stamp that decides whether a test build is current hashes BUILD_SOURCES: a file the build
// reads outside them would leave a stale build in place after it changes.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SYNONYMS_FILE} from '../../plugins/search-index/synonymsFile';
import {BUILD_SOURCES} from '../../support/builds.mjs';

const covered = (file: string) =>
  BUILD_SOURCES.some((entry) => file === entry || file.startsWith(entry + path.sep));

describe('the sources a test build is stamped with', () => {
  it('cover the synonyms file the build writes into the index', () => {
    expect(covered(SYNONYMS_FILE)).toBe(true);
  });
});
