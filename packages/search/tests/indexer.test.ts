import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import {afterEach, describe, expect, it} from 'vitest';
import {readIndexFile} from '../src/indexFileFormat';
import type {Plugin} from '@docusaurus/types';
import pluginSearchIndex from '../src/build';
import {JUDGED_QUERIES_FILE} from '../src/build/judgedQueries';
import {PHRASINGS_FILE} from '../src/build/learnPrior';
import {BEST_BETS_FILE, SYNONYMS_FILE} from '../src/build/searchFiles';
import {buildPriorFile, findPriorFile} from '../src/build/priorFile';
import {findShardManifest} from '../src/build/shardFiles';
import {priorWords, readPriorFile} from '../src/queryPrior';
import {
  buildSearchIndex,
  findIndexFile,
  formatBytes,
  INDEX_SIZE_BUDGET,
  injectMeta,
  listHtmlFiles,
} from '../src/build/buildIndex';
import {extractRecords} from '../src/build/extractRecords';

const FIXTURES = path.join(__dirname, 'fixtures', 'site');
const SITE = 'https://docs.example.org';
const read = (rel: string): string => readFileSync(path.join(FIXTURES, rel), 'utf8');
const AUDITLOG = read('try-fsc/helm/5-auditlog/index.html');

describe('extractRecords', () => {
  const records = extractRecords(AUDITLOG, `${SITE}/try-fsc/helm/5-auditlog`, {
    siteTitle: 'FSC docs',
  });

  it('gives page rank 1 to the page that opens a sidebar category, as to the concept pages', () => {
    expect(new Set(records.map((r) => r.weight.pageRank))).toEqual(new Set([0]));
    // without step 4 before it in the sidebar, step 5 is the category's first item
    const first = AUDITLOG.replace(
      /<li[^>]*>\s*<a class="menu__link" href="\/try-fsc\/helm\/4-transaction-log"[\s\S]*?<\/li>/,
      '',
    );
    expect(first).not.toBe(AUDITLOG);
    const opening = extractRecords(first, `${SITE}/try-fsc/helm/5-auditlog`, {
      siteTitle: 'FSC docs',
    });
    expect(new Set(opening.map((r) => r.weight.pageRank))).toEqual(new Set([1]));
  });

  it('produces DocSearch records in the crawler layout', () => {
    const L0 = 'Try FSC with Helm';
    const L1 = '5. Audit log';
    const P = `${SITE}/try-fsc/helm/5-auditlog`;
    const compact = records.map((r) => [
      r.type,
      r.url,
      [r.hierarchy.lvl0, r.hierarchy.lvl1, r.hierarchy.lvl2, r.hierarchy.lvl3],
      r.content,
      r.weight.level,
      r.weight.position,
    ]);
    expect(compact).toEqual([
      ['lvl1', P, [L0, L1, null, null], null, 90, 0],
      [
        'content',
        P,
        [L0, L1, null, null],
        'The audit log records every change that a manager makes, so that an organisation can show who did what & when.',
        0,
        1,
      ],
      ['lvl2', `${P}#prerequisites`, [L0, L1, 'Prerequisites', null], null, 80, 2],
      [
        'content',
        `${P}#prerequisites`,
        [L0, L1, 'Prerequisites', null],
        'A running PostgreSQL database from step 3.',
        0,
        3,
      ],
      [
        'content',
        `${P}#prerequisites`,
        [L0, L1, 'Prerequisites', null],
        'The namespace fsc-demo.',
        0,
        4,
      ],
      [
        'content',
        `${P}#prerequisites`,
        [L0, L1, 'Prerequisites', null],
        'Nested requirement: kubectl access.',
        0,
        5,
      ],
      [
        'lvl2',
        `${P}#install-the-auditlog-chart`,
        [L0, L1, 'Install the auditlog chart', null],
        null,
        80,
        6,
      ],
      [
        'content',
        `${P}#install-the-auditlog-chart`,
        [L0, L1, 'Install the auditlog chart', null],
        'Add the chart repository and install the chart with your values file.',
        0,
        7,
      ],
      [
        'content',
        `${P}#install-the-auditlog-chart`,
        [L0, L1, 'Install the auditlog chart', null],
        'Use the package manager of your distribution.',
        0,
        8,
      ],
      [
        'content',
        `${P}#install-the-auditlog-chart`,
        [L0, L1, 'Install the auditlog chart', null],
        'Use Homebrew.',
        0,
        9,
      ],
      [
        'content',
        `${P}#install-the-auditlog-chart`,
        [L0, L1, 'Install the auditlog chart', null],
        // a shell block: its title and its commands, a continued line read as one
        'Install the chart — helm install auditlog fsc/auditlog --values auditlog-values.yaml',
        0,
        10,
      ],
      ['lvl3', `${P}#values`, [L0, L1, 'Install the auditlog chart', 'Values'], null, 70, 11],
      [
        'content',
        `${P}#values`,
        [L0, L1, 'Install the auditlog chart', 'Values'],
        // a table row: the setting it describes, then its description
        'postgres.dsn — Connection string of the audit log database.',
        0,
        12,
      ],
      [
        'content',
        `${P}#values`,
        [L0, L1, 'Install the auditlog chart', 'Values'],
        'replicas — Number of pods.',
        0,
        13,
      ],
      [
        'content',
        `${P}#values`,
        [L0, L1, 'Install the auditlog chart', 'Values'],
        'Keep the <script> tags out of your values.',
        0,
        14,
      ],
    ]);
  });

  it('fills the remaining DocSearch fields', () => {
    const r = records[2];
    expect(r).toMatchObject({
      url_without_anchor: `${SITE}/try-fsc/helm/5-auditlog`,
      anchor: 'prerequisites',
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      hierarchy: {lvl4: null, lvl5: null, lvl6: null},
    });
    expect(records[0]?.anchor).toBeNull();
  });

  it('leaves out code other than shell, tab buttons, breadcrumbs, pagination, TOC, footer, hash links and zero-width spaces', () => {
    const text = JSON.stringify(records);
    for (const unwanted of [
      'auditlog-values.yaml —',
      'replicaCount',
      'Copy',
      'macOS',
      'Linux',
      'Previous',
      '6. Manager',
      'On this page',
      'Last updated',
      'Direct link',
      '\u200b',
      'Skip to main content',
    ]) {
      expect(text).not.toContain(unwanted);
    }
  });

  it('keeps the start of a long shell block, cut between words', () => {
    const commands = Array.from({length: 40}, (_, i) => `kubectl -n fsc-demo get pod/step-${i}`);
    const page = `<html><body><article><div class="theme-doc-markdown markdown"><h1>Steps</h1>
      <div class="language-bash theme-code-block"><pre><code>${commands
        .map((line) => `<span class="token-line">${line}<br></span>`)
        .join('')}</code></pre></div></div></article></body></html>`;
    const code = extractRecords(page, `${SITE}/steps`, {siteTitle: 'x'}).find(
      (r) => r.type === 'content',
    )?.content;
    expect(code?.startsWith('kubectl -n fsc-demo get pod/step-0 kubectl')).toBe(true);
    expect(code?.length).toBeLessThanOrEqual(250);
    expect(code?.length).toBeGreaterThan(200);
    expect(commands.join(' ').startsWith(`${code} `)).toBe(true);
  });

  it('gives deterministic, unique objectIDs', () => {
    const again = extractRecords(AUDITLOG, `${SITE}/try-fsc/helm/5-auditlog`, {
      siteTitle: 'FSC docs',
    });
    expect(again.map((r) => r.objectID)).toEqual(records.map((r) => r.objectID));
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    const elsewhere = extractRecords(AUDITLOG, `${SITE}/other`, {siteTitle: 'FSC docs'});
    expect(elsewhere[0]?.objectID).not.toBe(records[0]?.objectID);
  });

  it('uses the category on its own index page, "Documentation" outside categories, the site title at home', () => {
    const intro = extractRecords(read('introduction/index.html'), `${SITE}/introduction/`, {
      siteTitle: 'FSC docs',
    });
    expect(intro[0]?.hierarchy.lvl0).toBe('Introduction');
    expect(intro[0]?.hierarchy.lvl1).toBe('What is FSC?');
    const glossary = extractRecords(read('standalone/index.html'), `${SITE}/standalone`, {
      siteTitle: 'FSC docs',
    });
    expect(glossary.map((r) => r.hierarchy.lvl0)).toEqual(['Documentation', 'Documentation']);
    const home = extractRecords(read('index.html'), `${SITE}/`, {
      siteTitle: 'FSC docs',
      isHomePage: true,
    });
    expect(
      home.map((r) => [r.type, r.hierarchy.lvl0, r.hierarchy.lvl1, r.hierarchy.lvl3, r.content]),
    ).toEqual([
      ['lvl1', 'FSC docs', 'Federated Service Connectivity', null, null],
      ['lvl3', 'FSC docs', 'Federated Service Connectivity', 'Try it with Helm', null],
      [
        'content',
        'FSC docs',
        'Federated Service Connectivity',
        'Try it with Helm',
        'Install every component on Kubernetes.',
      ],
      ['lvl3', 'FSC docs', 'Federated Service Connectivity', 'Run it in production', null],
      [
        'content',
        'FSC docs',
        'Federated Service Connectivity',
        'Run it in production',
        'Plan a production set-up.',
      ],
    ]);
    // card link labels are not content (and would land under the previous heading)
    expect(JSON.stringify(home)).not.toContain('Start the Helm tutorial');
    expect(home[0]?.docusaurus_tag).toBe('default');
  });

  it('skips noindex pages and rejects relative URLs', () => {
    expect(extractRecords(read('draft/index.html'), `${SITE}/draft`, {siteTitle: 'x'})).toEqual([]);
    expect(() => extractRecords(AUDITLOG, '/try-fsc/helm/5-auditlog', {siteTitle: 'x'})).toThrow();
  });

  it('falls back to defaults when the docsearch meta tags are missing', () => {
    const html = AUDITLOG.replace(/<meta data-rh="true" name="docsearch:[^>]*>/g, '');
    const r = extractRecords(html, `${SITE}/p`, {
      siteTitle: 'x',
      defaultLanguage: 'nl',
      defaultTag: 'default',
    });
    expect(r[0]).toMatchObject({language: 'nl', docusaurus_tag: 'default'});
  });
});

describe('search-index plugin (postBuild)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
  });
  /** The site directory the plugin reads its search files from: the repository's synonyms whose
   * targets the fixture pages hold and a best bet on a fixture page (the repository's best bets
   * name pages the fixture site lacks, and the build refuses a synonym no page holds). */
  function siteDir(judged = JUDGED_QUERIES): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsc-site-dir-'));
    dirs.push(dir);
    mkdirSync(path.dirname(path.join(dir, SYNONYMS_FILE)), {recursive: true});
    cpSync(path.join(FIXTURES, '..', 'synonyms.json'), path.join(dir, SYNONYMS_FILE));
    cpSync(path.join(FIXTURES, '..', 'best-bets.json'), path.join(dir, BEST_BETS_FILE));
    // Judged queries on fixture pages, whose train sets the query-to-page prior learns from, and
    // a writer's phrasings for a fixture page ("logboek" three times: a word seen fewer times,
    // learnPrior's minWordCount, is left out of the table).
    writeFileSync(path.join(dir, JUDGED_QUERIES_FILE), judged);
    writeFileSync(
      path.join(dir, PHRASINGS_FILE),
      JSON.stringify({
        phrasings: [
          {
            page: '/try-fsc/helm/5-auditlog',
            phrasings: ['audit logboek', 'logboek bekijken', 'logboek fsc'],
          },
        ],
      }),
    );
    return dir;
  }

  function copySite(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsc-search-'));
    dirs.push(dir);
    cpSync(FIXTURES, dir, {recursive: true});
    return dir;
  }
  const JUDGED_QUERIES = [
    'set\tuse\tabout',
    '0\ttrain\tthe fixture pages',
    '1\theldout\twritten blind',
    '',
    'set\tkind\tquery\texpect',
    '0\tkeyword\taudit log\t/try-fsc/helm/5-auditlog',
    '1\tquestion\twhat is fsc\t/introduction/',
  ].join('\n');
  const ROUTES = [
    '/',
    '/404.html',
    '/search',
    '/introduction/',
    '/standalone',
    '/try-fsc/helm/5-auditlog',
    '/draft',
  ];

  async function runPlugin(
    outDir: string,
    baseUrl = '/',
    routes = ROUTES,
    search: Record<string, unknown> = {},
  ): Promise<string[]> {
    const logs: string[] = [];
    const spy = (m: unknown): void => {
      logs.push(String(m));
    };
    const original = console.log;
    console.log = spy;
    try {
      // What Docusaurus writes into its generated files: the search route's chunk and its script.
      const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'fsc-generated-'));
      dirs.push(generatedFilesDir);
      const searchRoute = `${baseUrl}search`;
      writeFileSync(
        path.join(generatedFilesDir, 'routesChunkNames.json'),
        JSON.stringify({[`${searchRoute}-5de`]: {__comp: 'search-page'}}),
      );
      writeFileSync(
        path.join(generatedFilesDir, 'client-manifest.json'),
        JSON.stringify({
          entrypoints: ['main'],
          origins: {main: ['main'], 'search-page': ['main', 'sp']},
          assets: {sp: {js: [{publicPath: `${baseUrl}assets/js/search-page.js`}]}},
        }),
      );
      const plugin: Plugin = pluginSearchIndex({generatedFilesDir} as never, {});
      await plugin.postBuild?.({
        outDir,
        routesPaths: routes.map((r) => (baseUrl === '/' ? r : baseUrl.slice(0, -1) + r)),
        siteConfig: {
          url: SITE,
          baseUrl,
          title: 'FSC docs',
          trailingSlash: undefined,
          customFields: {search},
        },
        siteDir: siteDir(),
        routesBuildMetadata: {
          [`${baseUrl === '/' ? '' : baseUrl.slice(0, -1)}/draft`]: {noIndex: true},
        },
      } as never);
    } finally {
      console.log = original;
    }
    return logs;
  }

  it('writes one hashed index file and tags every HTML page with its URL', async () => {
    const outDir = copySite();
    const logs = await runPlugin(outDir);
    const files = readdirSync(outDir).filter((f) => f.startsWith('search-index.'));
    expect(files).toHaveLength(1);
    const name = files[0] as string;
    expect(name).toMatch(/^search-index\.[0-9a-f]{8}\.json$/);
    const file = readIndexFile(readFileSync(path.join(outDir, name), 'utf8'));
    const urls = new Set(file.records.map((r) => r.url_without_anchor));
    expect(urls).toEqual(
      new Set([
        `${SITE}/`,
        `${SITE}/introduction/`,
        `${SITE}/standalone`,
        `${SITE}/try-fsc/helm/5-auditlog`,
      ]),
    );
    const html = await listHtmlFiles(outDir);
    expect(html.length).toBe(7);
    // The search route's script, preloaded from its own HTML only.
    const preload = '<link rel="preload" href="/assets/js/search-page.js" as="script">';
    expect(readFileSync(path.join(outDir, 'search/index.html'), 'utf8')).toContain(preload);
    expect(html.filter((f) => readFileSync(f, 'utf8').includes(preload))).toHaveLength(1);
    for (const f of html) {
      const text = readFileSync(f, 'utf8');
      // In the head, last but for the search page's preloads.
      expect(text).toMatch(
        new RegExp(`<meta name="fsc:search-index" content="/${name}">(<link [^>]*>)*</head>`),
      );
      expect(text.match(/fsc:search-index/g)).toHaveLength(1);
    }
    expect(await findIndexFile(outDir)).toBe(path.join(outDir, name));
    // The sharded index the browser searches: every page names its manifest, and its table, which
    // the page asks for beside the manifest.
    const manifest = path.relative(outDir, await findShardManifest(outDir));
    const tables = readdirSync(path.dirname(path.join(outDir, manifest))).filter((f) =>
      f.endsWith('-table.json'),
    );
    expect(tables).toHaveLength(1);
    for (const f of html) {
      expect(readFileSync(f, 'utf8')).toContain(
        `<meta name="fsc:search-shards" content="/${manifest}">`,
      );
      expect(readFileSync(f, 'utf8')).toContain(
        `<meta name="fsc:search-shards-table" content="/search-shards/${tables[0]}">`,
      );
    }
    // The query-to-page prior, in a file of its own that every page names.
    const prior = path.basename((await findPriorFile(outDir)) ?? '');
    expect(prior).toMatch(/^search-prior\.[0-9a-f]{8}\.json$/);
    for (const f of html)
      expect(readFileSync(f, 'utf8')).toContain(
        `<meta name="fsc:search-prior" content="/${prior}">`,
      );
    const bytes = readFileSync(path.join(outDir, name));
    expect(logs.join('\n')).toContain(
      `${file.records.length} records from 4 pages, ${file.synonyms?.length} synonyms and 1 best bets -> ${name}`,
    );
    expect(logs.join('\n')).toMatch(
      new RegExp(`${(bytes.length / 1024).toFixed(1)} KB raw, [0-9.]+ KB gzip`),
    );
    expect(gunzipSync(gzipSync(bytes)).equals(bytes)).toBe(true);
  });

  it('writes no prior with SEARCH_PRIOR=off, and one in hosted mode, where the index is not written', async () => {
    const off = copySite();
    await runPlugin(off, '/', ROUTES, {mode: 'embedded', prior: false});
    expect(await findPriorFile(off)).toBeNull();
    expect(readFileSync(path.join(off, 'index.html'), 'utf8')).not.toContain('fsc:search-prior');
    const hosted = copySite();
    await runPlugin(hosted, '/', ROUTES, {mode: 'hosted', prior: true});
    const priorFile = await findPriorFile(hosted);
    expect(priorFile).not.toBeNull();
    expect(readdirSync(hosted).filter((f) => f.startsWith('search-index.'))).toEqual([]);
    // The writer's phrasings taught the prior their page, under the word as the prior counts it.
    const prior = readPriorFile(readFileSync(priorFile ?? '', 'utf8'));
    const [logboek = ''] = priorWords('logboek');
    expect(prior.words[logboek]).toEqual([prior.pages.indexOf('/try-fsc/helm/5-auditlog'), 3]);
  });

  it("fails naming a judged query's line whose page is not a page of the build", async () => {
    const judged = JUDGED_QUERIES.replace('/introduction/', '/introduction/nowhere');
    await expect(
      buildPriorFile({outDir: copySite(), siteDir: siteDir(judged), baseUrl: '/', log: () => {}}),
    ).rejects.toThrow(
      /search-queries\.tsv:7: "what is fsc" expects "\/introduction\/nowhere", not a page/,
    );
  });

  it('is deterministic, idempotent on re-runs and respects baseUrl', async () => {
    const a = copySite();
    const b = copySite();
    await runPlugin(a);
    await runPlugin(b);
    const name = (d: string): string =>
      readdirSync(d).find((f) => f.startsWith('search-index.')) as string;
    expect(name(a)).toBe(name(b));
    await runPlugin(a); // again: still one meta tag and one file
    expect(readdirSync(a).filter((f) => f.startsWith('search-index.'))).toHaveLength(1);
    expect(
      readFileSync(path.join(a, 'index.html'), 'utf8').match(/fsc:search-index/g),
    ).toHaveLength(1);

    const c = copySite();
    await runPlugin(c, '/docs/');
    const html = readFileSync(path.join(c, 'try-fsc/helm/5-auditlog/index.html'), 'utf8');
    expect(html).toContain(`<meta name="fsc:search-index" content="/docs/${name(c)}">`);
    const manifest = path.relative(c, await findShardManifest(c));
    expect(html).toContain(`<meta name="fsc:search-shards" content="/docs/${manifest}">`);
    const records = readIndexFile(readFileSync(path.join(c, name(c)), 'utf8')).records;
    expect(records.some((r) => r.url === `${SITE}/docs/try-fsc/helm/5-auditlog#values`)).toBe(true);
    expect(records.find((r) => r.url === `${SITE}/docs/`)?.hierarchy.lvl0).toBe('FSC docs'); // home at baseUrl
  });

  it('fails the build when no records were produced', async () => {
    const outDir = copySite();
    await expect(runPlugin(outDir, '/', ['/404.html', '/search'])).rejects.toThrow(
      /no search records/,
    );
    expect(readdirSync(outDir).some((f) => f.startsWith('search-index.'))).toBe(false);
  });

  it('injects the meta tag before </head> and replaces an old one', () => {
    expect(injectMeta('<html><head><title>x</title></head><body></body></html>', '/a.json')).toBe(
      '<html><head><title>x</title><meta name="fsc:search-index" content="/a.json"></head><body></body></html>',
    );
    const once = injectMeta('<head></head>', '/a.json') as string;
    expect(injectMeta(once, '/b.json')).toBe(
      '<head><meta name="fsc:search-index" content="/b.json"></head>',
    );
    expect(injectMeta('<p>no head</p>', '/a.json')).toBeNull();
  });

  it('reports a missing build clearly', async () => {
    await expect(findIndexFile(path.join(tmpdir(), 'does-not-exist-fsc'))).rejects.toThrow(
      /run the build first/,
    );
    const empty = mkdtempSync(path.join(tmpdir(), 'fsc-empty-'));
    dirs.push(empty);
    writeFileSync(path.join(empty, 'index.html'), '<html><head></head></html>');
    await expect(findIndexFile(empty)).rejects.toThrow(/no search-index/);
    expect(existsSync(empty)).toBe(true);
  });

  it('can be called directly with routes', async () => {
    const outDir = copySite();
    const result = await buildSearchIndex({
      outDir,
      routesPaths: ['/try-fsc/helm/5-auditlog'],
      siteUrl: SITE,
      baseUrl: '/',
      siteTitle: 'FSC docs',
      log: () => undefined,
    });
    expect(result.records).toHaveLength(15);
    expect(result.pages).toBe(1);
    expect(result.gzipBytes).toBeLessThan(result.bytes);
    expect(result.htmlFilesTagged).toBe(7);
  });

  it('warns above the index size budget and fails above the hard limit, naming the sizes', async () => {
    const run = async (
      budget: {warnGzipBytes: number; failGzipBytes: number},
      priorGzipBytes?: number,
    ) => {
      const outDir = copySite();
      const messages: string[] = [];
      const result = await buildSearchIndex({
        outDir,
        routesPaths: ['/try-fsc/helm/5-auditlog'],
        siteUrl: SITE,
        baseUrl: '/',
        siteTitle: 'FSC docs',
        log: (message) => messages.push(message),
        sizeBudget: budget,
        priorGzipBytes,
      });
      return {result, messages, outDir};
    };
    const {result} = await run(INDEX_SIZE_BUDGET);
    const gzip = `${formatBytes(result.gzipBytes)} gzip`;
    const raw = `${formatBytes(result.bytes)} raw`;
    const within = await run({warnGzipBytes: result.gzipBytes, failGzipBytes: result.gzipBytes});
    expect(within.messages.filter((m) => m.includes('warning'))).toEqual([]);
    const warned = await run({warnGzipBytes: 100, failGzipBytes: result.gzipBytes});
    expect(warned.messages).toContain(
      `[search-index] warning: the search index is ${gzip} (${raw}), above the budget of 100 B gzip (hard limit ${gzip}).`,
    );
    await expect(run({warnGzipBytes: 100, failGzipBytes: 200})).rejects.toThrow(
      `the search index is ${gzip} (${raw}), above the hard limit of 200 B gzip`,
    );
    // The prior counts too: search loads both before its first answer.
    const index = formatBytes(result.gzipBytes);
    const both = `${formatBytes(result.gzipBytes + 100)} gzip (index ${index}, ${raw}; prior 100 B)`;
    const withPrior = await run(
      {warnGzipBytes: result.gzipBytes, failGzipBytes: result.gzipBytes + 100},
      100,
    );
    expect(withPrior.messages).toContain(
      `[search-index] warning: the search index and prior are ${both}, above the budget of ${index} gzip (hard limit ${formatBytes(result.gzipBytes + 100)} gzip).`,
    );
    await expect(
      run({warnGzipBytes: result.gzipBytes, failGzipBytes: result.gzipBytes}, 100),
    ).rejects.toThrow(
      `the search index and prior are ${both}, above the hard limit of ${index} gzip`,
    );
  });
});
