/**
 * One section of a Markdown twin by its anchor: from the heading with that id to the next heading
 * of its level or above. Ids are made as the site makes them (Docusaurus gives each heading below
 * the title the github-slugger slug of its text, numbered when repeated).
 */
import GithubSlugger from 'github-slugger';
import type {Heading} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {toString} from 'mdast-util-to-string';

export interface TwinSection {
  anchor: string;
  markdown: string;
}

/** Every section of the twin below its title, with its anchor, in order. */
export function sectionsOf(markdown: string): TwinSection[] {
  const headings = fromMarkdown(markdown).children.filter(
    (node): node is Heading => node.type === 'heading' && node.depth > 1,
  );
  const slugger = new GithubSlugger();
  return headings.map((heading, i) => {
    const end = headings.slice(i + 1).find((next) => next.depth <= heading.depth);
    return {
      anchor: slugger.slug(toString(heading)),
      markdown: `${markdown.slice(heading.position?.start.offset, end?.position?.start.offset).trimEnd()}\n`,
    };
  });
}
