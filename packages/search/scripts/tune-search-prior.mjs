#!/usr/bin/env node
// @ts-check
// npm run search:tune-prior [-- [build directory]]
// Chooses the query-to-page prior's settings (PRIOR_SETTINGS in plugins/search-index/learnPrior.ts)
// by leave-one-set-out cross-validation over the TRAIN sets of the judged queries: for each train
// set, the prior is learned from the other train sets and the best bets, and that set's queries are
// ranked with it through the engine over the built index, as the site's client ranks them. Heldout
// queries are never read (readTrainQueries drops them). Prints each setting's pooled MRR, as ranked
// and in the modal's order, and the best by their mean.
import {createJiti} from 'jiti';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const jiti = createJiti(import.meta.url);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const {findIndexFile} = /** @type {typeof import('../src/build/findIndexFile')} */ (
  await jiti.import('../src/build/findIndexFile.ts')
);
const {engineFromIndexFile} = /** @type {typeof import('../src/engineFromIndexFile')} */ (
  await jiti.import('../src/engineFromIndexFile.ts')
);
const {JUDGED_QUERIES_FILE, learnPrior, priorExamples, readTrainQueries, PRIOR_SETTINGS} =
  /** @type {typeof import('../src/build/learnPrior')} */ (
    await jiti.import('../src/build/learnPrior.ts')
  );
const {BEST_BETS_FILE} = /** @type {typeof import('../src/build/searchFiles')} */ (
  await jiti.import('../src/build/searchFiles.ts')
);
const {checkBestBets} = /** @type {typeof import('../src/bestBets')} */ (
  await jiti.import('../src/bestBets.ts')
);
const {fusedPage, priorWindow} = /** @type {typeof import('../src/queryPrior')} */ (
  await jiti.import('../src/queryPrior.ts')
);
const {backEndHits, EVAL_DEPTH, inModalOrder, pagePath} =
  /** @type {typeof import('../src/evaluation/searchEvaluation')} */ (
    await jiti.import('../src/evaluation/searchEvaluation.ts')
  );

const buildDir = path.resolve(root, process.argv[2] ?? 'build');
const engine = engineFromIndexFile(await readFile(await findIndexFile(buildDir), 'utf8'));
const queries = await readTrainQueries(path.join(root, JUDGED_QUERIES_FILE));
const bets = checkBestBets(
  JSON.parse(await readFile(path.join(root, BEST_BETS_FILE), 'utf8')),
  BEST_BETS_FILE,
);
const window = /** @type {NonNullable<ReturnType<typeof priorWindow>>} */ (
  priorWindow(0, EVAL_DEPTH)
);
// The engine's answers do not depend on the prior: ask once per query.
const windows = queries.map((query) => backEndHits(engine, query.q, {}, window.hitsPerPage));
const sets = [...new Set(queries.map((query) => query.set))].sort((a, b) => a - b);
console.log(
  `${queries.length} train queries in sets ${sets.join(', ')}; ${bets.length} best bets\n`,
);

/** @param {string[]} urls @param {string[]} expect */
function reciprocalRank(urls, expect) {
  const expected = new Set(expect.map(pagePath));
  const i = urls.findIndex((url) => expected.has(pagePath(url)));
  return i === -1 ? 0 : 1 / (i + 1);
}

// Narrowed from a first run over lambda 0.25-3, alpha 0.02-0.5, minWordCount 1-3 and
// bestBetWeight 1-4 (best: lambda 1, alpha 0.5, minWordCount 2, bestBetWeight 4).
const grid = {
  lambda: [0.75, 1, 1.25],
  alpha: [0.3, 0.5, 1, 2],
  minWordCount: [2],
  bestBetWeight: [2, 4, 8],
};
const results = [];
for (const minWordCount of grid.minWordCount) {
  for (const bestBetWeight of grid.bestBetWeight) {
    const base = {...PRIOR_SETTINGS, minWordCount, bestBetWeight};
    // One table per left-out set, learned from the other train sets.
    const tables = new Map(
      sets.map((set) => [
        set,
        learnPrior(
          priorExamples(
            queries.filter((query) => query.set !== set),
            bets,
            base,
          ),
          base,
        ),
      ]),
    );
    for (const lambda of grid.lambda) {
      for (const alpha of grid.alpha) {
        let ranked = 0;
        let modal = 0;
        const priors = new Map([...tables].map(([set, table]) => [set, {...table, lambda, alpha}]));
        queries.forEach((query, i) => {
          const prior = /** @type {import('../src/queryPrior').QueryPrior} */ (
            priors.get(query.set)
          );
          const hits = fusedPage(windows[i] ?? [], query.q, prior, window);
          ranked += reciprocalRank(
            hits.map((hit) => hit.url ?? ''),
            query.expect,
          );
          modal += reciprocalRank(
            inModalOrder(hits).map((hit) => hit.url ?? ''),
            query.expect,
          );
        });
        results.push({
          settings: {lambda, alpha, minWordCount, bestBetWeight},
          ranked: ranked / queries.length,
          modal: modal / queries.length,
        });
      }
    }
  }
}
// Without the prior, for comparison: the window's first page as the back end ranked it.
let ranked = 0;
let modal = 0;
queries.forEach((query, i) => {
  const hits = (windows[i] ?? []).slice(0, EVAL_DEPTH);
  ranked += reciprocalRank(
    hits.map((hit) => hit.url ?? ''),
    query.expect,
  );
  modal += reciprocalRank(
    inModalOrder(hits).map((hit) => hit.url ?? ''),
    query.expect,
  );
});
const score = (/** @type {{ranked: number, modal: number}} */ r) => (r.ranked + r.modal) / 2;
results.sort((a, b) => score(b) - score(a));
console.log(
  `no prior: ranked ${(ranked / queries.length).toFixed(4)}, modal ${(modal / queries.length).toFixed(4)}`,
);
console.log('best 15 (leave-one-train-set-out MRR, ranked and in the modal order):');
for (const r of results.slice(0, 15))
  console.log(
    `  ${JSON.stringify(r.settings)} ranked ${r.ranked.toFixed(4)} modal ${r.modal.toFixed(4)}`,
  );
