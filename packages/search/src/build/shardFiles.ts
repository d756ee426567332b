/**
 * The sharded index's files (issue 38, first stage), written by the build beside the whole index
 * file, which the browser still loads: `search-shards/manifest.<hash8>.json` and one
 * `search-shards/<hash8>.json` per shard (shardFileFormat.ts), every name content-hashed.
 */
import {createHash} from 'node:crypto';
import {mkdir, readdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {QueryRule} from '../queryRules';
import {serializeShards} from '../shardFileFormat';
import type {SynonymEntry} from '../synonyms';
import type {DocSearchRecord} from '../types';

const SHARDS_DIR = 'search-shards';
const MANIFEST_PATTERN = /^manifest\.[0-9a-f]{8}\.json$/;

/**
 * The largest shard, gzipped, the build accepts: the issue asks for shards of about 10-30 KB, and
 * a shard is a few pages, so one above this is a runaway page (the site's largest is about 15 KB).
 */
const SHARD_GZIP_LIMIT = 30 * 1024;

const hashOf = (json: string): string =>
  createHash('sha256').update(json).digest('hex').slice(0, 8);

const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Writes the sharded index of `records` into `outDir`; returns the manifest's path in it. */
export async function writeShardFiles(
  outDir: string,
  records: readonly DocSearchRecord[],
  data: {synonyms: readonly SynonymEntry[]; rules: readonly QueryRule[]},
  log: (message: string) => void,
): Promise<string> {
  const files = serializeShards(records, data);
  const gzipSizes = files.shards.map((json) => gzipSync(json, {level: 9}).length);
  const largest = Math.max(...gzipSizes);
  if (largest > SHARD_GZIP_LIMIT) {
    throw new Error(
      `[search-index] search shard ${gzipSizes.indexOf(largest)} is ${kilobytes(largest)} gzip, above the limit of ` +
        `${kilobytes(SHARD_GZIP_LIMIT)} (SHARD_GZIP_LIMIT in packages/search/src/build/shardFiles.ts): find the page that grew.`,
    );
  }
  const names = files.shards.map((json) => `${hashOf(json)}.json`);
  const manifest = files.manifest(names);
  const manifestName = `manifest.${hashOf(manifest)}.json`;
  const dir = path.join(outDir, SHARDS_DIR);
  await rm(dir, {recursive: true, force: true});
  await mkdir(dir);
  await Promise.all([
    ...files.shards.map((json, i) => writeFile(path.join(dir, names[i] as string), json)),
    writeFile(path.join(dir, manifestName), manifest),
  ]);
  log(
    `[search-index] sharded index: ${names.length} shards (largest ${kilobytes(largest)} gzip), ` +
      `manifest ${kilobytes(gzipSync(manifest, {level: 9}).length)} gzip -> ${SHARDS_DIR}/${manifestName}`,
  );
  return path.join(SHARDS_DIR, manifestName);
}

/** The sharded index's manifest in a build directory. */
export async function findShardManifest(buildDir: string): Promise<string> {
  const dir = path.join(buildDir, SHARDS_DIR);
  const found = (await readdir(dir)).filter((name) => MANIFEST_PATTERN.test(name));
  if (found.length !== 1)
    throw new Error(`${dir}: ${found.length} manifests (${found.join(', ')}); rebuild`);
  return path.join(dir, found[0] as string);
}
