/**
 * The judged reader queries (JUDGED_QUERIES_FILE): what readers type and the pages that answer it,
 * in a tab-separated file a writer edits by hand, one query a line. The build learns the
 * query-to-page prior from its train sets (learnPrior.ts); the evaluation (eval:search, the
 * search-quality test) ranks all of them.
 *
 * The file: comment lines (#) for people, then the sets table, headed `set use about` (each set's
 * number, its use, and where it came from), then the queries table, headed `set kind query expect`
 * (the query's set, its kind, the text as typed, and the paths of the pages that answer it, best
 * first, separated by spaces); empty lines are ignored. A set's use is declared once, in its row,
 * so that a set moves from heldout to train whole. A line that does not fit fails the load, naming
 * the file and the line.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';

/** Relative to the repository root: the one place that names the file. */
export const JUDGED_QUERIES_FILE = path.join('packages', 'search', 'data', 'search-queries.tsv');

/** What a reader typed: the kinds of JUDGED_QUERIES_FILE (its comment says what each holds). */
export const QUERY_KINDS = [
  'keyword',
  'question',
  'config-key',
  'symptom',
  'command',
  'task',
  'synonym',
  'typo',
  'short',
  'dutch',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/**
 * What a judged query may be used for, as its set says: train (studied, tuned and trained on) or
 * heldout (never read one by one, tuned or trained on; reported apart).
 */
const QUERY_USES = ['train', 'heldout'] as const;
export type QueryUse = (typeof QUERY_USES)[number];

export interface JudgedQuery {
  q: string;
  kind: QueryKind;
  /** The paths of the pages that answer it (without the base URL), best first. */
  expect: string[];
  /** The judged set the query came from (the sets table says who wrote each and when). */
  set: number;
  /** Its set's use. */
  use: QueryUse;
}

const SETS_HEADER = ['set', 'use', 'about'];
const QUERIES_HEADER = ['set', 'kind', 'query', 'expect'];

/**
 * The judged queries of the file's text, in the file's order. `source` names the file in errors;
 * given `isPage` (a path without the base URL), every expected page must be one.
 */
export function parseJudgedQueries(
  text: string,
  source: string,
  isPage?: (page: string) => boolean,
): JudgedQuery[] {
  const uses = new Map<number, QueryUse>();
  const queries: JudgedQuery[] = [];
  const seen = new Set<string>();
  const pageChecked = new Map<string, boolean>();
  let table: 'none' | 'sets' | 'queries' = 'none';
  text.split('\n').forEach((line, i) => {
    const fail = (problem: string) => new Error(`${source}:${i + 1}: ${problem}`);
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split('\t');
    const header = cells.join(' ');
    if (table === 'none' || (table === 'sets' && header === QUERIES_HEADER.join(' '))) {
      const expected = table === 'none' ? SETS_HEADER : QUERIES_HEADER;
      if (header !== expected.join(' '))
        throw fail(`expected the header ${JSON.stringify(expected.join('\t'))}, not ${line}`);
      table = table === 'none' ? 'sets' : 'queries';
      return;
    }
    const columns = table === 'sets' ? SETS_HEADER : QUERIES_HEADER;
    if (cells.length !== columns.length)
      throw fail(`${cells.length} columns, not ${columns.length} (${columns.join(', ')}): ${line}`);
    const set = Number(cells[0]);
    if (!/^\d+$/.test(cells[0]!)) throw fail(`the set is not a number: ${line}`);
    if (table === 'sets') {
      const [, use, about] = cells;
      if (uses.has(set)) throw fail(`set ${set} is declared twice`);
      if (!QUERY_USES.includes(use as QueryUse))
        throw fail(
          `set ${set} needs a use (${QUERY_USES.join(' or ')}), not ${JSON.stringify(use)}`,
        );
      if (!about?.trim()) throw fail(`set ${set} needs an about: who wrote it, when`);
      uses.set(set, use as QueryUse);
      return;
    }
    const [, kind, q, pages] = cells as [string, string, string, string];
    const use = uses.get(set);
    if (use === undefined) throw fail(`set ${set} is not in the sets table: ${line}`);
    if (!QUERY_KINDS.includes(kind as QueryKind))
      throw fail(`${JSON.stringify(q)} needs a kind (${QUERY_KINDS.join(', ')}), not ${kind}`);
    if (!q || q !== q.trim())
      throw fail(`the query is empty or starts or ends in a space: ${line}`);
    if (seen.has(q)) throw fail(`${JSON.stringify(q)} is judged twice`);
    seen.add(q);
    const expect = pages.split(' ');
    for (const page of expect) {
      if (!pageChecked.has(page))
        pageChecked.set(page, page.startsWith('/') && (isPage?.(page) ?? true));
      if (!pageChecked.get(page))
        throw fail(`${JSON.stringify(q)} expects ${JSON.stringify(page)}, not a page of the site`);
    }
    queries.push({q, kind: kind as QueryKind, expect, set, use});
  });
  if (queries.length === 0) throw new Error(`${source}: no queries`);
  return queries;
}

/** The judged queries of `file` (parseJudgedQueries). */
export async function readJudgedQueries(
  file: string,
  isPage?: (page: string) => boolean,
): Promise<JudgedQuery[]> {
  const name = path.relative(process.cwd(), file) || file;
  return parseJudgedQueries(await readFile(file, 'utf8'), name, isPage);
}
