import {readFile} from 'node:fs/promises';
import {gzipSync} from 'node:zlib';
import {expect, it} from 'vitest';
import {INDEX_SIZE_BUDGET} from '@fsc-docs/search/build/buildIndex';
import {findIndexFile} from '@fsc-docs/search/build/findIndexFile';
import {findPriorFile} from '@fsc-docs/search/build/priorFile';
import {builtSite} from '../../support/builds.mjs';

// The whole index and the prior file: what the site's search fetched before the sharded index (the
// whole index is what the development server and the MCP server read). The built site now fetches
// a query's part of the sharded index: tests/site/search-sharded.test.ts checks a first search's
// bytes.
it('the whole index and the prior file are at most 120 KB gzip together on the real site (built site)', async () => {
  const build = await builtSite('published');
  const prior = await findPriorFile(build);
  expect(prior, 'the published build has a prior file').not.toBeNull();
  const files = [await findIndexFile(build), prior as string];
  const gzipBytes = await Promise.all(
    files.map(async (file) => gzipSync(await readFile(file), {level: 9}).length),
  );
  expect(INDEX_SIZE_BUDGET.warnGzipBytes).toBe(120 * 1024);
  expect(
    gzipBytes.reduce((sum, bytes) => sum + bytes, 0),
    `gzip bytes of ${files.join(' and ')}`,
  ).toBeLessThanOrEqual(INDEX_SIZE_BUDGET.warnGzipBytes);
}, 600_000); // the first run makes the build
