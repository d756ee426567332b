/**
 * The first three hits of every judged query on the real index, pinned in
 * packages/search/data/search-top3.tsv: a change to ranking, synonyms or content shows as the queries whose
 * top 3 moved, one line each, and the file grows by one line per judged query.
 * `npm run eval:search -- --update-top3` rewrites it from the build; the search-quality test
 * (tests/site) reads the published build and names the queries whose top 3 differ.
 *
 * The file: comment lines (#), the pages (id, tab, path), an empty line, then one line per judged
 * query: the query, a tab and the pages of its first three hits as ranked (a page once per hit), as
 * ids. A page's id is its last path segment, or its path without the first slash when another page
 * ends in the same segment: short lines a reviewer can read without the table. A hit on the page of
 * the hit before is written SAME_PAGE: most queries' three hits share a page, and writing its id
 * again made up a fifth of the file.
 */
import path from 'node:path';
import {pagePath, type EvalSummary} from './searchEvaluation';

/** Relative to the repository root. */
export const TOP3_FILE = path.join('packages', 'search', 'data', 'search-top3.tsv');

/** Each query's pages of its first three hits, in the summary's order. */
export function top3Of(summary: EvalSummary): Map<string, string[]> {
  return new Map(summary.outcomes.map((o) => [o.q, o.urls.slice(0, 3).map(pagePath)]));
}

/** A query line's pages when it has no hit (a line never ends in white space). */
const NO_HITS = '-';
/** A hit on the same page as the hit before it. */
const SAME_PAGE = '=';

function pageIds(paths: Iterable<string>): Map<string, string> {
  const pages = [...new Set(paths)].sort();
  const lastSegment = (page: string) => page.split('/').pop() || '/';
  const sharing = new Map<string, number>();
  for (const page of pages)
    sharing.set(lastSegment(page), (sharing.get(lastSegment(page)) ?? 0) + 1);
  return new Map(
    pages.map((page) => [
      page,
      sharing.get(lastSegment(page)) === 1 ? lastSegment(page) : page.slice(1) || '/',
    ]),
  );
}

export function formatTop3(top3: ReadonlyMap<string, readonly string[]>): string {
  const ids = pageIds([...top3.values()].flat());
  const lines = [
    '# The pages of the first three hits of each judged query (packages/search/data/search-queries.tsv) on the',
    "# published build's index, as eval:search ranks them. Written by",
    '# `npm run eval:search -- --update-top3` after a build; tests/site/search-quality.test.ts names the',
    '# queries whose top 3 moved. The pages (id, path), then one query a line (query, ids; "=" is the',
    '# page of the hit before).',
    ...[...ids].map(([page, id]) => `${id}\t${page}`),
    '',
    ...[...top3].map(([q, pages]) => {
      const written = pages.map((page, i) => (page === pages[i - 1] ? SAME_PAGE : ids.get(page)));
      return `${q}\t${written.join(' ') || NO_HITS}`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

/** The file's top 3 per query, as page paths. */
export function parseTop3(text: string): Map<string, string[]> {
  const lines = text.replace(/\n$/, '').split('\n');
  const firstPage = lines.findIndex((line) => !line.startsWith('#'));
  const empty = lines.indexOf('', firstPage);
  if (firstPage === -1 || empty === -1)
    throw new Error(`${TOP3_FILE}: no empty line after the pages`);
  const pages = new Map<string, string>();
  for (const line of lines.slice(firstPage, empty)) {
    const [id, page] = line.split('\t');
    if (!id || !page?.startsWith('/')) throw new Error(`${TOP3_FILE}: not a page: ${line}`);
    pages.set(id, page);
  }
  return new Map(
    lines.slice(empty + 1).map((line) => {
      const [q, ids] = line.split('\t');
      if (!q || !ids) throw new Error(`${TOP3_FILE}: not a query and its pages: ${line}`);
      const paths: (string | undefined)[] = [];
      for (const id of ids === NO_HITS ? [] : ids.split(' '))
        paths.push(id === SAME_PAGE ? paths.at(-1) : pages.get(id));
      if (paths.some((page) => page === undefined))
        throw new Error(`${TOP3_FILE}: a page id not in the table, or "=" first: ${line}`);
      return [q, paths as string[]];
    }),
  );
}

/** One line per query whose top 3 differs between the file and now, or that only one of them has. */
export function top3Changes(
  pinned: ReadonlyMap<string, readonly string[]>,
  now: ReadonlyMap<string, readonly string[]>,
): string[] {
  const listed = (pages: readonly string[] | undefined) =>
    pages === undefined ? 'not in the file' : pages.join(', ') || 'no hits';
  const changes = [...now]
    .filter(([q, pages]) => listed(pinned.get(q)) !== listed(pages))
    .map(
      ([q, pages]) => `${JSON.stringify(q)}: was ${listed(pinned.get(q))}; now ${listed(pages)}`,
    );
  for (const q of pinned.keys())
    if (!now.has(q)) changes.push(`${JSON.stringify(q)}: in the file, but no longer judged`);
  return changes;
}
