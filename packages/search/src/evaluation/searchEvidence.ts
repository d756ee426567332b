/**
 * What each synonym entry and each best bet earns (`npm run search:evidence`): the change in MRR on
 * the evidence queries (held-out sets, the fresh set aside) and on the train queries when the entry
 * is left out, and its bytes in the index. Only the queries an entry can affect are ranked again:
 * those whose words meet the entry's words as the engine reads them (synonymRuns, the rules' own
 * matching); leaving an entry out changes nothing for any other query.
 */
import {gzipSync} from 'node:zlib';
import {compactRules, compactSynonyms} from '../compactEntries';
import type {SearchEngine} from '../engine';
import type {QueryPrior} from '../queryPrior';
import {MAX_QUERY_WORDS, synonymRuns} from '../query';
import {compileQueryRules, type QueryRule} from '../queryRules';
import {compileSynonyms, synonymSources, type SynonymEntry} from '../synonyms';
import {terms} from '../text';
import {evaluateEngine, type EvalQuery} from './searchEvaluation';
import {synonymKey, type SearchData} from './searchExplain';

/**
 * Per synonym key, the queries (their indexes) where the engine finds it: at a run of the query's
 * words it looks up, the longest at each word first, as it does when it parses the query.
 */
export function queriesBySynonymKey(
  queries: readonly Pick<EvalQuery, 'q'>[],
  synonyms: readonly SynonymEntry[],
): Map<string, number[]> {
  const table = compileSynonyms(synonyms);
  const byKey = new Map<string, number[]>();
  queries.forEach(({q}, i) => {
    for (const {keys} of synonymRuns(terms(q).slice(0, MAX_QUERY_WORDS), table)) {
      for (const key of keys) byKey.set(key, [...(byKey.get(key) ?? []), i]);
    }
  });
  return byKey;
}

/** The queries a synonym entry applies to (indexes, ascending), from queriesBySynonymKey. */
export function queriesOfSynonym(
  entry: SynonymEntry,
  byKey: ReadonlyMap<string, readonly number[]>,
): number[] {
  const keys = new Set(synonymSources(entry).map(synonymKey));
  return [...new Set([...keys].flatMap((key) => byKey.get(key) ?? []))].sort((a, b) => a - b);
}

/** The queries a query rule applies to (indexes, ascending): those holding one of its patterns. */
export function queriesOfRule(rule: QueryRule, queries: readonly Pick<EvalQuery, 'q'>[]): number[] {
  const compiled = compileQueryRules([rule]);
  return queries.flatMap(({q}, i) => (compiled.filtersFor(q).length > 0 ? [i] : []));
}

/** Figures of one group of queries: the evidence or the train queries. */
interface GroupEffect {
  /** Queries the entry applies to. */
  met: number;
  /** Of those, the ones whose first expected page moves when the entry is left out. */
  moved: number;
  /** The group's MRR without the entry minus with it (negative: the entry helps). */
  mrrWithout: number;
}

export interface EntryEffect {
  kind: 'synonym' | 'best bet';
  objectID: string;
  evidence: GroupEffect;
  train: GroupEffect;
  /** Its JSON in the index file. */
  bytes: number;
  /** Its share of the gzipped index, estimated from its share of its kind's bytes. */
  gzipBytes: number;
}

/** Which queries are evidence (true), train (false) or neither (null: the fresh set). */
export type QueryGroup = (query: EvalQuery) => boolean | null;

const reciprocal = (rank: number | null): number => (rank ? 1 / rank : 0);

/**
 * The bytes of each entry as the index file writes it (`written`, in the entries' order: see
 * compactEntries.ts), and the gzip ratio of its kind's list as a whole.
 */
function sizes(written: readonly unknown[]): {bytes: (i: number) => number; ratio: number} {
  const json = JSON.stringify(written);
  const ratio = written.length > 0 ? gzipSync(json).length / json.length : 0;
  return {bytes: (i) => JSON.stringify(written[i]).length + 1, ratio}; // + 1: the comma
}

/**
 * The effect of leaving out each synonym entry and each rule of `data`, with which `engine` ranks:
 * the queries each applies to are ranked again without it, re-ordered with the build's `prior` as
 * the site does (the prior held as it is: it is learned from the best bets too).
 */
