/**
 * The import rules of ARCHITECTURE.md, checked by dependency-cruiser in `npm test` (tests/unit/import-rules.test.ts),
 * which also proves that each rule fails on a seeded import (tests/data/import-rules/).
 * Type-only imports are allowed inside a house (they leave nothing in the code that runs), not
 * between the houses: the site and the workspace packages reach each other only by package name.
 */
const runtime = {dependencyTypesNot: ['type-only']};

/**
 * An import by a relative path: a 'local' dependency that no alias resolved. By its name, a workspace
 * package resolves through node_modules ('aliased' from the root's files, 'undetermined' from a
 * package that does not list it, such as the MCP server).
 */
const byPath = {dependencyTypes: ['local'], dependencyTypesNot: ['aliased']};

/** The site: pages, configuration, theme, plugins and the tools and tests around them. */
const SITE = [
  '^(src|plugins|config|docs|scripts|support|bench|tests|deploy)/',
  '^(docusaurus\\.config|sidebars)\\.ts$',
];

/** The search package's browser side: the flat modules of packages/search/src. */
const SEARCH_BROWSER = '^packages/search/src/[^/]+$';
/** The search package's build, evaluation, scripts, benchmarks, tests and their helpers. */
const SEARCH_TOOLING = '^packages/search/(src/(build|evaluation)|scripts|bench|tests|support)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'search-reached-by-name',
      comment:
        'The one door into the search package is its name (@fsc-docs/search/..., resolved through its exports): ' +
        'nothing outside it imports a path into packages/search/, not even for a type.',
      severity: 'error',
      from: {pathNot: '^packages/search/'},
      to: {...byPath, path: '^packages/search/'},
    },
    {
      name: 'doc-source-reached-by-name',
      comment:
        'The Markdown compile is reached as @fsc-docs/doc-source, never by a path into packages/doc-source/.',
      severity: 'error',
      from: {pathNot: '^packages/doc-source/'},
      to: {...byPath, path: '^packages/doc-source/'},
    },
    {
      name: 'search-imports-nothing-of-the-site',
      comment:
        'The search package stands on its own: nothing of the site (pages, configuration, theme, plugins, tools, ' +
        'tests), not even a type. The site hands it what it needs (the search configuration, the build).',
      severity: 'error',
      from: {path: '^packages/search/'},
      to: {path: [...SITE, '^packages/fsc-docs-mcp/']},
    },
    {
      name: 'doc-source-imports-nothing-of-ours',
      comment:
        'The Markdown compile needs Docusaurus only: nothing of the site or the other packages.',
      severity: 'error',
      from: {path: '^packages/doc-source/'},
      to: {path: [...SITE, '^packages/(search|fsc-docs-mcp)/']},
    },
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
        'The build side of search (packages/search/src/build) imports the index, shard and prior file formats, the shared query rules and the ' +
        'synonym and best-bet formats, never ' +
        'the engine or the browser client. Two exceptions, both in the shard writer (build/shardFiles.ts): it runs the ' +
        'sharded reader over the files it has just written, to measure the bytes of a first search against the budget, ' +
        'and it ranks the answer files of short prefixes with the engine, through prefixAnswers.ts alone.',
      severity: 'error',
      from: {path: '^packages/search/src/build/'},
      to: {
        ...runtime,
        path: SEARCH_BROWSER,
        pathNot:
          '^packages/search/src/(indexFileFormat|shardFileFormat|priorFileFormat|indexSettings|searchConfig|types|language|questionRules|queryRules|bestBets|text|synonyms|queryPrior|shardedSearch|prefixAnswers|fetchLike)\\.ts$',
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
        'of an opened hit in DocItem/Content) know nothing of search, but the shape of its configuration.',
      severity: 'error',
      from: {
        path: '^(docs|src/pages|src/theme|config)/',
        pathNot: '^src/theme/(SearchBar|SearchPage|DocItem/Content)/',
      },
      to: {
        ...runtime,
        path: '^packages/search/',
        pathNot: '^packages/search/src/searchConfig\\.ts$',
      },
    },
    {
      name: 'configuration-reads-the-environment',
      comment:
        'The site configuration (config/) reads and validates the environment; it imports no plugin, browser, ' +
        'test or tool code (docusaurus.config.ts wires the plugins), of search only the shape of its configuration.',
      severity: 'error',
      from: {path: '^config/'},
      to: {
        ...runtime,
        path: '^(plugins|src|scripts|bench|tests|deploy|support|packages)/',
        pathNot: '^packages/search/src/searchConfig\\.ts$',
      },
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
        "search package's client and engine (its browser side), the twin paths (src/agentDocs/twinPath.ts) and the " +
        'one-line form of front-matter text (src/agentDocs/markdownLine.ts), and nothing that needs the build, the ' +
        'theme or the repository.',
      severity: 'error',
      from: {path: '^packages/fsc-docs-mcp/'},
      to: {
        ...runtime,
        path: [...SITE, SEARCH_TOOLING, '^packages/doc-source/'],
        pathNot: '^src/agentDocs/(twinPath|markdownLine)\\.ts$',
      },
    },
    {
      name: 'site-does-not-import-the-mcp-server',
      comment:
        'The site does not depend on the MCP server published from this repository (tests may use it).',
      severity: 'error',
      from: {path: '^(src|plugins|config|docs|scripts|support|bench)/'},
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
      // The workspace packages are imported by their names, through their package.json exports.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
