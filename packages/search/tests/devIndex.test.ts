import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {DEFAULT_CONFIG} from '@docusaurus/core/lib/server/configValidation';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createDevIndexWriter, docsOfContent, type DevDoc} from '../src/build/devIndex';
import {readIndexFile, versionUrlOf} from '../src/indexFileFormat';

const SITE = 'https://docs.example.org';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-dev-index-'));
});
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

function doc(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: id,
    source: `@site/docs/${id}.md`,
    permalink: `/${id}`,
    draft: false,
    unlisted: false,
    ...extra,
  };
}

describe('docsOfContent', () => {
  it('takes the docs a reader of the build finds, each under the sidebar category the breadcrumbs show', () => {
    const content = {
      loadedVersions: [
        {
          versionName: 'current',
          docs: [
            doc('intro/a'),
            doc('intro/b'),
            doc('loose'),
            doc('wip', {draft: true}),
            doc('hidden', {unlisted: true}),
          ],
          sidebars: {
            docs: [
              {
                type: 'category',
                label: 'Introduction',
                items: [
                  {type: 'doc', id: 'intro/a'},
                  {type: 'doc', id: 'intro/b'},
                ],
              },
              {type: 'doc', id: 'loose'},
            ],
          },
        },
      ],
    };
    const docs = docsOfContent(
      {'docusaurus-plugin-content-docs': {default: content}},
      {siteDir: '/site', siteUrl: SITE, language: 'en'},
    );
    expect(
      docs.map((d) => [d.url, d.section, d.opensSection, d.filePath, d.docusaurusTag]),
    ).toEqual([
      [`${SITE}/intro/a`, 'Introduction', true, '/site/docs/intro/a.md', 'docs-default-current'],
      [`${SITE}/intro/b`, 'Introduction', false, '/site/docs/intro/b.md', 'docs-default-current'],
      [`${SITE}/loose`, null, false, '/site/docs/loose.md', 'docs-default-current'],
    ]);
  });
});

describe('the development index writer', () => {
  const page = (file: string): DevDoc => ({
    filePath: file,
    title: 'Renew certificates',
    section: 'FSC in production',
    opensSection: false,
    docusaurusTag: 'docs-default-current',
    language: 'en',
    url: `${SITE}/fsc-in-production/renew-certificates`,
  });

  async function written(outFile: string) {
    return readIndexFile(fs.readFileSync(outFile, 'utf8')).records;
  }

  it('renders Markdown as the theme does for the extractor, waits for start, and follows edits', async () => {
    const file = path.join(dir, 'renew.md');
    fs.writeFileSync(
      file,
      [
        '---',
        'title: Renew certificates',
        '---',
        '',
        'import Tabs from "@theme/Tabs";',
        'import TabItem from "@theme/TabItem";',
        '',
        'Certificates expire after a year.',
        '',
        '## Replace the Secret {#replace}',
        '',
        ':::warning[Mind the order]',
        '',
        'Renew the Manager first.',
        '',
        ':::',
        '',
        '<Tabs>',
        '<TabItem value="linux" label="Linux">',
        '',
        'Run the script on Linux.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        '```mermaid',
        'graph LR; A-->B',
        '```',
        '',
        '```bash title="Check the pods"',
        'kubectl -n fsc-demo \\',
        '  get pods',
        '```',
        '',
        '```yaml title="values.yaml"',
        'replicaCount: 2',
        '```',
        '',
      ].join('\n'),
    );
    const outFile = path.join(dir, 'out', 'search-index.dev.json');
    const logs: string[] = [];
    const writer = createDevIndexWriter({
      pipeline: {
        markdownConfig: DEFAULT_CONFIG.markdown,
        siteDir: dir,
        staticDirs: [],
        rehypePlugins: [],
      },
      outFile,
      log: (message) => logs.push(message),
    });

    writer.update([page(file)]);
    await writer.settled();
    expect(fs.existsSync(outFile)).toBe(false); // not before the first compilation is done
    writer.start();
    await writer.settled();

    const records = await written(outFile);
    expect(
      records.map((r) => [
        r.type,
        r.url.replace(SITE, ''),
        r.hierarchy.lvl0,
        r.hierarchy.lvl2,
        r.content,
      ]),
    ).toEqual([
      ['lvl1', '/fsc-in-production/renew-certificates', 'FSC in production', null, null],
      [
        'content',
        '/fsc-in-production/renew-certificates',
        'FSC in production',
        null,
        'Certificates expire after a year.',
      ],
      [
        'lvl2',
        '/fsc-in-production/renew-certificates#replace',
        'FSC in production',
        'Replace the Secret',
        null,
      ],
      // The admonition's title, the tab label, the diagram and the YAML are not indexed, as in the build.
      [
        'content',
        '/fsc-in-production/renew-certificates#replace',
        'FSC in production',
        'Replace the Secret',
        'Renew the Manager first.',
      ],
      [
        'content',
        '/fsc-in-production/renew-certificates#replace',
        'FSC in production',
        'Replace the Secret',
        'Run the script on Linux.',
      ],
      // A shell block: its title and its commands, the continued line read as one.
      [
        'content',
        '/fsc-in-production/renew-certificates#replace',
        'FSC in production',
        'Replace the Secret',
        'Check the pods — kubectl -n fsc-demo get pods',
      ],
    ]);
    const firstVersion = fs.readFileSync(versionUrlOf(outFile), 'utf8');

    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('a year', 'two years'));
    // A later modification time than the first render, whatever the file system's clock resolution.
    fs.utimesSync(file, new Date(), new Date(Date.now() + 2000));
    writer.update([page(file)]);
    await writer.settled();
    expect((await written(outFile))[1]?.content).toBe('Certificates expire after two years.');
    expect(fs.readFileSync(versionUrlOf(outFile), 'utf8')).not.toBe(firstVersion);

    // A half-typed doc does not compile: search keeps the doc's last records and says why.
    fs.writeFileSync(file, '---\ntitle: Renew certificates\n---\n\n<Tabs>\n');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 4000));
    writer.update([page(file)]);
    await writer.settled();
    expect((await written(outFile))[1]?.content).toBe('Certificates expire after two years.');
    expect(logs.some((line) => line.includes('renew.md skipped'))).toBe(true);
  });
});
