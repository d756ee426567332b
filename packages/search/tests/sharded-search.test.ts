/**
 * The sharded index (shardFileFormat.ts, shardedSearch.ts) on 200 generated pages and three pages
 * of rare words among them: each query is answered as the whole index answers it, from fewer
 * shards than all. The rare words are what make a shard's choice matter (the generated pages share
 * one small vocabulary, so their words are in every shard); the site tier checks every judged
 * query on the real build (tests/site/search-sharded.test.ts).
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {createSearchClient} from '../src/algoliaClient';
import {bestBetRules} from '../src/bestBets';
import {learnPrior} from '../src/build/learnPrior';
import {findShardManifest, writeShardFiles} from '../src/build/shardFiles';
import {createSearchEngine} from '../src/engine';
import {facetValues} from '../src/recordFacts';
import {serializeIndex} from '../src/indexFileFormat';
import {pagePosterior, priorHead, priorWords} from '../src/queryPrior';
import {buildTermIndex} from '../src/termIndex';
import {terms as toTerms} from '../src/text';
import {
  decodePosting,
  priorRowsFile,
  readPostingsFile,
  readShardManifest,
  readTable,
  readTextFile,
  serializeShards,
  shardFileName,
  TABLE_ATTRIBUTES,
} from '../src/shardFileFormat';
import {createShardedSearch} from '../src/shardedSearch';
import {openShardsInThread} from '../src/shardsInThread';
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
const plain = createSearchEngine({records, synonyms});
/** The page of the tenth hit of `query` without best bets, as the prior and best bets name pages. */
const tenthPage = (query: string): string =>
  new URL(
    plain.search(docSearchRequest(query, 'docs', DOCSEARCH_FILTERS), 'docs').hits[9]?.url ?? '',
  ).pathname;
/** A best bet for the page of the tenth hit of 'inway'; its filter names the page's url. */
const betPage = tenthPage('inway');
const rules = bestBetRules(
  [{objectID: 'inway', page: betPage, patterns: ['inway']}],
  (page) =>
    records.map((record) => record.url_without_anchor).find((url) => url.endsWith(page)) ?? null,
  'test',
);
const whole = plain.withSearchData({synonyms, rules});
/**
 * A query-to-page prior that sends a few words to a page of their tenth hit, strongly enough to
 * move it up the first page, and others to the rare pages.
 */
const prior = learnPrior(
  [
    {text: 'outway', pages: [tenthPage('outway')], weight: 6},
    {text: 'inway certificates', pages: [tenthPage('inway certificates')], weight: 6},
    {text: 'rotate credentials', pages: ['/docs/kubeconfig'], weight: 6},
    {text: 'mirroring servers', pages: ['/docs/replication'], weight: 6},
    {text: 'zebra', pages: ['/docs/errors'], weight: 2},
    // A first keystroke's word: its row travels in its answer file.
    {text: 'o', pages: [tenthPage('o')], weight: 6},
  ],
  {lambda: 10, alpha: 0.1, minWordCount: 1, bestBetWeight: 1},
);

const files = serializeShards(records, {synonyms, rules, prior});
const served = new Map<string, string>([
  ['/s/manifest.json', files.manifest('abc')],
  [`/s/${shardFileName('abc', 'table')}`, files.table],
  ...files.postings.map((json, n): [string, string] => [
    `/s/${shardFileName('abc', ['p', n])}`,
    json,
  ]),
  ...files.texts.map((json, n): [string, string] => [`/s/${shardFileName('abc', ['t', n])}`, json]),
]);

/** What DocSearch's modal sends, with the site's facet filters. */
const modalRequest = (query: string): MultiQueryRequest =>
  docSearchRequest(query, 'docs', DOCSEARCH_FILTERS);

/** An answer without the time it took, which is all that may differ. */
const answer = ({processingTimeMS: _, ...rest}: SearchResponse) => rest;

