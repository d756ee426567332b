/**
 * The import rules of ARCHITECTURE.md, checked by dependency-cruiser in `npm test` (tests/unit/import-rules.test.ts),
 * which also proves that each rule fails on a seeded import (tests/data/import-rules/).
 * Type-only imports are allowed everywhere: they leave nothing in the code that runs.
 */
const runtime = {dependencyTypesNot: ['type-only']};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'browser-search-not-build-code',
      comment:
        'Search in the browser (src/) never imports build-time, test or benchmark code, nor Node modules.',
      severity: 'error',
      from: {path: '^src/'},
      to: {...runtime, path: '^(plugins|scripts|bench|tests|deploy)/'},
    },
    {
      name: 'browser-search-no-node',
      comment: 'The browser side of search runs in the browser: no Node built-in modules.',
      severity: 'error',
      from: {path: '^src/search/'},
      to: {...runtime, dependencyTypes: ['core']},
    },
    {
      name: 'build-side-only-index-format',
      comment:
        'The build side of search (plugins/search-index) imports the index format, the shared query rules and the ' +
        'synonym and best-bet formats, never ' +
        'the engine or the browser client.',
      severity: 'error',
      from: {path: '^plugins/search-index/'},
      to: {
        ...runtime,
        path: '^src/search/',
        pathNot:
          '^src/search/(indexFileFormat|types|language|questionRules|queryRules|bestBets|text|synonyms|queryPrior)\\.ts$',
      },
    },
    {
      name: 'build-imports-no-tools',
      comment:
        'The build (plugins/ and the Docusaurus configuration) imports no script, benchmark or test: the tools ' +
        'built around the site, such as the search evaluation in scripts/lib, may import the build, not the reverse.',
      severity: 'error',
      from: {path: '^(plugins/|docusaurus\\.config\\.ts$)'},
      to: {...runtime, path: '^(scripts|bench|tests)/'},
    },
    {
      name: 'pages-know-nothing-of-search',
      comment:
        'Pages, the configuration and theme components other than the search UI (SearchBar, SearchPage and the marks ' +
        'of an opened hit in DocItem/Content) know nothing of search.',
      severity: 'error',
      from: {
        path: '^(docs|src/pages|src/theme|config)/',
        pathNot: '^src/theme/(SearchBar|SearchPage|DocItem/Content)/',
      },
      to: {...runtime, path: '^src/search/'},
    },
    {
      name: 'configuration-reads-the-environment',
      comment:
        'The site configuration (config/) reads and validates the environment; it imports no plugin, browser, ' +
        'test or tool code (docusaurus.config.ts wires the plugins).',
      severity: 'error',
      from: {path: '^config/'},
      to: {...runtime, path: '^(plugins|src|scripts|bench|tests|deploy|support)/'},
    },
    {
      name: 'tests-and-bench-share-support',
      comment: 'Tests and benchmarks share helpers through support/, and never import each other.',
      severity: 'error',
      from: {path: '^(tests|bench)/'},
      to: {...runtime, path: '^(tests|bench)/', pathNot: '^$1/'},
    },
    {
      name: 'mcp-server-takes-only-search-code',
      comment:
        'The MCP server (packages/fsc-docs-mcp) is published on its own and runs outside the site: it reuses the ' +
        "site's search client and engine (src/search/), the twin paths (src/agentDocs/twinPath.ts) and the one-line " +
        'form of front-matter text (src/agentDocs/markdownLine.ts), and nothing that needs the build, the theme or ' +
        'the repository.',
      severity: 'error',
      from: {path: '^packages/fsc-docs-mcp/'},
      to: {
        ...runtime,
        path: '^(src|plugins|config|scripts|support|tests|bench|deploy)/',
        pathNot: '^src/(search/|agentDocs/(twinPath|markdownLine)\\.ts$)',
      },
    },
    {
      name: 'site-does-not-import-packages',
      comment:
        'The site does not depend on the packages published from this repository (tests may use them).',
      severity: 'error',
      from: {path: '^(src|plugins|config|docs|scripts|support|bench)/'},
      to: {...runtime, path: '^packages/'},
    },
    {
      name: 'no-circular',
      comment: 'No import cycles.',
      severity: 'error',
      from: {},
      to: {circular: true},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {path: '^(node_modules|build|build-variant|\\.docusaurus|tests/data)/'},
    tsConfig: {fileName: 'tsconfig.json'},
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json']},
  },
};
