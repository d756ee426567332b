/**
 * The files for agents: every doc's Markdown twin, `llms.txt` (llmstxt.org: the site's name, a
 * summary, then the sidebar's sections with each page linked to its twin and described) and
 * `llms-full.txt` (every twin in sidebar order).
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {markdownLine} from '../../src/agentDocs/markdownLine';
import {LLMS_FULL_TXT, LLMS_TXT, twinPathOf} from '../../src/agentDocs/twinPath';
import {markdownTwin, type TwinContext, type TwinDoc} from './markdownTwin';

export interface AgentDoc extends TwinDoc {
  description: string;
  /** The sidebar category the page sits in ('' when none). */
  section: string;
  /**
   * `unlisted: true` in a production build: the page is published for whoever has its link, but
   * the sitemap and the search index leave it out, and so do the files for agents (no twin, not
   * in llms.txt). Other pages may still link to it.
   */
  unlisted: boolean;
}

type SidebarItem = {type: string; label?: string; id?: string; items?: SidebarItem[]};

/**
 * Every published doc in sidebar order (each sidebar's docs as they are listed, then docs no
 * sidebar lists). Drafts are not among them: a production build does not load them.
 */
export function agentDocsOf(
  allContent: Record<string, Record<string, unknown>>,
  siteDir: string,
): AgentDoc[] {
  const out: AgentDoc[] = [];
  const instances = allContent['docusaurus-plugin-content-docs'] ?? {};
  for (const content of Object.values(instances)) {
    for (const version of (content as LoadedContent).loadedVersions) {
      const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
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
          unlisted: doc.unlisted,
        });
      }
    }
  }
  return out;
}

/**
 * `llms.txt`: the title, the summary as a quote, then one list of pages per sidebar section. The
 * docs' titles, descriptions and section labels are content: each is one line of plain text.
 */
export function llmsTxt(
  docs: readonly AgentDoc[],
  site: {title: string; summary: string; url: string},
): string {
  const lines = [`# ${site.title}`, '', `> ${site.summary}`];
  let section: string | null = null;
  for (const doc of docs) {
    if (doc.section !== section) {
      section = doc.section;
      lines.push('', `## ${markdownLine(section) || 'Other pages'}`, '');
    }
    const href = new URL(twinPathOf(doc.permalink), site.url).href;
    const description = markdownLine(doc.description);
    lines.push(`- [${markdownLine(doc.title)}](${href})${description ? `: ${description}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Makes the twin of every listed doc, one after the other (the build's bundler meanwhile has the
 * other core); throws on the first doc whose twin cannot be made, naming it. Agents get what the
 * sitemap lists: unlisted docs have no twin and are not in llms.txt or llms-full.txt.
 */
export async function makeAgentFiles(
  docs: readonly AgentDoc[],
  context: Omit<TwinContext, 'routesBySource'>,
  site: {title: string; summary: string},
): Promise<Map<string, string>> {
  // A link to an unlisted doc still leads to its page.
  const routesBySource = new Map(docs.map((doc) => [doc.filePath, doc.permalink]));
  const listed = docs.filter((doc) => !doc.unlisted);
  const files = new Map<string, string>();
  const twins: string[] = [];
  for (const doc of listed) {
    const twin = await markdownTwin(doc, {...context, routesBySource});
    twins.push(twin);
    files.set(twinPathOf(doc.permalink).replace(/^\//, ''), twin);
  }
  files.set(LLMS_TXT, llmsTxt(listed, {...site, url: context.siteUrl}));
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
