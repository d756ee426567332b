/**
 * The Prism languages registered for code blocks: exactly those the docs' code fences use
 * (tests/unit/docs-content.test.ts holds every fence to this list). The highlighter's own bundled
 * languages are cut from the browser bundle (plugins/dependency-patches, prism-bundled-grammars),
 * so a fence in any other language would show as plain text.
 */
export const CODE_LANGUAGES = ['bash', 'ini', 'json', 'promql', 'sql', 'yaml'];

/** Fence languages that are not highlighted: plain text, and diagrams that Mermaid draws. */
export const UNHIGHLIGHTED_FENCES = ['text', 'mermaid'];
