/**
 * `npm run search:evidence` ranks again only the queries an entry can affect: these tests prove,
 * on a tiny index, that the selection holds every query whose rank moves when the entry is left
 * out (plurals and runs of words as the engine reads them), and that the figures follow.
 */
import {describe, expect, it} from 'vitest';
import {compactSynonyms} from '../src/compactEntries';
import {
  entryEffects,
  queriesBySynonymKey,
  queriesOfRule,
  queriesOfSynonym,
} from '../src/evaluation/searchEvidence';
import {evaluateEngine, type EvalQuery} from '../src/evaluation/searchEvaluation';
import {createSearchEngine} from '../src/engine';
import {records, rules, synonyms} from './support/tinyIndex';

const query = (q: string, expect: string, set: number): EvalQuery => ({
  q,
  kind: 'keyword',
  expect: [expect],
  set,
  use: set === 1 ? 'train' : 'heldout',
});
const queries = [
  query('vernieuwen', '/renew', 2), // 0
  query('vernieuw', '/renew', 3), // 1: the fresh set, counted nowhere
  query('mutual tls setup', '/tls', 2), // 2: "mutual tls" is a run; "tls" alone is not looked up
  query('certs', '/renew', 1), // 3: the plural of "cert"
  query('handshake certificate', '/tls', 1), // 4: the best bet's pattern
  query('renew', '/renew', 2), // 5: no synonym
  query('certificaat', '/renew', 2), // 6: two typos from "certificate" anyway
];
/** Set 2 is the evidence, set 1 train, set 3 the fresh set. */
const groupOf = (q: EvalQuery): boolean | null => (q.set === 3 ? null : q.set === 2);
const engine = createSearchEngine({records, synonyms, rules});

describe("search:evidence's queries of an entry", () => {
  const byKey = queriesBySynonymKey(queries, synonyms);
  const of = (id: string) =>
    queriesOfSynonym(
      synonyms.find((e) => e.objectID === id)!,
      byKey,
    );

  it('are those whose words meet its words as the engine looks them up', () => {
    expect(of('nl-certificaat')).toEqual([6]);
    expect(of('nl-vernieuwen')).toEqual([0, 1]);
    expect(of('mtls')).toEqual([2]);
    expect(of('tls')).toEqual([]); // inside the longer run "mutual tls"
    expect(of('cert')).toEqual([3]);
    expect(queriesOfRule(rules[0]!, queries)).toEqual([4]);
  });

  it('hold every query whose rank moves when the entry is left out', () => {
    const ranks = (e: typeof engine) => evaluateEngine(e, queries).outcomes.map((o) => o.rank);
    const all = ranks(engine);
    const moved = (without: typeof engine) =>
      ranks(without).flatMap((rank, i) => (rank !== all[i] ? [i] : []));
    for (const entry of synonyms) {
      const without = engine.withSearchData({synonyms: synonyms.filter((e) => e !== entry), rules});
      expect(of(entry.objectID)).toEqual(expect.arrayContaining(moved(without)));
    }
    const withoutRule = engine.withSearchData({synonyms, rules: []});
    expect(moved(withoutRule)).toEqual([4]);
    // not every query an entry meets moves ("certificaat" is found through typos anyway)
    expect(moved(engine.withSearchData({synonyms: [], rules}))).toEqual([0, 1, 3]);
  });
});

describe("search:evidence's figures", () => {
  it('give the MRR change on the evidence and train queries when an entry is left out', () => {
    const effects = entryEffects(engine, {synonyms, rules}, queries, groupOf);
    const byId = new Map(effects.map((e) => [e.objectID, e]));
    // 4 evidence queries: "vernieuwen" finds nothing without its synonym (1 -> 0); the fresh
    // set's "vernieuw" is not counted.
    expect(byId.get('nl-vernieuwen')).toMatchObject({
      kind: 'synonym',
      evidence: {met: 1, moved: 1, mrrWithout: -1 / 4},
      train: {met: 0, moved: 0, mrrWithout: 0},
    });
    expect(byId.get('nl-certificaat')).toMatchObject({
      evidence: {met: 1, moved: 0, mrrWithout: 0},
    });
    expect(byId.get('cert')).toMatchObject({
      evidence: {met: 0, moved: 0, mrrWithout: 0},
      train: {met: 1, moved: 1, mrrWithout: -1 / 2},
    });
    expect(byId.get('best-bet-tls')?.kind).toBe('best bet');
    expect(byId.get('best-bet-tls')?.train.met).toBe(1);
    const entry = byId.get('mtls')!;
    // Its bytes as the index file writes it, shorter than the entry itself.
    expect(entry.bytes).toBe(JSON.stringify(compactSynonyms(synonyms)[2]).length + 1);
    expect(entry.bytes).toBeLessThan(JSON.stringify(synonyms[2]).length);
    expect(entry.gzipBytes).toBeGreaterThan(0);
    expect(entry.gzipBytes).toBeLessThan(entry.bytes);
  });
});
