/**
 * fsc-docs-mcp: a local MCP server (stdio) over the FSC documentation.
 *
 *   fsc-docs-mcp [--site URL]    the published site (default https://docs.fsc.nlx.io)
 *   fsc-docs-mcp --build DIR     a local build of the site
 *
 * Everything it answers comes from that site or build: its search index, llms.txt and twins.
 * Standard output carries the protocol only; messages go to standard error.
 */
import {parseArgs} from 'node:util';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {createServer} from './server';
import {buildSource, PRODUCTION_SITE, siteSource, type SiteSource} from './siteSource';

const USAGE = 'usage: fsc-docs-mcp [--site URL | --build DIR]';

function sourceOf(argv: string[]): SiteSource {
  const {values} = parseArgs({
    args: argv,
    options: {site: {type: 'string'}, build: {type: 'string'}, help: {type: 'boolean'}},
  });
  if (values.help) {
    console.error(USAGE);
    process.exit(0);
  }
  if (values.site && values.build)
    throw new Error(`--site and --build exclude each other\n${USAGE}`);
  if (values.build) return buildSource(values.build);
  const site = values.site ?? PRODUCTION_SITE;
  if (!/^https?:\/\//.test(site)) throw new Error(`--site must be an http(s) URL: ${site}`);
  return siteSource(site);
}

try {
  const source = sourceOf(process.argv.slice(2));
  await createServer(source).connect(new StdioServerTransport());
  console.error(`fsc-docs-mcp: answering from ${source.label}`);
} catch (error) {
  console.error(`fsc-docs-mcp: ${(error as Error).message}`);
  process.exit(2);
}
