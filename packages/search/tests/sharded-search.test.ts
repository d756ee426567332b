/**
 * The sharded index (shardFileFormat.ts, shardedSearch.ts) on 200 generated pages and three pages
 * of rare words among them: each query is answered as the whole index answers it, from fewer
 * shards than all. The rare words are what make a shard's choice matter (the generated pages share
 * one small vocabulary, so their words are in every shard); the site tier checks every judged
 * query on the real build (tests/site/search-sharded.test.ts).
 */
import {createHash} from 'node:crypto';
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findShardManifest, writeShardFiles} from '../src/build/shardFiles';
import {createSearchEngine} from '../src/engine';
import {readShard, readShardManifest, serializeShards} from '../src/shardFileFormat';
import {createShardedSearch} from '../src/shardedSearch';
import type {SynonymEntry} from '../src/synonyms';
import type {DocSearchRecord, MultiQueryRequest, SearchResponse} from '../src/types';
import {docSearchRequest} from '../support/docSearchRequest';
import {recordingFetch} from '../support/recordingFetch';
import {DOCSEARCH_FILTERS, rec} from './support/records';
import {syntheticRecords} from './support/syntheticRecords';

const rarePage = (page: string, lvl1: string, contents: string[]): DocSearchRecord[] => {
  const at = {path: `/docs/${page}`, lvl0: 'Reference', lvl1};
  return [
    rec({...at, type: 'lvl1', position: 0}),
    ...contents.map((content, i) => rec({...at, type: 'content', content, position: i + 1})),
  ];
};

const generated = syntheticRecords();
const third = Math.floor(generated.length / 3);
const records: DocSearchRecord[] = [
  ...rarePage('kubeconfig', 'Rotate the kubeconfig', [
    'Renew the kubeconfig credentials before they expire.',
  ]),
  ...generated.slice(0, third),
  ...rarePage('errors', 'Error codes', [
    'FSC_SERVICE_UNREACHABLE: the Inway could not reach the service.',
  ]),
  ...generated.slice(third),
  ...rarePage('replication', 'Postgresql replication', [
    'Set up replication between two Postgresql servers.',
  ]),
];
const synonyms: SynonymEntry[] = [
  {objectID: 'nl-renew', type: 'oneWaySynonym', input: ['vernieuwen'], synonyms: ['renew']},
  {objectID: 'db-copy', type: 'synonym', synonyms: ['replication', 'mirroring']},
];
const whole = createSearchEngine({records, synonyms});

const files = serializeShards(records, {synonyms});
const names = files.shards.map((_, n) => `shard-${n}.json`);
const served = new Map<string, string>([
  ['/s/manifest.json', files.manifest(names)],
  ...files.shards.map((json, n): [string, string] => [`/s/${names[n]}`, json]),
]);

/** What DocSearch's modal sends, with the site's facet filters. */
const modalRequest = (query: string): MultiQueryRequest =>
  docSearchRequest(query, 'docs', DOCSEARCH_FILTERS);

/** An answer without the time it took, which is all that may differ. */
const answer = ({processingTimeMS: _, ...rest}: SearchResponse) => rest;

describe('the sharded index', () => {
  it('holds every record once, in order, and every term with the shards holding it', () => {
    expect(files.shards.length).toBeGreaterThan(4);
    expect(files.shards.flatMap((json) => readShard(json))).toEqual(records);
    const manifest = readShardManifest(files.manifest(names));
    expect(manifest.shards).toEqual(names);
    expect(manifest.synonyms).toEqual(synonyms);
    expect(manifest.terms.get('kubeconfig')).toEqual([0]);
    expect(manifest.terms.get('replication')).toEqual([files.shards.length - 1]);
  });

  it.each([
    ['a typo on the first letter', 'jubeconfig', '/docs/kubeconfig'],
    ['the last word as a prefix', 'replication credent', '/docs/kubeconfig'],
    ['a synonym', 'mirroring', '/docs/replication'],
    ['a Dutch query', 'hoe vernieuwen', '/docs/kubeconfig'],
    ['an error code by its parts', 'service_unreachable', '/docs/errors'],
  ])('answers %s (%s) as the whole index, from fewer shards', async (_, query, page) => {
    const {fetch, take} = recordingFetch((url) => served.get(url) ?? null);
    const sharded = createShardedSearch({manifestUrl: '/s/manifest.json', fetch});
    const [result] = await sharded.search([modalRequest(query)]);
    const expected = whole.search(modalRequest(query), 'docs');
    expect(answer(result as SearchResponse)).toEqual(answer(expected));
    expect(expected.hits.map((hit) => hit.url).join(' ')).toContain(page);
    const fetched = take();
    expect(fetched.roundTrips).toBe(2);
    expect(fetched.urls.length - 1).toBeLessThan(files.shards.length);
  });

  it('keeps the shards it fetched for the next keystrokes', async () => {
    const {fetch, take} = recordingFetch((url) => served.get(url) ?? null);
    const sharded = createShardedSearch({manifestUrl: '/s/manifest.json', fetch});
    for (const query of ['kubeconfi', 'kubeconfig']) await sharded.search([modalRequest(query)]);
    expect(take().urls).toHaveLength(2);
    const [result] = await sharded.search([modalRequest('kubeconfig renew')]);
    expect(answer(result as SearchResponse)).toEqual(
      answer(whole.search(modalRequest('kubeconfig renew'), 'docs')),
    );
    expect(take().urls).toEqual([]);
  });
});

describe("the build's shard files", () => {
  const sha8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
  const quiet = () => undefined;

  it('are named by their content, and a new build leaves none of the last one behind', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'shards-'));
    try {
      await writeShardFiles(out, generated, {synonyms: [], rules: []}, quiet);
      await writeShardFiles(out, records, {synonyms, rules: []}, quiet);
      const manifestFile = await findShardManifest(out);
      const manifestJson = await readFile(manifestFile, 'utf8');
      expect(path.basename(manifestFile)).toBe(`manifest.${sha8(manifestJson)}.json`);
      const {shards} = readShardManifest(manifestJson);
      const dir = path.dirname(manifestFile);
      for (const name of shards)
        expect(name).toBe(`${sha8(await readFile(path.join(dir, name), 'utf8'))}.json`);
      expect((await readdir(dir)).sort()).toEqual([...shards, path.basename(manifestFile)].sort());
    } finally {
      await rm(out, {recursive: true, force: true});
    }
  });

  it('fail the build above 30 KB gzip for a shard, naming the limit', async () => {
    // A page of words that do not repeat: about 60 KB once gzipped.
    const words = Array.from({length: 12_000}, (_, i) => (i * 7919).toString(36)).join(' ');
    const out = await mkdtemp(path.join(tmpdir(), 'shards-'));
    try {
      await expect(
        writeShardFiles(out, rarePage('huge', 'Huge', [words]), {synonyms: [], rules: []}, quiet),
      ).rejects.toThrow(/SHARD_GZIP_LIMIT/);
    } finally {
      await rm(out, {recursive: true, force: true});
    }
  });
});
