import {describe, expect, it} from 'vitest';
import {evaluate, formatTable, type EvalQuery} from '../../scripts/lib/searchEvaluation';

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