/** The site's client over the whole index file, with the whole prior or none: the reference. */
const wholeIndexFile = serializeIndex(records, {synonyms, rules});
const wholeClient = (withPrior: boolean) =>
  createSearchClient({
    mode: 'embedded',
    indexUrl: () => '/whole.json',
    fetch: async () => ({
      ok: true,
      status: 200,
      json: async () => JSON.parse(wholeIndexFile) as unknown,
      text: async () => wholeIndexFile,
    }),
    loadPrior: async () => (withPrior ? prior : null),
  });

/** A reader of the served files, opened (the manifest and table fetched), and what it fetches. */
async function openedReader() {
  const {fetch, take} = recordingFetch((url) => served.get(url) ?? null);
  const sharded = createShardedSearch({manifestUrl: '/s/manifest.json', fetch});
  await sharded.open();
  expect(take().urls).toEqual(['/s/manifest.json', '/s/abc-table.json']);
  return {sharded, take};
}

describe('the sharded index', () => {
  it("holds every term's posting as the engine's term index has it, and every record", () => {
    const manifest = readShardManifest(files.manifest('abc'));
    const index = buildTermIndex(records);
    expect(manifest.terms).toEqual([...index.keys()].sort());
    const {postingStarts, textStarts} = manifest;
    const written = postingStarts.flatMap(
      (first, n) =>
        readPostingsFile(files.postings[n], (postingStarts[n + 1] ?? manifest.terms.length) - first)
          .postings,
    );
    // A file of several terms stays within 6,000 characters of postings: a large one stands alone.
    postingStarts.forEach((first, n) => {
      const end = postingStarts[n + 1] ?? manifest.terms.length;
      const size = written.slice(first, end).join('').length;
      if (end - first > 1) expect(size, `postings file ${n}`).toBeLessThanOrEqual(6_000);
    });
    manifest.terms.forEach((term, n) =>
      expect(decodePosting(written[n] as string, () => undefined)).toEqual(index.get(term)),
    );
    expect(files.postings.length).toBeGreaterThan(4);
    const table = readTable(files.table);
    const facts = records.map((_, id) => table.record(id));
    const texts = files.texts.flatMap((json, n) =>
      readTextFile(json, facts.slice(textStarts[n], textStarts[n + 1] ?? records.length)),
    );
    expect(JSON.stringify(texts)).toBe(JSON.stringify(records));
    expect(manifest.synonyms).toEqual(synonyms);
  });

  it('tells ranking, filters, facets and distinct what the records tell them', () => {
    const table = readTable(files.table);
    expect(table.count).toBe(records.length);
    const told = {url: new Map<string, string>(), url_without_anchor: new Map<string, string>()};
    const urlNumbers = new Map<string, number>();
    // Read in an order of their own: a record made from the wrong slot, or one kept from the
    // record asked for before, would differ.
    const ids = records.map((_, i) => (i * 7919) % records.length);
    expect(new Set(ids).size).toBe(records.length);
    for (const i of ids) {
      const record = records[i] as DocSearchRecord;
      const read = table.record(i);
      // What ranking reads (RecordFacts), from the typed arrays: the record's own weight, its url
      // told apart as the url is, and each attribute's values as its facts give them.
      expect([table.pageRanks[i], table.levels[i], table.positions[i]]).toEqual([
        record.weight.pageRank ?? 0,
        record.weight.level,
        record.weight.position,
      ]);
      expect(urlNumbers.get(record.url) ?? table.urls[i]).toBe(table.urls[i]);
      urlNumbers.set(record.url, table.urls[i] as number);
      for (const attribute of [...TABLE_ATTRIBUTES, 'url_without_anchor', 'url', 'weight.level'])
        expect(table.values(i, attribute)).toEqual(facetValues(read, attribute));
      for (const key of ['type', 'weight', 'language', 'docusaurus_tag'])
        expect(read[key as keyof DocSearchRecord]).toEqual(record[key as keyof DocSearchRecord]);
      expect(read.hierarchy.lvl0).toBe(record.hierarchy.lvl0);
      // The same url (page), and only it, is the same url (page) in the table.
      for (const [key, seen] of Object.entries(told)) {
        const [was, is] = [record, read].map((r) => r[key as keyof typeof told]);
        expect(seen.get(was) ?? is).toBe(is);
        seen.set(was, is);
      }
    }
    for (const seen of Object.values(told)) expect(new Set(seen.values()).size).toBe(seen.size);
    expect(new Set(urlNumbers.values()).size).toBe(urlNumbers.size);
    expect(table.urlCount).toBe(urlNumbers.size);
    // Told apart by keys: the table writes no url of a page out (but of a page whose records are
    // not in one run, which stands as its records' facts: a generated page cut by a rare one).
    const cut = records.filter((record) => files.table.includes(record.url_without_anchor));
    expect(new Set(cut.map((record) => record.url_without_anchor)).size).toBe(1);
  });

  it("ranks a best bet's page first, as the whole index, its filter naming the table's key", async () => {
    const {sharded} = await openedReader();
    const [result] = await sharded.search([modalRequest('inway')]);
    expect(answer(result as SearchResponse)).toEqual(
      answer(whole.search(modalRequest('inway'), 'docs')),
    );
    expect(new URL(result?.hits[0]?.url ?? '').pathname).toBe(betPage);
    expect(
      new URL(plain.search(modalRequest('inway'), 'docs').hits[0]?.url ?? '').pathname,
    ).not.toBe(betPage);
  });

  it.each([
    ['a typo on the first letter', 'jubeconfig', '/docs/kubeconfig'],
    ['the last word as a prefix', 'replication credent', '/docs/kubeconfig'],
    ['a synonym', 'mirroring', '/docs/replication'],
    ['a Dutch query', 'hoe vernieuwen', '/docs/kubeconfig'],
    ['an error code by its parts', 'service_unreachable', '/docs/errors'],
    ['a phrase', '"rotate the kubeconfig"', '/docs/kubeconfig'],
    ['a common word on every page', 'outway', 'synthetic.invalid'],
    ['a word split in two', 'auditlogs', 'synthetic.invalid'],
  ])('answers %s (%s) as the whole index, in 2 round trips', async (_, query, page) => {
    const {sharded, take} = await openedReader();
    const request = {...modalRequest(query), advancedSyntax: true};
    const [result] = await sharded.search([request]);
    const expected = whole.search(request, 'docs');
    expect(answer(result as SearchResponse)).toEqual(answer(expected));
    expect(expected.hits.map((hit) => hit.url).join(' ')).toContain(page);
    const fetched = take();
    expect(fetched.roundTrips).toBe(2);
    expect(fetched.urls.filter((url) => url.includes('postings')).length).toBeLessThan(
      files.postings.length,
    );
  });

  it('answers the /search page (facets, pages, ranking info, the empty query, a section filter) as the whole index', async () => {
    const {sharded} = await openedReader();
    for (const query of ['', 'inway certificates', 'outway -inway', 'manager']) {
      for (const page of [0, 1]) {
        const request: MultiQueryRequest = {
          indexName: 'docs',
          query,
          page,
          hitsPerPage: 20,
          advancedSyntax: true,
          getRankingInfo: true,
          facets: ['language', 'docusaurus_tag', 'type'],
          facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']],
          // What the question rules add (questionRules.ts).
          optionalFilters: ['hierarchy.lvl0:Reference'],
        };
        const [result] = await sharded.search([request]);
        expect(answer(result as SearchResponse)).toEqual(answer(whole.search(request, 'docs')));
      }
    }
  });

  it('keeps what it fetched for the next keystrokes', async () => {
    const {sharded, take} = await openedReader();
    for (const query of ['kubeconfi', 'kubeconfig']) await sharded.search([modalRequest(query)]);
    take();
    const [result] = await sharded.search([modalRequest('kubeconfig')]);
    expect(answer(result as SearchResponse)).toEqual(
      answer(whole.search(modalRequest('kubeconfig'), 'docs')),
    );
    expect(take().urls).toEqual([]);
  });

  it('refuses a filter on an attribute its table does not hold', async () => {
    const {sharded} = await openedReader();
    await expect(
      sharded.search([{...modalRequest('outway'), facetFilters: ['hierarchy.lvl1:Error codes']}]),
    ).rejects.toThrow(/hierarchy.lvl1/);
  });
});

