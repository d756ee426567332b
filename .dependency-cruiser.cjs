/**
 * The import rules of ARCHITECTURE.md, checked by dependency-cruiser in `npm test` (tests/unit/import-rules.test.ts),
 * which also proves that each rule fails on a seeded import (tests/data/import-rules/).
 * Type-only imports are allowed everywhere: they leave nothing in the code that runs.
 */
const runtime = {dependencyTypesNot: ['type-only']};

/** The search package's browser side: the flat modules of packages/search/src. */
const SEARCH_BROWSER = '^packages/search/src/[^/]+$';
/** The search package's build, evaluation, scripts, benchmarks, tests and their helpers. */
const SEARCH_TOOLING = '^packages/search/(src/(build|evaluation)|scripts|bench|tests|support)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'browser-search-not-build-code',
      comment:
        'Browser code (src/ and the browser side of search) never imports build-time, test or benchmark code, nor Node modules.',
      severity: 'error',
      from: {path: ['^src/', SEARCH_BROWSER]},
      to: {...runtime, path: ['^(plugins|scripts|bench|tests|deploy)/', SEARCH_TOOLING]},
    },
    {
      name: 'browser-search-no-node',
      comment: 'The browser side of search runs in the browser: no Node built-in modules.',
      severity: 'error',
      from: {path: SEARCH_BROWSER},
      to: {...runtime, dependencyTypes: ['core']},
    },
    {
      name: 'build-side-only-index-format',
      comment:
        'The build side of search (packages/search/src/build) imports the index and prior file formats, the shared query rules and the ' +
        'synonym and best-bet formats, never ' +
        'the engine or the browser client.',
      severity: 'error',
      from: {path: '^packages/search/src/build/'},
      to: {
        ...runtime,
        path: SEARCH_BROWSER,
        pathNot:
          '^packages/search/src/(indexFileFormat|priorFileFormat|indexSettings|types|language|questionRules|queryRules|bestBets|text|synonyms|queryPrior)\\.ts$',
      },
    },
    {
      name: 'build-imports-no-tools',
      comment:
        'The build (plugins/, the search plugin and the Docusaurus configuration) imports no script, benchmark or ' +
        'test: the tools built around the site, such as the search evaluation, may import the build, not the reverse.',
      severity: 'error',
      from: {path: '^(plugins/|packages/search/src/build/|docusaurus\\.config\\.ts$)'},
      to: {
        ...runtime,
        path: ['^(scripts|bench|tests)/', '^packages/search/(src/evaluation|scripts|bench|tests)/'],
      },
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
      to: {...runtime, path: '^packages/search/'},
    },
    {
      name: 'configuration-reads-the-environment',
      comment:
        'The site configuration (config/) reads and validates the environment; it imports no plugin, browser, ' +
        'test or tool code (docusaurus.config.ts wires the plugins).',
      severity: 'error',
      from: {path: '^config/'},
      to: {...runtime, path: '^(plugins|src|scripts|bench|tests|deploy|support|packages)/'},
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
        "site's search client and engine (packages/search/src/), the twin paths (src/agentDocs/twinPath.ts) and the one-line " +
        'form of front-matter text (src/agentDocs/markdownLine.ts), and nothing that needs the build, the theme or ' +
        'the repository.',
      severity: 'error',
      from: {path: '^packages/fsc-docs-mcp/'},
      to: {
        ...runtime,
        path: ['^(src|plugins|config|scripts|support|tests|bench|deploy)/', SEARCH_TOOLING],
        pathNot: '^src/agentDocs/(twinPath|markdownLine)\\.ts$',
      },
    },
    {
      name: 'site-does-not-import-packages',
      comment:
        'The site and its search do not depend on the MCP server published from this repository (tests may use it).',
      severity: 'error',
      from: {path: ['^(src|plugins|config|docs|scripts|support|bench)/', '^packages/search/']},
      to: {...runtime, path: '^packages/fsc-docs-mcp/'},
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
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'],
      // The search package is imported by its name, through its package.json exports.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
