/**
 * Text from front matter (a title, a description, a sidebar label) as one line of literal
 * Markdown text, for the files agents read (llms.txt, llms-full.txt, the twins) and what the MCP
 * server passes on from them.
 *
 * Front matter is free text: a description with a line break could start a line of its own in
 * llms.txt, and so add a page entry that links to another host, a section, or an instruction. So
 * every line break and control character becomes a space, and whatever Markdown would read as
 * syntax is escaped: link and image brackets, autolinks and HTML (`[ ] ( ) < >`), the backslash
 * itself, and a block marker the line would start with (`#`, `>`, `-`, `+`, `*`, `1.`).
 *
 * Shared by the build (plugins/agent-docs) and the MCP server (packages/fsc-docs-mcp), which may
 * import this module (ARCHITECTURE.md, rule 6): it uses nothing but the language.
 */

// Any white space (line and paragraph separators included) and every C0 and C1 control character.
// eslint-disable-next-line no-control-regex
const BREAKS = /[\s\u0000-\u001f\u007f-\u009f]+/g;
const INLINE_SYNTAX = /[\\[\]()<>]/g;
/** What makes a line a heading, quote, list item or rule (`1)` needs nothing: `)` is escaped). */
const LEADING_MARKER = /^[#>+*-]/;
const LEADING_NUMBER = /^(\d+)\./;

export function markdownLine(text: string): string {
  return text
    .replace(BREAKS, ' ')
    .trim()
    .replace(INLINE_SYNTAX, '\\$&')
    .replace(LEADING_MARKER, '\\$&')
    .replace(LEADING_NUMBER, '$1\\.');
}
