// The build's files for agents: every doc route has its Markdown twin, holding what the built page
// shows (title, every heading, every code block, every tab label), and llms.txt lists every
// sidebar route once. The pages are the built HTML; the twins are parsed as Markdown.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type {Code, Heading, Root, Strong} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import {beforeAll, describe, expect, it} from 'vitest';
import {twinPathOf} from '../../src/agentDocs/twinPath';
import {BUILD_DIR, builtSite} from '../../support/builds.mjs';
import {DOC_ROUTES} from '../e2e/support/site';

const SITE = 'https://docs.fsc.nlx.io';

// The published build, made first when missing or stale; the tests below read its files.
beforeAll(() => builtSite('published'), 600_000);
const squash = (text: string) => text.replace(/[\u200b\s]+/g, ' ').trim();

function builtPage(route: string) {
  const file = route.endsWith('/') ? `${route}index.html` : `${route}/index.html`;
  const html = fs.readFileSync(path.join(BUILD_DIR, file), 'utf8');
  // A code line ends in <br>: keep it as the line break a reader copies.
  const $ = cheerio.load(html.replace(/<br\s*\/?>/g, '\n'));
  const article = $('article .theme-doc-markdown');
  return {
    title: squash($('article h1').first().text()),
    headings: article
      .find('h2, h3, h4, h5, h6')
      .map((_, h) => squash($(h).text()))
      .get(),
    code: article
      .find('pre code')
      .map((_, code) => $(code).text().replace(/\n$/, ''))
      .get(),
    tabs: article
      .find('[role="tab"]')
      .map((_, tab) => squash($(tab).text()))
      .get(),
  };
}

function twinOf(route: string) {
  const file = path.join(BUILD_DIR, twinPathOf(route));
  expect(fs.existsSync(file), `${route}: no twin at ${twinPathOf(route)}`).toBe(true);
  const markdown = fs.readFileSync(file, 'utf8');
  const tree: Root = fromMarkdown(markdown);
  const headings: Heading[] = [];
  const code: string[] = [];
  const strong: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'heading') headings.push(node as Heading);
    if (node.type === 'code') code.push((node as Code).value);
    if (node.type === 'strong') strong.push(toString(node as Strong));
  });
  return {markdown, headings, code, strong};
}

describe('Markdown twins', () => {
  it.each(DOC_ROUTES.map((route) => [route.path]))(
    '%s: the twin holds the title, every heading, code block and tab label of the page',
    (route) => {
      const page = builtPage(route);
      const twin = twinOf(route);
      expect(twin.markdown.split('\n')[0]).toBe(
        `> The index of this documentation for agents: ${SITE}/llms.txt`,
      );
      const titles = twin.headings.filter((h) => h.depth === 1).map((h) => toString(h));
      expect(titles).toEqual([page.title]);
      expect(twin.headings.filter((h) => h.depth > 1).map((h) => squash(toString(h)))).toEqual(
        page.headings,
      );
      for (const code of page.code) expect(twin.code, `${route}: a code block`).toContain(code);
      for (const tab of page.tabs) expect(twin.strong).toContain(`Tab: ${tab}`);
    },
  );

  it('writes a diagram as its text alternative and its source, and links absolute', () => {
    const twin = twinOf('/try-fsc/docker/provide-an-api');
    expect(twin.strong).toContain(
      'Diagram: A request from curl through Outway and Inway to the echo API.',
    );
    expect(twin.markdown).toMatch(/```mermaid\nsequenceDiagram\n/);
    const links = [...twin.markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^(https?:|mailto:)/);
  });
});

describe('llms.txt and llms-full.txt', () => {
  // Read once the build is made (the file's beforeAll), not while the tests are collected.
  let llms = '';
  beforeAll(() => {
    llms = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  });

  it('has the site name, a summary, and every sidebar route once, linked to its twin, in sidebar order', () => {
    expect(llms.startsWith('# FSC documentation\n\n> FSC (Federated Service Connectivity)')).toBe(
      true,
    );
    const linked = [...llms.matchAll(/^- \[[^\]]+\]\((\S+)\): \S/gm)].map((m) => m[1]!);
    expect(linked).toEqual(DOC_ROUTES.map((route) => `${SITE}${twinPathOf(route.path)}`));
    const sections = [...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual([...new Set(DOC_ROUTES.map((route) => route.category))]);
  });

  it('llms-full.txt holds every twin in sidebar order', () => {
    const full = fs.readFileSync(path.join(BUILD_DIR, 'llms-full.txt'), 'utf8');
    let from = 0;
    for (const route of DOC_ROUTES) {
      const at = full.indexOf(twinOf(route.path).markdown, from);
      expect(at, route.path).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });
});
