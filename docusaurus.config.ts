import type {Config, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {NavbarItem} from '@docusaurus/theme-common';
import {themes as prismThemes} from 'prism-react-renderer';
import {CODE_LANGUAGES} from './config/codeLanguages';
import {resolveAnnouncementBar, resolveSiteUrl} from './config/site';
import {resolveSearchConfig} from './config/search';
import {resolveSecurityContact} from './config/security';
import {resolveDisabledPatches} from './plugins/dependency-patches/disabledPatches';
import {readablePrismTheme} from './config/readablePrismTheme';
import rehypeAccessibleMarkup from './plugins/rehypeAccessibleMarkup';
import {DEV_INDEX_DIR} from '@fsc-docs/search/build/devIndex';
import pluginSearchIndex, {
  isDevelopment,
  type SearchIndexPluginOptions,
} from '@fsc-docs/search/build';
import {DEV_AGENT_DIR, type AgentDocsPluginOptions} from './plugins/agent-docs';
import type {SecurityTxtOptions} from './plugins/security-txt';
import type {NoSymlinksOptions} from './plugins/no-symlinks';

const env = process.env;
const search = resolveSearchConfig(env);
const announcementBar = resolveAnnouncementBar(env);
// Test builds add routes that must never reach the published site (a page that crashes on purpose).
const withTestRoutes = env.FSC_TEST_ROUTES === 'true';
// The docs' rehype plugins; the development search index renders Markdown with the same ones.
const docsRehypePlugins = [rehypeAccessibleMarkup];
const testNavbarItems: NavbarItem[] = [
  {
    type: 'dropdown',
    label: 'Test menu',
    position: 'left',
    items: [
      {to: '/introduction/components', label: 'Components'},
      {to: '/fsc-in-production/environments', label: 'Environments'},
    ],
  },
  {type: 'docsVersionDropdown', position: 'right'},
  {type: 'localeDropdown', position: 'right'},
];

const config: Config = {
  title: 'FSC documentation',
  tagline:
    'Federated Service Connectivity: exchange data between organisations, securely and on agreed terms',
  favicon: 'img/favicon.svg',
  url: resolveSiteUrl(env),
  baseUrl: '/',
  trailingSlash: undefined,
  // The development server also serves the search index and the Markdown twins that the search
  // package's plugin and plugins/agent-docs keep current.
  staticDirectories: ['static', ...(isDevelopment() ? [DEV_INDEX_DIR, DEV_AGENT_DIR] : [])],

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  future: {
    v4: true,
    experimental_faster: true,
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', direction: 'ltr', htmlLang: 'en'}},
  },

  customFields: {search},

  // The route progress bar without invalid ARIA roles (see the module).
  clientModules: ['./src/clientModules/progressBar.ts'],

  // Without JavaScript a Tabs block cannot switch tabs, and the theme renders all but the selected
  // panel hidden: show every panel then, one after the other, so the page reads in full.
  headTags: [
    {
      tagName: 'noscript',
      attributes: {},
      innerHTML: '<style>[role="tabpanel"][hidden]{display:block!important}</style>',
    },
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          // The published routes keep their step numbers (/try-fsc/helm/3-postgresql).
          numberPrefixParser: false,
          sidebarCollapsible: false,
          breadcrumbs: true,
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
          rehypePlugins: docsRehypePlugins,
        },
        blog: false,
        pages: {},
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],

  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    // Fails the build on a symbolic link in static/ or docs/, which would publish its target.
    ['./plugins/no-symlinks/index.ts', {dirs: ['docs']} satisfies NoSymlinksOptions],
    ['./plugins/dependency-patches/index.ts', {disabled: resolveDisabledPatches(env)}],
    // The search package's plugin (the index file, the development index and the prior), given
    // as a function: Docusaurus types a plugin's options as unknown, the options are checked here.
    [
      pluginSearchIndex as PluginModule,
      {rehypePlugins: docsRehypePlugins} satisfies SearchIndexPluginOptions,
    ],
    // deploy:csp lets pages load only these scripts by src (plugins/emitted-scripts/list.mjs).
    './plugins/emitted-scripts/index.ts',
    [
      './plugins/security-txt/index.ts',
      {contact: resolveSecurityContact(env)} satisfies SecurityTxtOptions,
    ],
    [
      './plugins/agent-docs/index.ts',
      {
        rehypePlugins: docsRehypePlugins,
        summary:
          'FSC (Federated Service Connectivity) is the standard that Dutch government organisations ' +
          'and their suppliers use to exchange data between organisations: each organisation is a ' +
          'Peer in a Group, offers its APIs as Services through an Inway, reaches the Services of ' +
          'others through an Outway, and agrees on every connection in a Contract that each Peer in it ' +
          'signs; connections use mutual TLS. These pages document FSC and its reference ' +
          'implementation OpenFSC (Directory, Manager, Controller, Inway, Outway, transaction log ' +
          'and audit log): what the parts do, tutorials that run a Peer with Docker and with Helm, ' +
          'and what running it in production takes.',
      } satisfies AgentDocsPluginOptions,
    ],
    ...(withTestRoutes ? ['./tests/e2e/support/test-routes-plugin.ts'] : []),
  ],

  themeConfig: {
    metadata: [
      {
        name: 'keywords',
        content: 'FSC, Federated Service Connectivity, OpenFSC, Common Ground, API, mTLS',
      },
    ],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    ...(announcementBar ? {announcementBar} : {}),
    docs: {
      versionPersistence: 'localStorage',
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'FSC',
      hideOnScroll: true,
      logo: {
        alt: 'FSC documentation home',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 32,
        height: 32,
      },
      items: [
        {
          to: '/try-fsc/docker/introduction',
          label: 'Docs',
          position: 'left',
          activeBaseRegex: '^/(introduction|try-fsc|fsc-in-production)/',
        },
        {href: 'https://directory-ui.demo.fsc.nlx.io', label: 'Directory', position: 'left'},
        {href: 'https://fsc-standaard.nl', label: 'FSC', position: 'left'},
        {to: '/support/contact', label: 'Contact', position: 'left'},
        // The test build also shows the item types the published navbar does not use.
        ...(withTestRoutes ? testNavbarItems : []),
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      logo: {
        alt: 'FSC documentation',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 48,
        height: 48,
        href: '/',
      },
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Introduction', to: '/introduction/'},
            {label: 'Try FSC with Docker', to: '/try-fsc/docker/introduction'},
            {label: 'Try FSC with Helm', to: '/try-fsc/helm/introduction'},
            {label: 'FSC in production', to: '/fsc-in-production/deployment-strategies'},
          ],
        },
        {
          title: 'Standard',
          items: [
            {label: 'FSC standard site', href: 'https://fsc-standaard.nl'},
            {
              label: 'FSC Core specification',
              href: 'https://gitdocumentatie.logius.nl/publicatie/fsc/core/',
            },
            {
              label: 'FSC Logging extension',
              href: 'https://gitdocumentatie.logius.nl/publicatie/fsc/logging/',
            },
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Demo Directory', href: 'https://directory-ui.demo.fsc.nlx.io'},
            {label: 'Contact', to: '/support/contact'},
            {label: 'Release strategy', to: '/support/release-strategy'},
          ],
        },
      ],
      copyright: `Copyright © 2025 FSC documentation. Built with Docusaurus.`,
    },
    algolia: {
      appId: search.appId,
      apiKey: search.apiKey,
      indexName: search.indexName,
      contextualSearch: true,
      searchPagePath: 'search',
      // No Insights: see rejectInsights in config/search.ts.
      insights: false,
    },
    prism: {
      theme: readablePrismTheme(prismThemes.github),
      darkTheme: readablePrismTheme(prismThemes.dracula),
      additionalLanguages: CODE_LANGUAGES,
    },
    mermaid: {
      theme: {light: 'neutral', dark: 'dark'},
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
