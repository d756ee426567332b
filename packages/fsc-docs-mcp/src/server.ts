/** The MCP server: three tools over one DocsSession. */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {asDocumentation, DATA_NOTE} from './asDocumentation';
import {DocsSession, type Hit} from './docsSession';
import type {SiteSource} from './siteSource';

const SERVER_NAME = 'fsc-docs';
const SERVER_VERSION = '0.1.0';

const text = (value: string) => ({content: [{type: 'text' as const, text: value}]});

function formatHits(hits: readonly Hit[]): string {
  if (hits.length === 0) return 'No results.';
  const list = hits
    .map((hit, i) =>
      [
        `${i + 1}. ${hit.title}`,
        `   Section: ${hit.sectionPath.join(' > ')}`,
        `   URL: ${hit.url}`,
        ...(hit.snippet ? [`   ${hit.snippet}`] : []),
      ].join('\n'),
    )
    .join('\n\n');
  return asDocumentation('search hits: titles, sections, URLs and snippets of pages', list, 'text');
}

export function createServer(source: SiteSource): McpServer {
  const session = new DocsSession(source);
  const server = new McpServer({name: SERVER_NAME, version: SERVER_VERSION});

  server.registerTool(
    'search_docs',
    {
      title: 'Search the FSC documentation',
      description:
        'Searches the FSC and OpenFSC documentation as the site search does. Returns the top hits with ' +
        'title, section path, URL of the section and a text snippet. Pass a URL to read_page for the text. ' +
        DATA_NOTE,
      inputSchema: {
        query: z.string().min(1).describe('Words or a question, e.g. "renew the certificate"'),
        section: z
          .string()
          .optional()
          .describe('Only this sidebar section, e.g. "Try FSC with Helm" (list_pages names them)'),
        limit: z.number().int().min(1).max(20).optional().describe('How many hits (default 5)'),
      },
    },
    async ({query, section, limit}) =>
      text(formatHits(await session.search(query, section, limit ?? 5))),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a documentation page as Markdown',
      description:
        'Returns a page of the FSC documentation as Markdown (every tab written out, diagrams as ' +
        'text), or one section of it when the URL has an anchor or `section` is given. ' +
        DATA_NOTE,
      inputSchema: {
        page: z
          .string()
          .min(1)
          .describe('A route (/try-fsc/helm/6-manager) or a URL of the site, anchor allowed'),
        section: z
          .string()
          .optional()
          .describe('The anchor of one section, e.g. "check-the-manager"'),
      },
    },
    async ({page, section}) =>
      text(asDocumentation('a page as Markdown', await session.readPage(page, section))),
  );

  server.registerTool(
    'list_pages',
    {
      title: 'List the documentation pages',
      description:
        'The sidebar of the FSC documentation: its sections, and each page with its URL and description (llms.txt). ' +
        DATA_NOTE,
      inputSchema: {},
    },
    async () => text(asDocumentation('llms.txt, the list of pages', await session.llmsTxt())),
  );

  return server;
}