describe("the prior's rows in the sharded index", () => {
  const manifest = readShardManifest(files.manifest('abc'));
  const count = (n: number) =>
    (manifest.postingStarts[n + 1] ?? manifest.terms.length) -
    (manifest.postingStarts[n] as number);

  it('holds the head in the manifest and each row in the postings file of its word', () => {
    expect(manifest.prior).toEqual(priorHead(prior));
    const rows = files.postings.map((json, n) => readPostingsFile(json, count(n)).priorRows);
    rows.forEach((fileRows, n) => {
      for (const word of Object.keys(fileRows)) expect(priorRowsFile(manifest, word)).toBe(n);
    });
    expect(Object.assign({}, ...rows)).toEqual(prior.words);
  });

  it.each(['outway', 'rotate kubeconfig', 'mirroring servers', 'zebras', 'nothing known'])(
    "gives the prior of '%s' from its words' rows alone, as the whole table's",
    async (query) => {
      const {sharded, take} = await openedReader();
      const priorOf = await sharded.priorOf();
      const part = await (priorOf as NonNullable<typeof priorOf>)(query);
      expect(pagePosterior(part, priorWords(query))).toEqual(
        pagePosterior(prior, priorWords(query)),
      );
      const fetched = take().urls;
      expect(fetched.length).toBeLessThanOrEqual(priorWords(query).length);
      expect(fetched.every((url) => url.includes('-p'))).toBe(true);
    },
  );

  it("is what the site's client re-orders by: the hits of the whole index and the whole prior file, the file never fetched", async () => {
    const loadPrior = vi.fn(async () => prior);
    const shardsClient = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/whole.json',
      shards: {
        manifestUrl: () => '/s/manifest.json',
        tableUrl: () => '',
        open: openShardsInThread,
      },
      fetch: recordingFetch((url) => served.get(url) ?? null).fetch,
      loadPrior,
    });
    const hitsOf = async (client: ReturnType<typeof wholeClient>, query: string) => {
      const {results} = await client.search({requests: [{...modalRequest(query)} as never]});
      return (results[0] as SearchResponse).hits.map((hit) => hit.objectID);
    };
    let moved = 0;
    for (const query of ['outway', 'inway certificates', 'mirroring', 'rotate', 'zebra']) {
      const fused = await hitsOf(wholeClient(true), query);
      if (JSON.stringify(fused) !== JSON.stringify(await hitsOf(wholeClient(false), query)))
        moved++;
      expect(await hitsOf(shardsClient, query), query).toEqual(fused);
    }
    expect(moved).toBeGreaterThan(1);
    expect(loadPrior).not.toHaveBeenCalled();
  });
});

