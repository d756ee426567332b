import {mkdtemp, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  evaluate,
  formatSetTable,
  formatTable,
  inModalOrder,
  loadQueries,
  type EvalQuery,
} from '../src/evaluation/searchEvaluation';
import {formatTop3, parseTop3, top3Changes} from '../src/evaluation/searchTop3';

describe("eval:search's table", () => {
  it('keeps its columns apart when a kind counts a thousand queries or more', () => {
    const queries: EvalQuery[] = Array.from({length: 1107}, (_, i) => ({
      q: `query ${i}`,
      kind: 'keyword',
      expect: ['/a'],
      set: i % 5 === 0 ? 2 : 1,
      use: i % 5 === 0 ? 'heldout' : 'train',
    }));
    const table = formatTable(evaluate(queries, () => ['https://docs.example.org/a']));
    const all = table.split('\n').find((line) => line.startsWith('all'));
    expect(all).toMatch(
      /^all +1\.000 1107\/1107 1107\/1107 +1\.000 885\/885 885\/885 +1\.000 222\/222 222\/222$/,
    );
  });
});

describe('the judged sets', () => {
  async function judgedFile(data: unknown): Promise<string> {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'judged-')), 'queries.json');
    await writeFile(file, JSON.stringify(data));
    return file;
  }
  const sets = [
    {set: 1, use: 'train', about: 'studied'},
    {set: 2, use: 'heldout', about: 'written blind'},
  ];
  const query = (q: string, set: number) => ({q, kind: 'keyword', set, expect: ['/a']});

  it("give each query its set's number and use", async () => {
    const file = await judgedFile({sets, queries: [query('one', 1), query('two', 2)]});
    expect(await loadQueries(file)).toEqual([
      {q: 'one', kind: 'keyword', expect: ['/a'], set: 1, use: 'train'},
      {q: 'two', kind: 'keyword', expect: ['/a'], set: 2, use: 'heldout'},
    ]);
  });

  it('refuse a query without a declared set, a use of its own, or a set without a use', async () => {
    for (const [data, error] of [
      [{sets, queries: [query('one', 3)]}, /"one" needs a set of those in sets/],
      [{sets, queries: [{...query('one', 2), use: 'train'}]}, /"one" needs a set of those in sets/],
      [{sets: [{set: 1}], queries: [query('one', 1)]}, /set 1 needs a use/],
    ] as const) {
      await expect(loadQueries(await judgedFile(data))).rejects.toThrow(error);
    }
  });

  it('are reported one by one, with their use', () => {
    const queries: EvalQuery[] = [
      {q: 'found first', kind: 'keyword', expect: ['/a'], set: 2, use: 'heldout'},
      {q: 'found second', kind: 'keyword', expect: ['/b'], set: 2, use: 'heldout'},
      {q: 'found', kind: 'task', expect: ['/a'], set: 0, use: 'train'},
    ];
    const summary = evaluate(queries, () => ['/a', '/b']);
    expect(summary.byUse.heldout.mrr).toBe(0.75);
    expect(formatSetTable(summary).split('\n')).toEqual([
      'set  use      (MRR, top-1, top-3)',
      '0    train    1.000 1/1 1/1',
      '2    heldout  0.750 1/2 2/2',
    ]);
  });
});

describe('inModalOrder', () => {
  const hit = (id: string, lvl0: string, lvl1: string) => ({id, hierarchy: {lvl0, lvl1}});

  it("lists the hits as DocSearch's modal does: by section, at most 5 each, and by page within", () => {
    const ranked = [
      hit('a1', 'Introduction', 'Components'),
      hit('b1', 'Try FSC with Helm', 'Outway'),
      hit('c1', 'Introduction', 'Functional description'),
      hit('a2', 'Introduction', 'Components'),
      ...['x1', 'x2', 'x3', 'x4'].map((id) => hit(id, 'Introduction', 'Introduction')),
      hit('b2', 'Try FSC with Helm', 'Inway'),
    ];
    expect(inModalOrder(ranked).map((h) => h.id)).toEqual([
      'a1',
      'a2',
      'c1',
      'x1',
      'x2',
      'b1',
      'b2',
    ]);
  });
});

describe('the pinned top 3 (packages/search/data/search-top3.tsv)', () => {
  const top3 = new Map([
    ['what is a contract', ['/introduction/components', '/introduction', '/']],
    ['docker intro', ['/try-fsc/docker/introduction', '/try-fsc/docker/introduction']],
    ['nothing like it', []],
  ]);

  it('names each page by its last segment, or its path when another page ends the same way', () => {
    const lines = formatTop3(top3).split('\n');
    expect(lines).toContain('what is a contract\tcomponents introduction /');
    expect(lines).toContain(
      'docker intro\ttry-fsc/docker/introduction try-fsc/docker/introduction',
    );
    expect(lines).toContain('nothing like it\t-');
    expect(parseTop3(formatTop3(top3))).toEqual(top3);
  });

  it('reports each query whose top 3 moved, that is new, or that is no longer judged', () => {
    const now = new Map([
      ['what is a contract', ['/introduction', '/introduction/components', '/']],
      ['docker intro', ['/try-fsc/docker/introduction', '/try-fsc/docker/introduction']],
      ['a new one', ['/']],
    ]);
    expect(top3Changes(top3, now)).toEqual([
      '"what is a contract": was /introduction/components, /introduction, /; now /introduction, /introduction/components, /',
      '"a new one": was not in the file; now /',
      '"nothing like it": in the file, but no longer judged',
    ]);
  });
});
