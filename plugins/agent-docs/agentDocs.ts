/**
 * The files for agents: every doc's Markdown twin, `llms.txt` (llmstxt.org: the site's name, a
 * summary, then the sidebar's sections with each page linked to its twin and described) and
 * `llms-full.txt` (every twin in sidebar order).
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {LLMS_FULL_TXT, LLMS_TXT, twinPathOf} from '../../src/agentDocs/twinPath';
import {markdownTwin, type TwinContext, type TwinDoc} from './markdownTwin';

export interface AgentDoc extends TwinDoc {
  description: string;
  /** The sidebar category the page sits in ('' when none). */
  section: string;
}

type SidebarItem = {type: string; label?: string; id?: string; items?: SidebarItem[]};

/**
 * Every published doc in sidebar order (each sidebar's docs as they are listed, then docs no
 * sidebar lists), drafts left out.
 */
export function agentDocsOf(
  allContent: Record<string, Record<string, unknown>>,
  siteDir: string,
): AgentDoc[] {
  const out: AgentDoc[] = [];
  const instances = allContent['docusaurus-plugin-content-docs'] ?? {};
  for (const content of Object.values(instances)) {
    for (const version of (content as LoadedContent).loadedVersions) {
      const byId = new Map(version.docs.filter((doc) => !doc.draft).map((doc) => [doc.id, doc]));
      const sections = new Map<string, string>();
      const walk = (items: readonly SidebarItem[], section: string) => {
        for (const item of items) {
          if (item.type === 'doc' && item.id && !sections.has(item.id))
            sections.set(item.id, section);
          if (item.type === 'category') walk(item.items ?? [], item.label ?? section);
        }
      };
      for (const items of Object.values(version.sidebars))
        walk(items as unknown as SidebarItem[], '');
      const ordered = [...sections.keys(), ...[...byId.keys()].filter((id) => !sections.has(id))];
      for (const id of ordered) {
        const doc = byId.get(id);
        if (!doc) continue;
        out.push({
          filePath: path.join(siteDir, doc.source.replace(/^@site\//, '')),
          title: doc.title,
          permalink: doc.permalink,
          description: doc.description,
          section: sections.get(id) ?? '',
        });
      }
    }
  }
  return out;
}

/** `llms.txt`: the title, the summary as a quote, then one list of pages per sidebar section. */
export function llmsTxt(
  docs: readonly AgentDoc[],
  site: {title: string; summary: string; url: string},
): string {
  const lines = [`# ${site.title}`, '', `> ${site.summary}`];
  let section: string | null = null;
  for (const doc of docs) {
    if (doc.section !== section) {
      section = doc.section;
      lines.push('', `## ${section || 'Other pages'}`, '');
    }
    const href = new URL(twinPathOf(doc.permalink), site.url).href;
    lines.push(`- [${doc.title}](${href})${doc.description ? `: ${doc.description}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Makes every twin, one after the other (the build's bundler meanwhile has the other core);
 * throws on the first doc whose twin cannot be made, naming it.
 */
export async function makeAgentFiles(
  docs: readonly AgentDoc[],
  context: Omit<TwinContext, 'routesBySource'>,
  site: {title: string; summary: string},
): Promise<Map<string, string>> {
  const routesBySource = new Map(docs.map((doc) => [doc.filePath, doc.permalink]));
  const files = new Map<string, string>();
  const twins: string[] = [];
  for (const doc of docs) {
    const twin = await markdownTwin(doc, {...context, routesBySource});
    twins.push(twin);
    files.set(twinPathOf(doc.permalink).replace(/^\//, ''), twin);
  }
  files.set(LLMS_TXT, llmsTxt(docs, {...site, url: context.siteUrl}));
  files.set(LLMS_FULL_TXT, twins.join('\n'));
  return files;
}

export async function writeAgentFiles(
  outDir: string,
  files: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [name, content] of files) {
    const file = path.join(outDir, name);
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, content);
  }
}
