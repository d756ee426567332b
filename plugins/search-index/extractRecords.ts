/**
 * Built HTML of one page -> DocSearch v3 records, in the layout of the
 * DocSearch crawler's Docusaurus template:
 *
 * - lvl0: the page's section: the sidebar category it sits in (the
 *   breadcrumb before the page; the category itself on a category's own
 *   index page); 'Documentation' for pages outside a category; the site
 *   title for the home page.
 * - lvl1: `article h1` (or `header h1`, `main h1`, `<title>`).
 * - lvl2…lvl6: h2…h6 inside the markdown container (`.theme-doc-markdown`).
 * - content: `p, li, td:last-child` inside that container; code blocks, tab
 *   buttons, hash links, breadcrumbs and pagination left out. A table row's
 *   record holds its other cells too, before the last one ("config.sslMode —
 *   require — …"): the setting or name a row describes is what readers type.
 *
 * Each record's url is the page URL plus the anchor of the nearest preceding
 * heading; `weight.level` follows DocSearch (lvl0 100, lvl1 90 … lvl6 40,
 * content 0) and `weight.position` is the record's order in the page.
 */
import {createHash} from 'node:crypto';
import {load, type CheerioAPI} from 'cheerio';
import {
  HIERARCHY_LEVELS,
  type DocSearchRecord,
  type Hierarchy,
  type HierarchyLevel,
  type RecordType,
} from '../../src/search/types';
import {CONCEPT_SECTION} from '../../src/search/questionRules';

const DEFAULT_LVL0 = 'Documentation';
/** weight.pageRank of the concept pages' records (DocSearch's customRanking sorts it first, descending). */
const CONCEPT_PAGE_RANK = 1;

export interface ExtractOptions {
  /** lvl0 of the home page. */
  siteTitle: string;
  /** True for the site's home page (lvl0 = site title). */
  isHomePage?: boolean;
  /** Fallbacks when the page has no docsearch meta tags. */
  defaultLanguage?: string;
  defaultTag?: string;
}

/** Not indexed: code, diagrams, UI chrome that sits inside the content. */
const NOISE = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'pre',
  'button',
  '.hash-link',
  '.theme-code-block',
  '[class*="codeBlockContainer"]',
  '.docusaurus-mermaid-container',
  '[role="tablist"]',
  '.theme-doc-toc-mobile',
  '.theme-doc-breadcrumbs',
  '.pagination-nav',
  '.theme-doc-footer',
  '.theme-edit-this-page',
].join(', ');

const CONTENT_SELECTOR = 'p, li, td:last-child';
const WALK_SELECTOR = `h2, h3, h4, h5, h6, ${CONTENT_SELECTOR}`;

const LEVEL_WEIGHT: Record<RecordType, number> = {
  lvl0: 100,
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

function cleanText(text: string): string {
  return text
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function emptyHierarchy(): Hierarchy {
  return {lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
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

/** Extracts the records of one built page. `pageUrl` must be absolute. */
export function extractRecords(
  html: string,
  pageUrl: string,
  options: ExtractOptions,
): DocSearchRecord[] {
  const url = new URL(pageUrl); // throws on a relative URL
  url.hash = '';
  const urlWithoutAnchor = url.href;
  const $ = load(html);
  if (isNoIndex($)) return [];

  const language =
    $('meta[name="docsearch:language"]').attr('content') ?? options.defaultLanguage ?? 'en';
  const tag =
    $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? options.defaultTag ?? 'default';
  const lvl0 = options.isHomePage ? options.siteTitle : (sectionOf($) ?? DEFAULT_LVL0);
  const lvl1 = pageTitle($);

  $(NOISE).remove();

  // Among records that tie on every other criterion, the pages that define FSC's concepts come first.
  const pageRank = lvl0 === CONCEPT_SECTION ? CONCEPT_PAGE_RANK : 0;
  const records: DocSearchRecord[] = [];
  const hierarchy = emptyHierarchy();
  hierarchy.lvl0 = lvl0;
  hierarchy.lvl1 = lvl1;
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
      language,
      docusaurus_tag: tag,
    });
  };

  if (lvl1) push('lvl1', null);

  let container = $('.theme-doc-markdown').first();
  if (container.length === 0) container = $('main article').first();
  if (container.length === 0) container = $('main').first();
  if (container.length === 0) container = $('.main-wrapper').first();
  if (container.length === 0) return records;

  container.find(WALK_SELECTOR).each((_i, el) => {
    const $el = $(el);
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
