import {describe, expect, it} from 'vitest';
import {
  evaluate,
  formatTable,
  inModalOrder,
  type EvalQuery,
} from '../../scripts/lib/searchEvaluation';

describe("eval:search's table", () => {
  it('keeps its columns apart when a kind counts a thousand queries or more', () => {
    const queries: EvalQuery[] = Array.from({length: 1107}, (_, i) => ({
      q: `query ${i}`,
      kind: 'keyword',
      expect: ['/a'],
      heldOut: i % 5 === 0,
    }));
    const table = formatTable(evaluate(queries, () => ['https://docs.example.org/a']));
    const all = table.split('\n').find((line) => line.startsWith('all'));
    expect(all).toMatch(
      /^all +1\.000 1107\/1107 1107\/1107 +1\.000 885\/885 885\/885 +1\.000 222\/222 222\/222$/,
    );
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
