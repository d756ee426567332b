/**
 * What one MCP session knows of the site: the search client over the published index, the pages
 * (from llms.txt) and the twins read so far. The index file's name, read from the home page's
 * `fsc:search-index` meta tag, is checked again at most once a minute; a new name (a new
 * deployment) drops the client and the cached pages.
 *
 * Search goes through the site's own client (packages/search/src/algoliaClient.ts): the same engine, the
 * same question rules and whatever the index file holds (synonyms included), with the parameters
 * the site's DocSearch modal sends.
 */
import {createSearchClient, type SearchClient} from '@fsc-docs/search/algoliaClient';
import type {FetchLike} from '@fsc-docs/search/embeddedRequester';
import {INDEX_META_NAME} from '@fsc-docs/search/indexFileFormat';
import {LLMS_TXT} from '../../../src/agentDocs/twinPath';
import {sectionsOf} from './sections';
import {SiteError, type SiteSource} from './siteSource';

const RECHECK_MS = 60_000;
const INDEX_NAME = 'docs-fsc';

/** What DocSearch's modal sends on this site (Docusaurus's contextual search, English docs). */
const MODAL_PARAMS = {
  facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
  attributesToRetrieve: [
    ...[0, 1, 2, 3, 4, 5, 6].map((level) => `hierarchy.lvl${level}`),
    'content',
    'type',
    'url',
  ],
  hitsPerPage: 20,
};

export interface Page {
  title: string;
  /** The page's URL path (`/try-fsc/helm/6-manager`). */
  route: string;
  /** The twin's URL path. */
  twin: string;
  section: string;
  description: string;
}

export interface Hit {
  title: string;
  sectionPath: string[];
  url: string;
  snippet: string;
}

