// Replaces theme-classic's start-up client module that registers the additional Prism languages
// on every page; src/theme/CodeBlock registers them when a code block is first needed.
export {};
