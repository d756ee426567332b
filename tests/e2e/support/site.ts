import fs from 'node:fs';
import path from 'node:path';

import {REPO_ROOT} from '../../../support/builds.mjs';

export const ROOT = REPO_ROOT;
/**
 * `builtSite('published')`: the site as deployed; `builtSite('variant')`: the test variant
 * (announcement bar, hosted search against a double on ALGOLIA_DOUBLE_PORT, a crash route). Each
 * is built first when missing or stale; give the `beforeAll` that asks BUILD_TIMEOUT_MS.
 */
export {ALGOLIA_DOUBLE_PORT, builtSite} from '../../../support/builds.mjs';

/** Long enough for a build on the 2-core machine, and a wait for another file's build. */
export const BUILD_TIMEOUT_MS = 10 * 60_000;

export type DocRoute = {path: string; title: string; category: string};

/**
 * Every route of the specification with the category it sits in, in sidebar order. The titles are
 * read from the docs' frontmatter, so a renamed page is caught by the heading assertions.
 */
export const SPEC_DOC_PATHS: {category: string; paths: string[]}[] = [
  {
    category: 'Introduction',
    paths: ['/introduction/', '/introduction/components', '/introduction/functional-description'],
  },
  {
    category: 'Try FSC with Docker',
    paths: [
      'introduction',
      'setup-your-environment',
      'getting-up-and-running',
      'provide-an-api',
      'retrieve-a-demo-certificate',
    ].map((page) => `/try-fsc/docker/${page}`),
  },
  {
    category: 'Try FSC with Helm',
    paths: [
      'introduction',
      '0-preparation',
      '1-create-namespace',
      '2-create-certificate',
      '3-postgresql',
      '4-transaction-log',
      '5-auditlog',
      '6-manager',
      '7-controller',
      '8-inway',
      '9-outway',
      '10-sample-api',
      '11-access-api',
      'finish',
    ].map((page) => `/try-fsc/helm/${page}`),
  },
  {
    category: 'FSC in production',
    paths: [
      'deployment-strategies',
      'environments',
      'hosting-a-directory',
      'metrics-endpoint',
      'network-overview',
      'renew-certificates',
      'setup-authorization',
      'setup-oidc',
      'system-requirements',
    ].map((page) => `/fsc-in-production/${page}`),
  },
  {category: 'Support', paths: ['/support/contact', '/support/release-strategy']},
];

function docFile(routePath: string): string {
  const relative = routePath.endsWith('/') ? `${routePath}index` : routePath;
  return path.join(ROOT, 'docs', `${relative}.md`);
}

/** The Markdown source of a doc route's page. */
export function docSource(routePath: string): string {
  return fs.readFileSync(docFile(routePath), 'utf8');
}

function frontmatterTitle(routePath: string): string {
  const source = docSource(routePath);
  const title = /^---\n[\s\S]*?^title:\s*(.+)$/m.exec(source)?.[1]?.trim();
  if (!title) {
    throw new Error(`${docFile(routePath)} has no title in its frontmatter`);
  }
  return title.replace(/^(['"])(.*)\1$/, '$2');
}

export const DOC_ROUTES: DocRoute[] = SPEC_DOC_PATHS.flatMap(({category, paths}) =>
  paths.map((routePath) => ({path: routePath, category, title: frontmatterTitle(routePath)})),
);