/**
 * The writer's shard files of `records` (synonyms, best bets and prior, as the site's build has
 * them), written into a folder that held those of another, smaller site: the answer files' cases
 * read them and the case of the files' names checks them and what the writer logged. Each build
 * ranks its prefixes' answers (about 1.5 s of CPU), so it is made once, by the first case that
 * needs it, where the two cases made three builds (2026-11-29).
 */
let shardBuild:
  | Promise<{out: string; shards: Awaited<ReturnType<typeof writeShardFiles>>; logged: string[]}>
  | undefined;
const builtShards = () =>
  (shardBuild ??= (async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'shards-'));
    await writeShardFiles(out, generated.slice(0, 20), {synonyms: [], rules: []}, () => {});
    const logged: string[] = [];
    const shards = await writeShardFiles(out, records, {synonyms, rules, prior}, (line) =>
      logged.push(line),
    );
    return {out, shards, logged};
  })());
afterAll(async () => {
  if (shardBuild) await rm((await shardBuild).out, {recursive: true, force: true});
});

describe('the answer files of short prefixes', () => {
  let out: string;
  let manifestUrl: string;
  let tableUrl: string;
  let answers: string[];
  /** The build's files, by their path under `out`. */
  const read = (url: string): string | null => {
    try {
      return readFileSync(path.join(out, url), 'utf8');
    } catch {
      return null;
    }
  };
  /** Every prefix of one and two letters of the records' terms: the first keystrokes a reader types. */
  const prefixes = [
    ...new Set(
      records.flatMap((record) =>
        toTerms([record.content, ...Object.values(record.hierarchy)].join(' ')).flatMap((term) =>
          [term.slice(0, 1), term.slice(0, 2)].filter((prefix, i) => prefix.length === i + 1),
        ),
      ),
    ),
  ].sort();

  beforeAll(async () => {
    const {shards, ...built} = await builtShards();
    out = built.out;
    manifestUrl = `/${shards.manifest}`;
    tableUrl = `/${shards.table}`;
    ({answers} = readShardManifest(read(manifestUrl)));
  }, 60_000);

  it('answer every one- and two-letter prefix as the whole index, as the modal and /search ask it, a prefix with large postings from its answer file alone', async () => {
    const {fetch, take} = recordingFetch(read);
    const sharded = createShardedSearch({manifestUrl, fetch});
    await sharded.open();
    take();
    // As /search asks: its filters, counts of facets, and a second page past the answer file's.
    const searchPage = (query: string, page: number): MultiQueryRequest => ({
      indexName: 'docs',
      query,
      page,
      hitsPerPage: 20,
      advancedSyntax: true,
      facets: ['language', 'docusaurus_tag'],
      facetFilters: [
        ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
        ['language:en'],
      ],
    });
    const differ: string[] = [];
    const fetchedPostings: string[] = [];
    for (const prefix of prefixes) {
      // Past the answer file's hits, a second page is answered from the postings.
      const pages = answers.includes(prefix) ? [0, 1] : [0];
      for (const request of [
        modalRequest(prefix),
        ...pages.map((page) => searchPage(prefix, page)),
      ]) {
        const [result] = await sharded.search([request]);
        const same =
          JSON.stringify(answer(result as SearchResponse)) ===
          JSON.stringify(answer(whole.search(request, 'docs')));
        if (!same) differ.push(`${prefix} (page ${request.page ?? 0})`);
        // The modal's first page and /search's, asked first, fetch the prefix's answer file alone.
        const urls = take().urls;
        if (
          answers.includes(prefix) &&
          request.page !== 1 &&
          urls.some((url) => !url.includes('-a'))
        )
          fetchedPostings.push(prefix);
      }
    }
    expect(differ).toEqual([]);
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((word) => word.length === 1).length).toBeGreaterThan(5);
    expect(fetchedPostings).toEqual([]);
  });

  it("re-order the prefixes' hits in the site's client as the whole index and prior file do, with the prior's row from the answer file", async () => {
    const {fetch, take} = recordingFetch(read);
    const shardsClient = createSearchClient({
      mode: 'embedded',
      indexUrl: () => '/whole.json',
      shards: {manifestUrl: () => manifestUrl, tableUrl: () => tableUrl, open: openShardsInThread},
      fetch,
      loadPrior: async () => null,
    });
    await shardsClient.preload();
    take();
    const shown = async (client: typeof shardsClient, query: string) => {
      const {results} = await client.search({requests: [modalRequest(query) as never]});
      return JSON.stringify(answer(results[0] as SearchResponse));
    };
    const [fused, unfused] = [wholeClient(true), wholeClient(false)];
    const differ: string[] = [];
    let moved = 0;
    for (const prefix of answers) {
      const expected = await shown(fused, prefix);
      if (expected !== (await shown(unfused, prefix))) moved++;
      if ((await shown(shardsClient, prefix)) !== expected) differ.push(prefix);
      const {urls, roundTrips} = take();
      expect(urls, prefix).toEqual([expect.stringMatching(/-a\d+\.json$/)]);
      expect(roundTrips).toBe(1);
    }
    expect(differ).toEqual([]);
    // The prior moved the hits of 'o', from its row in the answer file.
    expect(moved).toBeGreaterThan(0);
  });
});

