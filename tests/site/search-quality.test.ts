import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { evaluateEngine, formatReport, loadQueries, QUERIES_FILE } from '../../plugins/search-index/evaluate';
import { findIndexFile } from '../../plugins/search-index/indexFile';
import { loadIndex } from '../../src/search/indexData';

const ROOT = path.join(__dirname, '..', '..');

it('puts an expected page in the top 3 for at least 10 of 12 reader queries (built site)', async () => {
  let file: string;
  try {
    file = await findIndexFile(path.join(ROOT, 'build'));
  } catch (e) {
    expect.fail(
      `search quality needs the built site's search index: ${(e as Error).message}. ` +
        'Run `npm run build` before the unit tests.',
    );
  }
  const queries = await loadQueries(path.join(ROOT, QUERIES_FILE));
  const engine = loadIndex(await readFile(file, 'utf8'));
  const summary = evaluateEngine(engine, queries);
  const report = formatReport(summary);
  console.log(report);
  const needed = Math.ceil((queries.length * 10) / 12);
  expect(summary.top3, `only ${summary.top3}/${summary.total} queries have an expected page in the top 3:\n${report}`)
    .toBeGreaterThanOrEqual(needed);
});
