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
import path from 'node:path';
import {createServer} from './server';
import {buildSource, PRODUCTION_SITE, siteSource, type SiteSource} from './siteSource';
import {StdioTransport} from './stdioTransport';

const USAGE = 'usage: fsc-docs-mcp [--site URL | --build DIR]';

/** The source, and what it is for this machine's user (a build's absolute path). */
function sourceOf(argv: string[]): {source: SiteSource; where: string} {
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
  if (values.build) return {source: buildSource(values.build), where: path.resolve(values.build)};
  const site = values.site ?? PRODUCTION_SITE;
  if (!/^https?:\/\//.test(site)) throw new Error(`--site must be an http(s) URL: ${site}`);
  const source = siteSource(site);
  return {source, where: source.label};
}

try {
  const {source, where} = sourceOf(process.argv.slice(2));
  await createServer(source).connect(new StdioTransport());
  console.error(`fsc-docs-mcp: answering from ${where}`);
} catch (error) {
  console.error(`fsc-docs-mcp: ${(error as Error).message}`);
  process.exit(2);
}