export function entryEffects(
  engine: SearchEngine,
  data: SearchData,
  queries: readonly EvalQuery[],
  groupOf: QueryGroup,
  prior: QueryPrior | null = null,
): EntryEffect[] {
  const ranksOf = (e: SearchEngine, some: readonly EvalQuery[]) =>
    evaluateEngine(e, some, {}, 'ranked', prior).outcomes.map((o) => o.rank);
  const baseline = ranksOf(engine, queries);
  const groups = queries.map(groupOf);
  const evidenceCount = groups.filter((g) => g === true).length;
  const trainCount = groups.filter((g) => g === false).length;

  function effect(met: readonly number[], without: SearchEngine): [GroupEffect, GroupEffect] {
    const counted = met.filter((i) => groups[i] !== null);
    const ranks = ranksOf(
      without,
      counted.map((i) => queries[i] as EvalQuery),
    );
    const figures = (evidence: boolean, count: number): GroupEffect => {
      const mine = counted.flatMap((i, k) => (groups[i] === evidence ? [k] : []));
      const change = mine.reduce(
        (sum, k) =>
          sum + reciprocal(ranks[k] ?? null) - reciprocal(baseline[counted[k] as number] ?? null),
        0,
      );
      return {
        met: mine.length,
        moved: mine.filter((k) => ranks[k] !== baseline[counted[k] as number]).length,
        mrrWithout: count > 0 ? change / count : 0,
      };
    };
    return [figures(true, evidenceCount), figures(false, trainCount)];
  }

  const byKey = queriesBySynonymKey(queries, data.synonyms);
  const synonymSize = sizes(compactSynonyms(data.synonyms));
  const synonyms = data.synonyms.map((entry, i): EntryEffect => {
    const without = engine.withSearchData({
      synonyms: data.synonyms.filter((other) => other !== entry),
      rules: data.rules,
    });
    const [evidence, train] = effect(queriesOfSynonym(entry, byKey), without);
    const bytes = synonymSize.bytes(i);
    const gzipBytes = bytes * synonymSize.ratio;
    return {kind: 'synonym', objectID: entry.objectID, evidence, train, bytes, gzipBytes};
  });
  const ruleSize = sizes(compactRules(data.rules));
  const rules = data.rules.map((rule, i): EntryEffect => {
    const without = engine.withSearchData({
      synonyms: data.synonyms,
      rules: data.rules.filter((other) => other !== rule),
    });
    const [evidence, train] = effect(queriesOfRule(rule, queries), without);
    const bytes = ruleSize.bytes(i);
    const gzipBytes = bytes * ruleSize.ratio;
    return {kind: 'best bet', objectID: rule.objectID, evidence, train, bytes, gzipBytes};
  });
  return [...synonyms, ...rules];
}

const signed = (value: number): string =>
  value === 0 ? ' 0     ' : `${value > 0 ? '+' : '-'}${Math.abs(value).toFixed(4).slice(1)}`;

/** One line per entry, those whose removal costs the evidence queries most first.
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function formatEffects(effects: readonly EntryEffect[]): string {
  const sorted = [...effects].sort(
    (a, b) =>
      a.evidence.mrrWithout - b.evidence.mrrWithout ||
      a.train.mrrWithout - b.train.mrrWithout ||
      b.gzipBytes - a.gzipBytes,
  );
  const lines = [
    'MRR change when the entry is left out (negative: it helps), on the evidence and on the train',
    'queries, with the queries it applies to and those it moves; its bytes in the index (gzip estimated)',
    `${'entry'.padEnd(50)}${'evidence'.padEnd(19)}${'train'.padEnd(19)}bytes (gzip)`,
  ];
  for (const e of sorted) {
    const group = (g: GroupEffect) => `${signed(g.mrrWithout)} ${g.moved}/${g.met}`.padEnd(19);
    lines.push(
      `${`${e.kind} ${e.objectID}`.padEnd(50)}${group(e.evidence)}${group(e.train)}${e.bytes} (${Math.round(e.gzipBytes)})`,
    );
  }
  for (const kind of ['synonym', 'best bet'] as const) {
    const mine = effects.filter((e) => e.kind === kind);
    const idle = mine.filter((e) => e.evidence.moved === 0);
    const kb = (list: readonly EntryEffect[]) =>
      (list.reduce((s, e) => s + e.gzipBytes, 0) / 1024).toFixed(1);
    lines.push(
      `${kind} entries: ${mine.length} (${kb(mine)} KB gzip); ${idle.length} move no evidence query (${kb(idle)} KB gzip)`,
    );
  }
  return lines.join('\n');
}
