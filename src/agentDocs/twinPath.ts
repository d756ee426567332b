/**
 * Where a doc page's Markdown twin lives: the page's route plus `.md`. A section index, whose
 * route ends in a slash (`/introduction/`), has its twin inside its folder (`/introduction/index.md`),
 * where its source file sits too (`docs/introduction/index.md`).
 *
 * Shared by the build (plugins/agent-docs writes the files) and the page (the alternate link and
 * the "Copy page" control), so both name the same file.
 */
export function twinPathOf(route: string): string {
  return route.endsWith('/') ? `${route}index.md` : `${route}.md`;
}

/** The index of the twins for agents (llmstxt.org), at the site's root. */
export const LLMS_TXT = 'llms.txt';
/** Every twin in sidebar order, in one file. */
export const LLMS_FULL_TXT = 'llms-full.txt';
