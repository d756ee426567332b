/**
 * The search index of the development server (`npm start`), kept current while writers edit.
 *
 * Docusaurus runs `allContentLoaded` at start and again after every saved change to a doc; each
 * run hands the docs here. Records come from the doc's Markdown through the MDX pipeline
 * (renderDocSource.ts) and the build's own extractor, are cached per file (a save re-renders
 * that file only) and written, in the build's index format, with a version file beside it, to a
 * folder that docusaurus.config.ts serves as a static directory in development only. The first
 * run waits until the server's first compilation is done and later runs start after
 * `allContentLoaded` has returned, so indexing never holds up the start or a page; a newer set
 * of docs supersedes one still waiting.
 */
import {createHash} from 'node:crypto';
import {mkdirSync} from 'node:fs';
import {rename, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedContent, PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {serializeIndex, versionUrlOf} from '../indexFileFormat';
import type {DocSearchRecord} from '../types';
import {DEFAULT_LVL0, docContentRecords} from './extractRecords';
import type {MarkdownPipeline} from '@fsc-docs/doc-source';
import {renderDocContent} from './renderDocSource';
import {readSearchFiles, type SearchFiles} from './searchFiles';

/** Folder of the development index, relative to the site (served at baseUrl in development). */
export const DEV_INDEX_DIR = '.docusaurus/fsc-search-dev';
export const DEV_INDEX_FILE = 'search-index.dev.json';

/** A doc as the docs plugin knows it: what its records take besides its source. */
export interface DevDoc {
  /** Absolute path of the Markdown file. */
  filePath: string;
  /** The doc's title (front matter or first heading), as the theme's h1 shows it. */
  title: string;
  /** The sidebar category the breadcrumbs show before the doc (null outside any). */
  section: string | null;
  /** True for the page that opens its sidebar category: the category's own page, or its first item. */
  opensSection: boolean;
  /** `docsearch:docusaurus_tag` of the page, e.g. `docs-default-current`. */
  docusaurusTag: string;
  language: string;
  /** Absolute page URL, as the build's records carry it. */
  url: string;
}

type SidebarItem = {
  type: string;
  label?: string;
  id?: string;
  items?: SidebarItem[];
  link?: {type: string; id?: string};
};

/**
 * doc id -> the sidebar section the breadcrumbs show before it (the nearest category), and the
 * docs that open a category: its own page, or its first item.
 */
function sectionsOf(sidebars: Record<string, readonly SidebarItem[]>): {
  sections: Map<string, string>;
  openers: Set<string>;
} {
  const sections = new Map<string, string>();
  const openers = new Set<string>();
  const walk = (items: readonly SidebarItem[], section: string | null): void => {
    const [first] = items;
    if (section && first?.type === 'doc' && first.id) openers.add(first.id);
    for (const item of items) {
      if (item.type === 'doc' && item.id && section) sections.set(item.id, section);
      if (item.type === 'category' && item.label) {
        // A category's own page sits under the category itself, and opens it.
        if (item.link?.type === 'doc' && item.link.id) {
          sections.set(item.link.id, item.label);
          openers.add(item.link.id);
        }
        walk(item.items ?? [], item.label);
      }
    }
  };
  for (const items of Object.values(sidebars)) walk(items, null);
  return {sections, openers};
}

/** The docs a reader of the build can find: drafts and unlisted docs are not indexed there either. */
export function docsOfContent(
  allContent: Record<string, Record<string, unknown>>,
  site: {siteDir: string; siteUrl: string; language: string},
): DevDoc[] {
  const docs: DevDoc[] = [];
  const instances = allContent['docusaurus-plugin-content-docs'] ?? {};
  for (const [pluginId, content] of Object.entries(instances)) {
    for (const version of (content as LoadedContent).loadedVersions) {
      const {sections, openers} = sectionsOf(
        version.sidebars as unknown as Record<string, PropSidebarItem[] & SidebarItem[]>,
      );
      for (const doc of version.docs) {
        if (doc.draft || doc.unlisted) continue;
        const section = sections.get(doc.id);
        docs.push({
          filePath: path.join(site.siteDir, doc.source.replace(/^@site\//, '')),
          title: doc.title,
          section: section ?? null,
          opensSection: openers.has(doc.id),
          docusaurusTag: `docs-${pluginId}-${version.versionName}`,
          language: site.language,
          url: new URL(doc.permalink, site.siteUrl).href,
        });
      }
    }
  }
  return docs.sort((a, b) => a.url.localeCompare(b.url));
}

/** Write then rename: a reader meanwhile gets the old file or the new, never half of one. */
async function replaceFile(file: string, content: string): Promise<void> {
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, content);
  await rename(partial, file);
}

export interface DevIndexWriterOptions {
  pipeline: MarkdownPipeline;
  /** Absolute path of the index file. */
  outFile: string;
  /** The synonyms and best-bets files written into the index with the records (see searchFiles.ts). */
  searchFiles?: SearchFiles;
  /** The site's baseUrl, under which the docs' URLs lie (default '/'). */
  baseUrl?: string;
  log?: (message: string) => void;
}

export interface DevIndexWriter {
  /** Index these docs (returns at once; the file follows within seconds of `start`). */
  update(docs: readonly DevDoc[]): void;
  /** Allows indexing from now on: called when the server's first compilation is done. */
  start(): void;
  /** Resolves when no indexing is running or waiting. */
  settled(): Promise<void>;
}

export function createDevIndexWriter(options: DevIndexWriterOptions): DevIndexWriter {
  const log = options.log ?? ((message: string) => console.log(message));
  const cache = new Map<string, {key: string; records: DocSearchRecord[]}>();
  let waiting: readonly DevDoc[] | null = null;
  let running: Promise<void> | null = null;
  let started = false;
  mkdirSync(path.dirname(options.outFile), {recursive: true});

  async function recordsOf(doc: DevDoc): Promise<DocSearchRecord[]> {
    const {mtimeMs, size} = await stat(doc.filePath);
    const key = JSON.stringify([
      mtimeMs,
      size,
      doc.title,
      doc.section,
      doc.opensSection,
      doc.url,
      doc.docusaurusTag,
    ]);
    const cached = cache.get(doc.filePath);
    if (cached?.key === key) return cached.records;
    try {
      const html = await renderDocContent(doc.filePath, options.pipeline);
      const records = docContentRecords(
        html,
        {
          section: doc.section ?? DEFAULT_LVL0,
          title: doc.title,
          opensSection: doc.opensSection,
          language: doc.language,
          tag: doc.docusaurusTag,
        },
        doc.url,
      );
      cache.set(doc.filePath, {key, records});
      return records;
    } catch (error) {
      // A half-typed doc does not compile; the dev server shows the error. Search keeps its last records.
      log(
        `[search-index] development index: ${path.relative(process.cwd(), doc.filePath)} skipped: ${(error as Error).message.split('\n')[0]}`,
      );
      return cached?.records ?? [];
    }
  }

  async function write(docs: readonly DevDoc[]): Promise<void> {
    const started = performance.now();
    const records: DocSearchRecord[] = [];
    for (const doc of docs) {
      records.push(...(await recordsOf(doc)));
      // Rendering is synchronous work: let the server answer the page requests waiting meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Read with every write: a saved synonym or best bet applies like a saved doc.
    const searchData = await readSearchFiles(options.searchFiles ?? {});
    const json = serializeIndex(records, searchData(records, options.baseUrl ?? '/'));
    await replaceFile(options.outFile, json);
    // After the index: a page that sees the new version finds the new index.
    await replaceFile(
      versionUrlOf(options.outFile),
      createHash('sha256').update(json).digest('hex').slice(0, 16),
    );
    log(
      `[search-index] development index: ${records.length} records from ${docs.length} docs ` +
        `in ${Math.round(performance.now() - started)} ms`,
    );
  }

  async function drain(): Promise<void> {
    while (waiting) {
      const docs = waiting;
      waiting = null;
      try {
        await write(docs);
      } catch (error) {
        log(`[search-index] development index not written: ${(error as Error).message}`);
      }
    }
    running = null;
  }

  return {
    update(docs) {
      waiting = docs;
      if (started) running ??= drain();
    },
    start() {
      started = true;
      if (waiting) running ??= drain();
    },
    settled: () => running ?? Promise.resolve(),
  };
}
