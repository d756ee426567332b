/**
 * Writes the query-to-page prior (packages/search/src/queryPrior.ts) into the build as its own
 * content-hashed file, `search-prior.<hash8>.json`, and names it in every page by
 * `<meta name="fsc:search-prior">`: in embedded and hosted mode alike, since the site's client
 * re-orders either back end's hits with it.
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {readdir, unlink, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {serializePrior} from '../priorFileFormat';
import {PRIOR_META_NAME, type QueryPrior} from '../queryPrior';
import {formatBytes, tagHtmlFiles} from './buildIndex';
import {JUDGED_QUERIES_FILE} from './judgedQueries';
import {
  learnPrior,
  priorExamples,
  PHRASINGS_FILE,
  PRIOR_SETTINGS,
  readPhrasings,
  readTrainQueries,
} from './learnPrior';
import {BEST_BETS_FILE, readBestBets} from './searchFiles';

const PRIOR_FILE_PATTERN = /^search-prior\.[0-9a-f]{8}\.json$/;

/**
 * Whether the build in `outDir` has a page at `page` (its path without the base URL), as Docusaurus
 * writes one: `<page>/index.html`, or `<page>.html` with trailingSlash false.
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function isBuiltPage(outDir: string, page: string): boolean {
  const file = path.join(outDir, ...page.split('/'));
  return existsSync(path.join(file, 'index.html')) || existsSync(`${file}.html`);
}

/**
 * Learns the prior from the site's train queries, best bets and writers' phrasings and writes it
 * into `outDir`, tagging every page. Returns its file name, sizes and table (which the sharded
 * index carries too).
 */
export async function buildPriorFile(options: {
  outDir: string;
  siteDir: string;
  baseUrl: string;
  log?: (message: string) => void;
}): Promise<{fileName: string; bytes: number; gzipBytes: number; prior: QueryPrior}> {
  const {outDir, siteDir, baseUrl} = options;
  const log = options.log ?? ((m: string) => console.log(m));
  // Every judged query's pages must be pages of this build (a heldout one's too: a wrong path
  // would count as a miss in the evaluation).
  const queries = await readTrainQueries(path.join(siteDir, JUDGED_QUERIES_FILE), (page) =>
    isBuiltPage(outDir, page),
  );
  const bets = await readBestBets(path.join(siteDir, BEST_BETS_FILE));
  const phrasings = await readPhrasings(path.join(siteDir, PHRASINGS_FILE), (page) =>
    isBuiltPage(outDir, page),
  );
  const prior = learnPrior(
    priorExamples(queries, bets, PRIOR_SETTINGS, phrasings),
    PRIOR_SETTINGS,
    baseUrl,
  );
  const json = serializePrior(prior);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 8);
  const fileName = `search-prior.${hash}.json`;
  for (const old of await readdir(outDir)) {
    if (PRIOR_FILE_PATTERN.test(old) && old !== fileName) await unlink(path.join(outDir, old));
  }
  await writeFile(path.join(outDir, fileName), json);
  const publicPath = `${baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`}${fileName}`;
  const tagged = await tagHtmlFiles(outDir, PRIOR_META_NAME, publicPath, log);
  const bytes = Buffer.byteLength(json);
  const gzipBytes = gzipSync(json, {level: 9}).length;
  log(
    `[search-index] query-to-page prior from ${queries.length} train queries, ${bets.length} best bets ` +
      `and the phrasings of ${phrasings.length} pages ` +
      `(${prior.pages.length} pages, ${Object.keys(prior.words).length} words) -> ${fileName}: ` +
      `${formatBytes(bytes)} raw, ${formatBytes(gzipBytes)} gzip; meta tag added to ${tagged} HTML files`,
  );
  return {fileName, bytes, gzipBytes, prior};
}

/** The prior file of a build, or null when it has none (built with SEARCH_PRIOR=off, or hosted before it existed). */
export async function findPriorFile(buildDir: string): Promise<string | null> {
  const found = (await readdir(buildDir)).filter((name) => PRIOR_FILE_PATTERN.test(name));
  return found.length === 1 && found[0] ? path.join(buildDir, found[0]) : null;
}
