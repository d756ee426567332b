/**
 * The scripts of `/search`'s route, named in its own HTML as `<link rel="preload" as="script">`
 * (issue 38, Lighthouse on `/search?q=`). The HTML Docusaurus writes names only the entry's
 * scripts (runtime and main), so the route's chunks were asked for once main.js had run: a round
 * trip and their bytes after main.js's evaluation, before the page could hydrate and search.
 * Preloaded, they download beside main.js, and the runtime's script elements take the preloaded
 * answers (same URL, a classic script, no CORS), so each is fetched once. Only the search page's
 * HTML gets them: on any other page they would cost every reader bytes.
 *
 * Not preloaded (tried, not kept): the sharded index's manifest and table, which the page asks
 * for when its chunk runs, beside the worker's script; the worker's script and its chunk take
 * longer, and Lighthouse's simulated LCP leaves a worker's requests out. Nor the worker's script:
 * Chromium knows no `as="worker"`, and a worker does not take a document's preload, so it would
 * be fetched twice.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';

/** Written by Docusaurus into its generated files (`.docusaurus/`) while it builds. */
const ROUTES_CHUNK_NAMES = 'routesChunkNames.json';
const CLIENT_MANIFEST = 'client-manifest.json';

/** The part of the client manifest (react-loadable-ssr-addon) read here. */
interface ClientManifest {
  entrypoints: string[];
  /** A chunk's name -> the ids of the chunks it needs. */
  origins: Record<string, string[]>;
  assets: Record<string, {js?: {publicPath: string}[]}>;
}

/** The chunk names of a route's modules: the strings of a nested object. */
function chunkNames(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(chunkNames);
  return [];
}

/**
 * The scripts a route loads besides the entry's (runtime and main), by their public paths, as
 * Docusaurus's server render would name them had its route components reported chunk names (they
 * report module paths, which the manifest is not keyed by). Throws when the route or a chunk is
 * missing: an upgrade of Docusaurus that changed these files must fail the build, not drop the
 * preloads unseen.
 */
export async function routeScripts(generatedFilesDir: string, route: string): Promise<string[]> {
  const read = async (file: string): Promise<unknown> =>
    JSON.parse(await readFile(path.join(generatedFilesDir, file), 'utf8'));
  const routes = (await read(ROUTES_CHUNK_NAMES)) as Record<string, unknown>;
  const manifest = (await read(CLIENT_MANIFEST)) as ClientManifest;
  // Keyed by the route's path and a short hash of the route: `/search-5de`.
  const keys = Object.keys(routes).filter((key) => key.slice(0, key.lastIndexOf('-')) === route);
  if (keys.length === 0)
    throw new Error(`[search-index] ${ROUTES_CHUNK_NAMES} names no route ${route}`);
  const ofEntry = new Set(manifest.entrypoints.flatMap((entry) => manifest.origins[entry] ?? []));
  const scripts = new Set<string>();
  for (const name of keys.flatMap((key) => chunkNames(routes[key]))) {
    const ids = manifest.origins[name];
    if (!ids) throw new Error(`[search-index] ${CLIENT_MANIFEST} has no chunk ${name} (${route})`);
    for (const id of ids.filter((id) => !ofEntry.has(id)))
      for (const {publicPath} of manifest.assets[id]?.js ?? []) scripts.add(publicPath);
  }
  return [...scripts];
}

/** `html` with a preload link for each script right before `</head>`; null without a `</head>`. */
export function withScriptPreloads(html: string, scripts: readonly string[]): string | null {
  const at = html.search(/<\/head>/i);
  if (at === -1) return null;
  const links = scripts.map(
    (href) => `<link rel="preload" href="${href.replace(/"/g, '&quot;')}" as="script">`,
  );
  return html.slice(0, at) + links.join('') + html.slice(at);
}
