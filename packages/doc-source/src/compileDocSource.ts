/**
 * One doc's Markdown source through Docusaurus's own MDX pipeline (`@docusaurus/mdx-loader`: the
 * same remark/rehype plugins, heading ids, admonitions and the site's rehype plugins as the docs
 * plugin), with a caller's plugins added: the one way this project reads a doc's source. The
 * search package renders the development index from it, the agent-docs plugin the Markdown twins.
 *
 * An internal module of mdx-loader is used on purpose: its public API is a webpack loader, which
 * yields JavaScript, not the trees the callers' plugins keep. The dependency patches' register
 * (plugins/dependency-patches/README.md) lists it with the checks that keep this honest.
 */
import {readFile} from 'node:fs/promises';
import type {MarkdownConfig} from '@docusaurus/types';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {compileToJSX} from '@docusaurus/mdx-loader/lib/utils';

export interface MarkdownPipeline {
  markdownConfig: MarkdownConfig;
  siteDir: string;
  staticDirs: string[];
  /** The docs plugin's own rehype plugins (docusaurus.config.ts shares them). */
  rehypePlugins: unknown[];
}

/** What a caller adds to the docs' own MDX pipeline for one compilation. */
export interface PipelineAdditions {
  /** Run after Docusaurus's remark plugins (the tree then has heading ids, admonitions, diagrams). */
  remarkPlugins?: unknown[];
  /** Run after the docs' rehype plugins. */
  rehypePlugins?: unknown[];
  /** Resolves a link to another doc's file (`../x/y.md`) to its URL path. */
  resolveMarkdownLink?: (params: {sourceFilePath: string; linkPathname: string}) => string | null;
}

/**
 * One doc's Markdown through Docusaurus's MDX pipeline, with the caller's plugins added; returns
 * the vfile data those plugins left (the one way this project reads a doc's source).
 */
export async function compileDocSource(
  filePath: string,
  pipeline: MarkdownPipeline,
  additions: PipelineAdditions,
): Promise<Record<string, unknown>> {
  const fileContent = await readFile(filePath, 'utf8');
  const {frontMatter} = await pipeline.markdownConfig.parseFrontMatter({
    filePath,
    fileContent,
    defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
  });
  const result = await compileToJSX({
    filePath,
    fileContent,
    frontMatter,
    compilerName: 'server',
    options: {
      admonitions: true,
      remarkPlugins: (additions.remarkPlugins ?? []) as never[],
      rehypePlugins: [...pipeline.rehypePlugins, ...(additions.rehypePlugins ?? [])] as never[],
      ...(additions.resolveMarkdownLink
        ? {resolveMarkdownLink: additions.resolveMarkdownLink}
        : {}),
      markdownConfig: pipeline.markdownConfig,
      siteDir: pipeline.siteDir,
      staticDirs: pipeline.staticDirs,
    },
  });
  return result.data;
}
