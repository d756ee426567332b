/**
 * A page's content -> DocSearch v3 records, for the build (from built HTML: extractRecords) and the
 * development server (from a doc's rendered Markdown and the facts it holds: docContentRecords), in the layout of the
 * DocSearch crawler's Docusaurus template:
 *
 * - lvl0: the page's section: the sidebar category it sits in (the
 *   breadcrumb before the page; the category itself on a category's own
 *   index page); 'Documentation' for pages outside a category; the site
 *   title for the home page.
 * - lvl1: `article h1` (or `header h1`, `main h1`, `<title>`).
 * - lvl2…lvl6: h2…h6 inside the markdown container (`.theme-doc-markdown`).
 * - content: `p, li, td:last-child` inside that container; tab buttons, hash
 *   links, breadcrumbs and pagination left out. A table row's record holds its
 *   other cells too, before the last one ("config.sslMode — require — …"): the
 *   setting or name a row describes is what readers type. A shell code block
 *   gives a record of its title and the start of its commands (see
 *   codeBlockText); other code is left out.
 *
 * Each record's url is the page URL plus the anchor of the nearest preceding
 * heading; `weight.level` follows DocSearch (lvl0 100, lvl1 90 … lvl6 40,
 * content 0), `weight.position` is the record's order in the page and `weight.pageRank` is 1 on the
 * leading pages (LEADING_PAGE_RANK), 0 elsewhere.
 */
import {createHash} from 'node:crypto';
import {load, type Cheerio, type CheerioAPI} from 'cheerio';
import type {AnyNode} from 'domhandler';
import {
  HIERARCHY_LEVELS,
  LEVEL_WEIGHT,
  type DocSearchRecord,
  type Hierarchy,
  type HierarchyLevel,
  type RecordType,
} from '../types';
import {CONCEPT_SECTION} from '../questionRules';

export const DEFAULT_LVL0 = 'Documentation';
/**
 * weight.pageRank of the leading pages' records: the concept pages, and the page that opens each
 * sidebar category, where a reader starting that section lands (DocSearch's customRanking sorts
 * it first, descending).
 */
const LEADING_PAGE_RANK = 1;

export interface ExtractOptions {
  /** lvl0 of the home page. */
  siteTitle: string;
  /** True for the site's home page (lvl0 = site title). */
  isHomePage?: boolean;
  /** Fallbacks when the page has no docsearch meta tags. */
  defaultLanguage?: string;
  defaultTag?: string;
}

/** Not indexed: diagrams, UI chrome that sits inside the content. */
const NOISE = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'button',
  '.hash-link',
  '.docusaurus-mermaid-container',
  '[role="tablist"]',
  '.theme-doc-toc-mobile',
  '.theme-doc-breadcrumbs',
  '.pagination-nav',
  '.theme-doc-footer',
  '.theme-edit-this-page',
].join(', ');

const CONTENT_SELECTOR = 'p, li, td:last-child';
/** A code block as the theme renders it: `language-*` on the container, a title, a line per span. */
const CODE_BLOCK = '.theme-code-block';
const WALK_SELECTOR = `h2, h3, h4, h5, h6, ${CONTENT_SELECTOR}, ${CODE_BLOCK}`;

/**
 * Code blocks whose text is indexed. Readers paste commands ("kubectl port-forward outway"), and
 * the docs' commands sit in bash blocks. YAML, JSON and text blocks are left out: measured with
 * `npm run eval:search`, their keys and values made configuration-key queries rank the values
 * files above the section that explains the key, and gained nothing elsewhere.
 */
const INDEXED_CODE_LANGUAGES = new Set(['bash']);
/**
 * A code record keeps the start of the block: the first commands say what the block does, and a
 * long script would otherwise outweigh the prose around it (250 ranked best of 250, 400, 1,000 and
 * 3,000 characters in `npm run eval:search`).
 */
const CODE_RECORD_CHARACTERS = 250;