interface RawHit {
  url: string;
  type: string;
  hierarchy: Record<string, string | null>;
  _snippetResult?: {content?: {value?: string}};
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'"};
/** The engine's snippets are HTML-escaped text; an agent gets the text. */
const unescapeHtml = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * An argument as an error message names it: its kind and length, never its text (an agent's input
 * may be megabytes, or words that should not come back to it as the server's).
 */
export const given = (kind: string, value: string) =>
  `the ${kind} given (${value.length} characters)`;

/** `- [Title](https://site/route.md): description` lines of llms.txt, under `## Section`. */
function pagesOfLlmsTxt(text: string): Page[] {
  const pages: Page[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1]!.trim();
    const item = /^- \[(.+?)\]\((\S+?)\)(?::\s*(.*))?$/.exec(line);
    if (!item) continue;
    const twin = new URL(item[2]!).pathname;
    const route = twin.endsWith('/index.md')
      ? twin.slice(0, -'index.md'.length)
      : twin.slice(0, -3);
    pages.push({title: item[1]!, route, twin, section, description: item[3]?.trim() ?? ''});
  }
  return pages;
}

/** A route, a page URL or a twin URL, with or without an anchor -> path and anchor. */
function parsePageRef(ref: string): {path: string; anchor: string} {
  const url = new URL(ref.trim(), 'https://page.invalid');
  let path = decodeURIComponent(url.pathname);
  if (path.endsWith('/index.md')) path = path.slice(0, -'index.md'.length);
  else if (path.endsWith('.md')) path = path.slice(0, -3);
  return {path, anchor: decodeURIComponent(url.hash.replace(/^#/, ''))};
}

export class DocsSession {
  private indexName: string | null = null;
  private checkedAt = 0;
  private client: SearchClient | null = null;
  private pages: Promise<Page[]> | null = null;
  private readonly twins = new Map<string, Promise<string>>();

  constructor(
    private readonly source: SiteSource,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the index file's name again when the last check is a minute old; a new name resets all. */
  private async current(): Promise<SearchClient> {
    if (!this.client || this.now() - this.checkedAt >= RECHECK_MS) {
      const home = await this.source.read('/');
      const name = new RegExp(`<meta name="?${INDEX_META_NAME}"? content="?([^"\\s>]+)`).exec(
        home,
      )?.[1];
      if (!name) {
        throw new Error(
          `${this.source.label} names no search index (no ${INDEX_META_NAME} meta tag on its home page)`,
        );
      }
      this.checkedAt = this.now();
      if (name !== this.indexName || !this.client) {
        this.indexName = name;
        this.pages = null;
        this.twins.clear();
        this.client = createSearchClient({
          mode: 'embedded',
          indexUrl: () => name,
          fetch: this.fetcher(),
        });
      }
    }
    return this.client;
  }

  /** The search client's view of the source: every file it asks for comes from the site. */
  private fetcher(): FetchLike {
    return async (url) => {
      try {
        const text = await this.source.read(url);
        return {ok: true, status: 200, json: async () => JSON.parse(text), text: async () => text};
      } catch (error) {
        if (!(error instanceof SiteError) || !error.missing) throw error;
        return {ok: false, status: 404, json: async () => null, text: async () => ''};
      }
    };
  }

  async listPages(): Promise<Page[]> {
    await this.current();
    this.pages ??= this.source.read(`/${LLMS_TXT}`).then(pagesOfLlmsTxt);
    const pages = this.pages;
    pages.catch(() => {
      if (this.pages === pages) this.pages = null;
    });
    return pages;
  }

  async llmsTxt(): Promise<string> {
    await this.current();
    return this.source.read(`/${LLMS_TXT}`);
  }

  async search(query: string, section?: string, limit = 5): Promise<Hit[]> {
    const client = await this.current();
    const facetFilters = [...MODAL_PARAMS.facetFilters];
    if (section) {
      const sections = [...new Set((await this.listPages()).map((page) => page.section))];
      const known = sections.find((name) => name.toLowerCase() === section.trim().toLowerCase());
      if (!known) {
        throw new Error(
          `No sidebar section matches ${given('section', section)}. The sections are: ${sections.join(', ')}.`,
        );
      }
      facetFilters.push(`hierarchy.lvl0:${known}`);
    }
    const answer = client.search({
      requests: [
        {
          indexName: INDEX_NAME,
          query,
          ...MODAL_PARAMS,
          facetFilters,
          attributesToSnippet: ['content:40'],
          snippetEllipsisText: '…',
          highlightPreTag: '',
          highlightPostTag: '',
        },
      ],
    });
    // The embedded requester reports a failed index load as an unreachable host.
    const {results} = await answer.catch((error: unknown) => {
      throw new Error(
        `The search index of ${this.source.label} could not be loaded: ${(error as Error).message}`,
      );
    });
    const hits = ((results[0] as {hits?: RawHit[]}).hits ?? []).slice(0, limit);
    return hits.map((hit) => {
      const sectionPath = [0, 1, 2, 3, 4, 5, 6]
        .map((level) => hit.hierarchy[`lvl${level}`])
        .filter((part): part is string => Boolean(part));
      const level = /^lvl(\d)$/.exec(hit.type)?.[1];
      const title =
        (level ? hit.hierarchy[`lvl${level}`] : null) ?? sectionPath[sectionPath.length - 1] ?? '';
      const snippet = unescapeHtml(hit._snippetResult?.content?.value ?? '');
      return {title, sectionPath, url: hit.url, snippet};
    });
  }

  /** The twin of a page (a route or URL), or one section of it by anchor. */
  async readPage(ref: string, anchorArg?: string): Promise<string> {
    const {path, anchor: fromRef} = parsePageRef(ref);
    const anchor = (anchorArg ?? '').replace(/^#/, '') || fromRef;
    const pages = await this.listPages();
    const page =
      pages.find((p) => p.route === path) ??
      pages.find((p) => p.route.replace(/\/$/, '') === path.replace(/\/$/, ''));
    if (!page) {
      throw new Error(
        `No page of ${this.source.label} matches ${given('page', ref)}. list_pages names every page (for example ${pages[0]?.route ?? '/'}).`,
      );
    }
    let twin = this.twins.get(page.twin);
    if (!twin) {
      twin = this.source.read(page.twin);
      this.twins.set(page.twin, twin);
      twin.catch(() => this.twins.delete(page.twin));
    }
    const markdown = await twin;
    if (!anchor) return markdown;
    const sections = sectionsOf(markdown);
    const found = sections.find((section) => section.anchor === anchor);
    if (!found) {
      throw new Error(
        `The page ${page.route} has no section matching ${given('anchor', anchor)}. Its sections: ${sections.map((s) => `#${s.anchor}`).join(', ')}.`,
      );
    }
    return found.markdown;
  }
}
