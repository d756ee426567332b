import fs from 'node:fs';
import path from 'node:path';

/** The folder with the site's pages. */
export const DOCS = path.resolve(__dirname, '../../../docs');

/** Every Markdown page under `dir`, recursively. */
export function markdownFiles(dir: string = DOCS): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

export type CodeBlock = {
  /** Page path relative to docs/. */
  file: string;
  line: number;
  language: string;
  meta: string;
  /** The `title="…"` of the fence, or '' when it has none. */
  title: string;
  code: string;
  /** The page's text before the block. */
  before: string;
};

/** Fenced code blocks of one page with their language, title, and the text of the page before each block. */
export function codeBlocks(file: string): CodeBlock[] {
  return codeBlocksOf(fs.readFileSync(file, 'utf8'), file);
}

/** The same for a page's text given directly, such as a page with a mistake seeded into it. */
export function codeBlocksOf(source: string, file: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const fence = /^(\s*)(`{3,}|~{3,})([^\s`]*)([^\n]*)\n([\s\S]*?)^\1\2\s*$/gm;
  for (const match of source.matchAll(fence)) {
    const start = match.index ?? 0;
    const meta = match[4]!.trim();
    blocks.push({
      file: path.relative(DOCS, file),
      line: source.slice(0, start).split('\n').length,
      language: match[3]!,
      meta,
      title: /title="([^"]*)"/.exec(meta)?.[1] ?? '',
      // Inside tabs the block is indented: remove the fence's indentation from each line.
      code: match[5]!.replace(new RegExp(`^${match[1]}`, 'gm'), ''),
      before: source.slice(0, start),
    });
  }
  return blocks;
}

/** Shell languages whose blocks a reader runs. */
export const SHELL_LANGUAGES = ['bash', 'sh', 'shell'];
