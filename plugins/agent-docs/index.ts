/**
 * Docusaurus plugin: docs that coding agents can read (agentDocs.ts, markdownTwin.ts).
 *
 * - Build: the twins are made while the bundler works (from `allContentLoaded`, which runs before
 *   it) and written into the build in `postBuild`; a doc whose twin cannot be made fails the build.
 * - Development server: the same files are written into DEV_AGENT_DIR after every content load,
 *   which docusaurus.config.ts serves as a static directory in development only; a doc that does
 *   not compile keeps the server running and is named in the log.
 *
 * Options: `summary`, the one paragraph about FSC that `llms.txt` opens with.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {MarkdownPipeline} from '@fsc-docs/doc-source';
import {agentDocsOf, makeAgentFiles, writeAgentFiles} from './agentDocs';

export interface AgentDocsPluginOptions {
  summary: string;
  /** The docs plugin's rehype plugins (docusaurus.config.ts shares them). */
  rehypePlugins?: unknown[];
}

/** Folder of the development server's twins, relative to the site. */
export const DEV_AGENT_DIR = '.docusaurus/fsc-agent-docs';

export default function pluginAgentDocs(
  context: LoadContext,
  options: AgentDocsPluginOptions,
): Plugin {
  if (!options?.summary?.trim()) {
    throw new Error('[agent-docs] the plugin needs a `summary`: the paragraph llms.txt opens with');
  }
  const {siteConfig, siteDir} = context;
  const pipeline: MarkdownPipeline = {
    markdownConfig: siteConfig.markdown,
    siteDir,
    staticDirs: siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir)),
    rehypePlugins: options.rehypePlugins ?? [],
  };
  const site = {title: siteConfig.title, summary: options.summary.trim()};
  const development = process.env.NODE_ENV === 'development';
  let files: Promise<Map<string, string>> | null = null;
  // Development: the twins are made once the first page can be served, never before it.
  let compiled = () => {};
  const firstCompilation = new Promise<void>((resolve) => (compiled = resolve));

  return {
    name: 'fsc-agent-docs',
    async allContentLoaded({allContent}) {
      const docs = agentDocsOf(allContent as Record<string, Record<string, unknown>>, siteDir);
      const make = () => makeAgentFiles(docs, {pipeline, siteUrl: siteConfig.url}, site);
      if (development) {
        void firstCompilation
          .then(make)
          .then((made) => writeAgentFiles(path.join(siteDir, DEV_AGENT_DIR), made))
          .catch((error: unknown) => console.error((error as Error).message));
        return;
      }
      files = make();
      // Awaited in postBuild; until then a failure must not count as unhandled.
      files.catch(() => {});
    },
    configureWebpack(_config, isServer) {
      if (!development || isServer) return {};
      const afterFirstCompilation = {
        apply(compiler: {hooks: {done: {tap(name: string, callback: () => void): void}}}) {
          compiler.hooks.done.tap('fsc-agent-docs', () => compiled());
        },
      };
      return {plugins: [afterFirstCompilation]};
    },
    async postBuild({outDir}) {
      if (!files) throw new Error('[agent-docs] no docs were loaded');
      await writeAgentFiles(outDir, await files);
    },
  };
}
