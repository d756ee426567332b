/** The MCP server: three tools over one DocsSession. */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {asDocumentation, DATA_NOTE} from './asDocumentation';
import {DocsSession, given, type Hit} from './docsSession';
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

/** Longer arguments are refused before any work: none of the site's routes, queries or anchors come near. */
const MAX_QUERY = 500;
const MAX_PAGE = 2_000;
const MAX_SECTION = 200;

type RawHandler = (request: {params?: {name?: unknown}}, extra: unknown) => Promise<unknown>;

/**
 * The SDK answers a call of a tool it does not have with a message that repeats the name it was
 * given, whatever its length. Such a call is answered here instead; the SDK keeps its handlers in a
 * private map (tests/unit/mcp-server.test.ts fails if that changes).
 */
function refuseUnknownTools(server: McpServer, tools: readonly string[]) {
  const handlers = (server.server as unknown as {_requestHandlers: Map<string, RawHandler>})
    ._requestHandlers;
  const callTool = handlers.get('tools/call');
  if (!callTool) throw new Error('The MCP SDK has no tools/call handler where one was expected');
  handlers.set('tools/call', async (request, extra) => {
    const name = request.params?.name;
    if (typeof name === 'string' && tools.includes(name)) return callTool(request, extra);
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `No tool matches ${typeof name === 'string' ? given('name', name) : 'the name given'}. The tools are: ${tools.join(', ')}.`,
        },
      ],
    };
  });
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
        query: z
          .string()
          .min(1)
          .max(MAX_QUERY)
          .describe('Words or a question, e.g. "renew the certificate"'),
        section: z
          .string()
          .max(MAX_SECTION)
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
          .max(MAX_PAGE)
          .describe('A route (/try-fsc/helm/6-manager) or a URL of the site, anchor allowed'),
        section: z
          .string()
          .max(MAX_SECTION)
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

  refuseUnknownTools(server, ['search_docs', 'read_page', 'list_pages']);
  return server;
}
