// @ts-check
// The package's TypeScript modules, for its scripts and benchmarks, which Node runs as they are:
// jiti transpiles each module on import, and the map below gives each its type, so that
// `npx tsc --noEmit` checks what the scripts do with it.
import {createJiti} from 'jiti';

const jiti = createJiti(import.meta.url);

/**
 * @typedef {{
 *   bestBets: typeof import('../src/bestBets');
 *   engine: typeof import('../src/engine');
 *   engineFromIndexFile: typeof import('../src/engineFromIndexFile');
 *   indexFileFormat: typeof import('../src/indexFileFormat');
 *   indexSettings: typeof import('../src/indexSettings');
 *   language: typeof import('../src/language');
 *   modalGroups: typeof import('../src/modalGroups');
 *   queryPrior: typeof import('../src/queryPrior');
 *   questionRules: typeof import('../src/questionRules');
 *   text: typeof import('../src/text');
 *   'build/findIndexFile': typeof import('../src/build/findIndexFile');
 *   'build/judgedQueries': typeof import('../src/build/judgedQueries');
 *   'build/learnPrior': typeof import('../src/build/learnPrior');
 *   'build/priorFile': typeof import('../src/build/priorFile');
 *   'build/push': typeof import('../src/build/push');
 *   'build/searchFiles': typeof import('../src/build/searchFiles');
 *   'build/shardFiles': typeof import('../src/build/shardFiles');
 *   'evaluation/searchEvaluation': typeof import('../src/evaluation/searchEvaluation');
 *   'evaluation/searchEvidence': typeof import('../src/evaluation/searchEvidence');
 *   'evaluation/searchExplain': typeof import('../src/evaluation/searchExplain');
 *   'evaluation/searchTop3': typeof import('../src/evaluation/searchTop3');
 * }} SearchModules
 */

/**
 * The module at `src/<name>.ts`.
 * @template {keyof SearchModules} Name
 * @param {Name} name
 * @returns {Promise<SearchModules[Name]>}
 */
export function loadSearch(name) {
  return jiti.import(`../src/${name}.ts`);
}