describe("the build's shard files", () => {
  const sha8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
  const quiet = () => undefined;

  it('are named by the hash of their content, and a new build leaves none of the last one behind', async () => {
    const {out, logged} = await builtShards();
    // The build reports the first search of the commonest word, of one letter, and the largest files.
    expect(logged.join('\n')).toMatch(
      /the first search of '\w+' fetches [\d.]+ KB gzip, a first keystroke of one letter at most [\d.]+ KB \('\w'\) \(budget 52\.0 KB for 203 pages\).*postings files \(largest [\d.]+ KB\).*text files \(largest [\d.]+ KB\).*answer files \(largest [\d.]+ KB\)/,
    );
    const manifestFile = await findShardManifest(out);
    const manifestJson = await readFile(manifestFile, 'utf8');
    expect(path.basename(manifestFile)).toBe(`manifest.${sha8(manifestJson)}.json`);
    const {hash, postingStarts, textStarts, answers} = readShardManifest(manifestJson);
    expect(answers.length).toBeGreaterThan(0);
    const shards = [
      ...postingStarts.map((_, n) => shardFileName(hash, ['p', n])),
      shardFileName(hash, 'table'),
      ...textStarts.map((_, n) => shardFileName(hash, ['t', n])),
      ...answers.map((_, n) => shardFileName(hash, ['a', n])),
    ];
    const dir = path.dirname(manifestFile);
    const contents = await Promise.all(
      shards.map((name) => readFile(path.join(dir, name), 'utf8')),
    );
    expect(hash).toBe(sha8(contents.join('\n')));
    expect((await readdir(dir)).sort()).toEqual([...shards, path.basename(manifestFile)].sort());
  });

  it('are written a few at a time: a large site has more files than a process may open at once', async () => {
    // The generated pages' 800-odd text files, written by a process that may open 200 files.
    const out = await mkdtemp(path.join(tmpdir(), 'shards-'));
    const script = [
      `import {createJiti} from 'jiti';`,
      `const jiti = createJiti(${JSON.stringify(import.meta.url)});`,
      `const {writeShardFiles} = await jiti.import('../src/build/shardFiles.ts');`,
      `const {syntheticRecords} = await jiti.import('./support/syntheticRecords.ts');`,
      `await writeShardFiles(${JSON.stringify(out)}, syntheticRecords(), {synonyms: [], rules: []}, () => {});`,
    ].join('\n');
    try {
      const run = spawnSync('bash', ['-c', 'ulimit -n 200 && exec node --input-type=module -'], {
        input: script,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect((await readdir(path.dirname(await findShardManifest(out)))).length).toBeGreaterThan(
        800,
      );
    } finally {
      await rm(out, {recursive: true, force: true});
    }
  });

  it('fail the build when the first search of the commonest word fetches more than its budget, or an answer file is above 12 KB gzip, naming both', async () => {
    // 30 pages, each one paragraph of 10,000 characters that do not repeat: a first search of
    // 'reference' (their section) fetches about 230 KB gzip, above the 50 KB of a site of 30 pages,
    // and the answer file of a digit their words start with holds 20 of those paragraphs, 42 KB.
    let n = 0;
    const noise = () => Array.from({length: 1600}, () => (n++ * 7919).toString(36)).join(' ');
    const pages = Array.from({length: 30}, (_, i) => rarePage(`p${i}`, `Page ${i}`, [noise()]));
    const out = await mkdtemp(path.join(tmpdir(), 'shards-'));
    try {
      const failed = writeShardFiles(out, pages.flat(), {synonyms: [], rules: []}, quiet);
      await expect(failed).rejects.toThrow(
        /'reference' fetches .* \(budget 50\.3 KB for 30 pages\).*firstResultBudget/,
      );
      await expect(failed).rejects.toThrow(
        /answer file [0-9a-f]{8}-a\d+\.json \('\w', [\d.]+ KB\).* above the limit of 12\.0 KB gzip \(ANSWER_GZIP_LIMIT/,
      );
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
