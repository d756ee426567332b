// The converter of plugins/agent-docs: one doc's source -> its Markdown twin, through Docusaurus's
// MDX pipeline, and the failure that names the doc when a twin cannot be made.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {DEFAULT_CONFIG} from '@docusaurus/core/lib/server/configValidation';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {llmsTxt, makeAgentFiles, type AgentDoc} from '../../plugins/agent-docs/agentDocs';
import {markdownTwin, type TwinContext} from '../../plugins/agent-docs/markdownTwin';

const SITE = 'https://docs.example.org';
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-twin-'));
});
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

function write(name: string, lines: string[]): string {
  const file = path.join(dir, 'docs', name);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

function context(routes: [string, string][] = []): TwinContext {
  return {
    pipeline: {
      markdownConfig: {
        ...DEFAULT_CONFIG.markdown,
        mermaid: true,
        hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
      },
      siteDir: dir,
      staticDirs: [],
      rehypePlugins: [],
    },
    siteUrl: SITE,
    routesBySource: new Map(routes),
  };
}

const DIAGRAM = [
  '```mermaid',
  'flowchart LR',
  '  accTitle: Outway to Inway',
  '  accDescr: The Outway sends the request to the Inway.',
  '  outway --> inway',
  '```',
];

describe('markdownTwin', () => {
  it('writes the title, admonitions, every tab, code with its title, diagrams and absolute links', async () => {
    const other = write('guide/other.md', ['---', 'title: Other', '---', 'Other page.']);
    const file = write('guide/page.md', [
      '---',
      'title: Install the Inway',
      'description: Not in the twin.',
      '---',
      '',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      'Read [the other page](./other.md#setup) and [this section](#check).',
      '',
      ':::warning[Open ports]',
      'Port **443** must be open.',
      ':::',
      '',
      ':::tip',
      'A tip.',
      ':::',
      '',
      '<Tabs>',
      '  <TabItem value="linux" label="Linux">',
      '',
      '```bash title="Open the port"',
      'sudo ufw allow 443/tcp',
      '```',
      '',
      '  </TabItem>',
      '  <TabItem value="macos" label="macOS">',
      '',
      'Use the firewall settings.',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '## Check',
      '',
      ...DIAGRAM,
      '',
      '<details>',
      '<summary>Why</summary>',
      '',
      'Because.',
      '',
      '</details>',
    ]);
    const twin = await markdownTwin(
      {filePath: file, title: 'Install the Inway', permalink: '/guide/page'},
      context([[other, '/guide/other']]),
    );
    expect(twin).toBe(
      [
        `> The index of this documentation for agents: ${SITE}/llms.txt`,
        '',
        '# Install the Inway',
        '',
        `Read [the other page](${SITE}/guide/other#setup) and [this section](${SITE}/guide/page#check).`,
        '',
        '> **Warning: Open ports**',
        '>',
        '> Port **443** must be open.',
        '',
        '> **Tip**',
        '>',
        '> A tip.',
        '',
        '**Tab: Linux**',
        '',
        '```bash title="Open the port"',
        'sudo ufw allow 443/tcp',
        '```',
        '',
        '**Tab: macOS**',
        '',
        'Use the firewall settings.',
        '',
        '## Check',
        '',
        '**Diagram: Outway to Inway.** The Outway sends the request to the Inway.',
        '',
        ...DIAGRAM,
        '',
        '**Why**',
        '',
        'Because.',
        '',
      ].join('\n'),
    );
  });

  it('holds only what readers see: no hidden element, inline-hidden element or comment (issue 36, F7)', async () => {
    const file = write('hidden.md', [
      'Rotate the keys every year.',
      '',
      '<!-- SYSTEM: an HTML comment readers never see. -->',
      '',
      '{/* SYSTEM: an MDX comment readers never see. */}',
      '',
      '<div hidden>',
      '',
      'SYSTEM: a hidden block.',
      '',
      '</div>',
      '',
      'Keep <span hidden>SYSTEM: a hidden span </span>the old key<!-- SYSTEM: inline comment --> ' +
        "<span style={{display: 'none'}}>SYSTEM: a display-none span </span>for a day.",
      '',
      '<div style={{display: "none"}}>',
      '',
      '## SYSTEM: a heading in a display-none block',
      '',
      '</div>',
      '',
      "<p style={{'visibility': 'hidden'}}>SYSTEM: an invisible paragraph.</p>",
      '',
      '<div style="color: red; display:none">SYSTEM: hidden by a style string.</div>',
      '',
      '<p hidden={false}>Shown: hidden is false.</p>',
      '',
      '<div hidden="until-found">Shown: found by the browser when searched.</div>',
      '',
      "<span style={{display: 'inline-block', color: 'red'}}>Shown: a styled span.</span>",
    ]);
    const twin = await markdownTwin({filePath: file, title: 'Keys', permalink: '/keys'}, context());
    expect(twin).toBe(
      [
        `> The index of this documentation for agents: ${SITE}/llms.txt`,
        '',
        '# Keys',
        '',
        'Rotate the keys every year.',
        '',
        'Keep the old key for a day.',
        '',
        'Shown: hidden is false.',
        '',
        'Shown: found by the browser when searched.',
        '',
        'Shown: a styled span.',
        '',
      ].join('\n'),
    );
  });

  it('fails naming the doc when a diagram has no text alternative', async () => {
    const file = write('bad.md', ['# Bad', '', '```mermaid', 'flowchart LR', '  a --> b', '```']);
    await expect(
      markdownTwin({filePath: file, title: 'Bad', permalink: '/bad'}, context()),
    ).rejects.toThrow(`[agent-docs] ${file}: the Markdown twin cannot be made: a Mermaid diagram`);
  });

  it('fails naming the doc when a link to another doc cannot be resolved', async () => {
    const file = write('broken.md', ['# Broken', '', 'See [nothing](./nothing.md).']);
    await expect(
      markdownTwin({filePath: file, title: 'Broken', permalink: '/broken'}, context()),
    ).rejects.toThrow(`[agent-docs] ${file}: the Markdown twin cannot be made`);
  });

  it('fails naming the doc when a tab has no label', async () => {
    const file = write('tabs.md', [
      '<Tabs>',
      '<TabItem>',
      '',
      'Text.',
      '',
      '</TabItem>',
      '</Tabs>',
    ]);
    await expect(
      markdownTwin({filePath: file, title: 'Tabs', permalink: '/tabs'}, context()),
    ).rejects.toThrow('a TabItem has neither a label nor a value');
  });
});

describe('llms.txt', () => {
  const doc = (title: string, permalink: string, section: string): AgentDoc => ({
    filePath: `/docs${permalink}.md`,
    title,
    permalink,
    description: `About ${title}.`,
    section,
    unlisted: false,
  });

  it('lists each page under its section, linked to its twin, with its description', () => {
    const text = llmsTxt(
      [doc('Intro', '/intro/', 'Start'), doc('Install', '/guide/install', 'Guide')],
      {title: 'Docs', summary: 'What this is.', url: SITE},
    );
    expect(text).toBe(
      [
        '# Docs',
        '',
        '> What this is.',
        '',
        '## Start',
        '',
        `- [Intro](${SITE}/intro/index.md): About Intro.`,
        '',
        '## Guide',
        '',
        `- [Install](${SITE}/guide/install.md): About Install.`,
        '',
      ].join('\n'),
    );
  });

  it('a broken page fails the whole set, naming it', async () => {
    const good = write('good.md', ['Fine.']);
    const bad = write('bad.md', ['```mermaid', 'flowchart LR', '```']);
    const docs = [
      {...doc('Good', '/good', 'S'), filePath: good},
      {...doc('Bad', '/bad', 'S'), filePath: bad},
    ];
    const {routesBySource: _, ...rest} = context();
    await expect(makeAgentFiles(docs, rest, {title: 'Docs', summary: 'S.'})).rejects.toThrow(bad);
  });
});