/** The record text of a code block (title, then its lines joined), or '' when it is not indexed. */
function codeBlockText($: CheerioAPI, block: Cheerio<AnyNode>): string {
  const language = /(?:^|\s)language-(\S+)/.exec(block.attr('class') ?? '')?.[1];
  if (!language || !INDEXED_CODE_LANGUAGES.has(language)) return '';
  const title = cleanText(block.find('[class*="codeBlockTitle"]').first().text());
  const code = cleanText(
    block
      .find('.token-line')
      .toArray()
      .map((line) => $(line).text())
      .join('\n')
      // A line continued with a backslash reads as one command.
      .replace(/\\\n/g, ' '),
  );
  // Cut between words (cleanText left single spaces).
  const lastSpace = code.lastIndexOf(' ', CODE_RECORD_CHARACTERS);
  const start =
    code.length <= CODE_RECORD_CHARACTERS
      ? code
      : code.slice(0, lastSpace > 0 ? lastSpace : CODE_RECORD_CHARACTERS);
  return [title, start].filter(Boolean).join(' — ');
}

function cleanText(text: string): string {
  return text
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function emptyHierarchy(): Hierarchy {
  return {lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
}

/**
 * Whether a doc page opens its sidebar category: the category's own page (its link is the
 * category's), or the category's first item.
 */
function opensSectionOf($: CheerioAPI): boolean {
  const link = $('.theme-doc-sidebar-menu a.menu__link--active').last();
  if (link.parent('.menu__list-item-collapsible').length > 0) return true;
  const list = link.closest('ul.menu__list');
  if (list.closest('li.theme-doc-sidebar-item-category').length === 0) return false;
  return list.children('li').first().find('a.menu__link').first().is(link);
}

/** The sidebar section of a doc page, or null outside any category. */
function sectionOf($: CheerioAPI): string | null {
  const labels = $('.theme-doc-breadcrumbs li.breadcrumbs__item')
    .toArray()
    .map((li) => cleanText($(li).text()))
    .filter((label) => label !== ''); // the home item is an icon only
  if (labels.length >= 2) return labels[labels.length - 2] ?? null;
  if (labels.length === 1) {
    // A category's own index page: the category is its only breadcrumb.
    const isCategoryPage =
      $('.theme-doc-sidebar-item-category > .menu__list-item-collapsible > a[aria-current="page"]')
        .length > 0;
    if (isCategoryPage) return labels[0] ?? null;
  }
  return null;
}

function pageTitle($: CheerioAPI): string | null {
  for (const selector of ['article h1', 'header h1', 'main h1', 'h1']) {
    const h1 = $(selector).first();
    if (h1.length > 0) {
      const text = cleanText(h1.clone().find('.hash-link').remove().end().text());
      if (text) return text;
    }
  }
  const title = cleanText($('head > title').first().text());
  return title ? (title.split(' | ')[0] ?? title) : null;
}

function isNoIndex($: CheerioAPI): boolean {
  const robots = $('meta[name="robots"]').attr('content') ?? '';
  return /\bnoindex\b/i.test(robots);
}

function objectIdFor(pageUrl: string, position: number): string {
  return `${createHash('sha1').update(pageUrl).digest('hex').slice(0, 12)}-${position}`;
}

/**
 * What a page's records take from outside its content: the build reads it from the built page
 * (builtPageFacts), the development server knows it from the docs plugin.
 */
export interface PageFacts {
  /** hierarchy.lvl0: the page's section. */
  section: string;
  /** hierarchy.lvl1: the page's title, or null for none. */
  title: string | null;
  /** True for the page that opens its sidebar category: the category's own page, or its first item. */
  opensSection: boolean;
  /** `docsearch:language` and `docsearch:docusaurus_tag`. */
  language: string;
  tag: string;
}

/** The facts of one built page, from its meta tags, breadcrumbs and h1 (build only). */
function builtPageFacts($: CheerioAPI, options: ExtractOptions): PageFacts {
  return {
    section: options.isHomePage ? options.siteTitle : (sectionOf($) ?? DEFAULT_LVL0),
    title: pageTitle($),
    opensSection: !options.isHomePage && opensSectionOf($),
    language:
      $('meta[name="docsearch:language"]').attr('content') ?? options.defaultLanguage ?? 'en',
    tag:
      $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? options.defaultTag ?? 'default',
  };
}

/** Where a built page keeps its content: the Markdown container, else the nearest wrapper. */
function builtContentContainer($: CheerioAPI): Cheerio<AnyNode> | null {
  for (const selector of ['.theme-doc-markdown', 'main article', 'main', '.main-wrapper']) {
    const container = $(selector).first();
    if (container.length > 0) return container;
  }
  return null;
}

/**
 * The records of a page: its title, then the headings and content of its content container, with
 * what is not content (NOISE) left out. The one record layout of the build and the development
 * server. `pageUrl` must be absolute.
 */
function contentRecords(
  $: CheerioAPI,
  container: Cheerio<AnyNode> | null,
  facts: PageFacts,
  pageUrl: string,
): DocSearchRecord[] {
  const url = new URL(pageUrl); // throws on a relative URL
  url.hash = '';
  const urlWithoutAnchor = url.href;
  // Among records that tie on every other criterion, the pages that define FSC's concepts and the
  // pages that open a section come first.
  const leads = facts.section === CONCEPT_SECTION || facts.opensSection;
  const pageRank = leads ? LEADING_PAGE_RANK : 0;
  const records: DocSearchRecord[] = [];
  const hierarchy = emptyHierarchy();
  hierarchy.lvl0 = facts.section;
  hierarchy.lvl1 = facts.title;
  let anchor: string | null = null;

  const push = (type: RecordType, content: string | null): void => {
    const position = records.length;
    records.push({
      objectID: objectIdFor(urlWithoutAnchor, position),
      url: anchor ? `${urlWithoutAnchor}#${anchor}` : urlWithoutAnchor,
      url_without_anchor: urlWithoutAnchor,
      anchor,
      type,
      hierarchy: {...hierarchy},
      content,
      weight: {level: LEVEL_WEIGHT[type], position, pageRank},
      language: facts.language,
      docusaurus_tag: facts.tag,
    });
  };

  if (facts.title) push('lvl1', null);
  if (!container) return records;
  container.find(NOISE).remove();
  container.find(WALK_SELECTOR).each((_i, el) => {
    const $el = $(el);
    if ($el.is(CODE_BLOCK)) {
      const text = codeBlockText($, $el);
      if (text) push('content', text);
      return;
    }
    const tagName = String($el.prop('tagName') ?? '').toLowerCase();
    const headingMatch = /^h([2-6])$/.exec(tagName);
    if (headingMatch) {
      const depth = Number(headingMatch[1]);
      const text = cleanText($el.text());
      if (!text) return;
      const level = `lvl${depth}` as HierarchyLevel;
      hierarchy[level] = text;
      for (const deeper of HIERARCHY_LEVELS.slice(depth + 1)) hierarchy[deeper] = null;
      const id = $el.attr('id');
      if (id) anchor = id;
      push(level, null);
      return;
    }
    // A card-like list item holding a heading: its heading and paragraphs
    // give their own records; what is left (link labels) is not content and
    // would come out before the heading.
    if ($el.find('h2, h3, h4, h5, h6').length > 0) return;
    // Own text only: nested content elements and headings give their own records.
    const cells = tagName === 'td' ? $el.parent().children('td').toArray() : [el];
    const text = cells
      .map((cell) => {
        const own = $(cell).clone();
        own.find(`${WALK_SELECTOR}, table, ul, ol`).remove();
        return cleanText(own.text());
      })
      .filter(Boolean)
      .join(' — ');
    if (text) push('content', text);
  });

  return records;
}

/** Extracts the records of one built page. `pageUrl` must be absolute. */
export function extractRecords(
  html: string,
  pageUrl: string,
  options: ExtractOptions,
): DocSearchRecord[] {
  const $ = load(html);
  if (isNoIndex($)) return [];
  // The facts first: the breadcrumbs they are read from are left out of the content.
  const facts = builtPageFacts($, options);
  return contentRecords($, builtContentContainer($), facts, pageUrl);
}

/**
 * The records of a doc in the development server, from the HTML of its content container (its
 * rendered Markdown) and the facts the docs plugin holds. A title the Markdown gives itself (an h1)
 * is the one the theme shows, as in the build.
 */
export function docContentRecords(
  containerHtml: string,
  facts: PageFacts,
  pageUrl: string,
): DocSearchRecord[] {
  const $ = load(containerHtml, null, false);
  const ownTitle = cleanText($('h1').first().text());
  return contentRecords($, $.root(), {...facts, title: ownTitle || facts.title}, pageUrl);
}
