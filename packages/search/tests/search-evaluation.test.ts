import {describe, expect, it} from 'vitest';
import {
  evaluate,
  formatSetTable,
  formatTable,
  inModalOrder,
  type EvalQuery,
} from '../src/evaluation/searchEvaluation';
import {parseJudgedQueries} from '../src/build/judgedQueries';
import {MODAL_HITS_PER_SECTION} from '../src/modalGroups';
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
  /** A judged file: two sets, then the query lines given (the first on line 7). */
  const judged = (...queries: string[]): string =>
    [
      '# for people',
      'set\tuse\tabout',
      '1\ttrain\tstudied',
      '2\theldout\twritten blind',
      '',
      'set\tkind\tquery\texpect',
      ...queries,
    ].join('\n');
  const isPage = (page: string) => ['/a', '/b/'].includes(page);
  const parse = (text: string) => parseJudgedQueries(text, 'q.tsv', isPage);

  it("give each query its set's number and use", () => {
    expect(parse(judged('1\tkeyword\tone\t/a', '2\tdutch\ttwee woorden\t/b/ /a'))).toEqual([
      {q: 'one', kind: 'keyword', expect: ['/a'], set: 1, use: 'train'},
      {q: 'twee woorden', kind: 'dutch', expect: ['/b/', '/a'], set: 2, use: 'heldout'},
    ]);
  });

  it('refuse a line that does not fit, naming it', () => {
    for (const [line, error] of [
      ['1\tkeyword\tone', 'q.tsv:7: 3 columns, not 4 (set, kind, query, expect): 1\tkeyword\tone'],
      ['1\tkeyword\tone\t/a\t/b/', 'q.tsv:7: 5 columns, not 4'],
      ['one\tkeyword\t1\t/a', 'q.tsv:7: the set is not a number'],
      ['3\tkeyword\tone\t/a', 'q.tsv:7: set 3 is not in the sets table'],
      ['1\tkeywords\tone\t/a', 'q.tsv:7: "one" needs a kind (keyword, question,'],
      ['1\tkeyword\tone \t/a', 'q.tsv:7: the query is empty or starts or ends in a space'],
      ['1\tkeyword\tone\t/c', 'q.tsv:7: "one" expects "/c", not a page of the site'],
      ['1\tkeyword\tone\ta', 'q.tsv:7: "one" expects "a", not a page of the site'],
      ['1\tkeyword\tone\t/a  /b/', 'q.tsv:7: "one" expects "", not a page of the site'],
    ]) {
      expect(() => parse(judged(line!)), line).toThrow(error);
    }
    expect(() => parse(judged('1\tkeyword\tone\t/a', '2\ttask\tone\t/b/'))).toThrow(
      'q.tsv:8: "one" is judged twice',
    );
  });

  it('refuse a set without a known use, declared twice, or a file without its headers', () => {
    const sets = (line: string) => judged('1\tkeyword\tone\t/a').replace('2\theldout', line);
    expect(() => parse(sets('2\tlater'))).toThrow(
      'q.tsv:4: set 2 needs a use (train or heldout), not "later"',
    );
    expect(() => parse(sets('1\theldout'))).toThrow('q.tsv:4: set 1 is declared twice');
    expect(() => parse(judged('1\tkeyword\tone\t/a').replace('set\tuse', 'set\tusage'))).toThrow(
      'q.tsv:2: expected the header "set\\tuse\\tabout"',
    );
    expect(() => parse(judged())).toThrow('q.tsv: no queries');
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

  it("lists the hits as DocSearch's modal does: by section, at most N each, and by page within", () => {
    const ranked = [
      hit('a1', 'Introduction', 'Components'),
      hit('b1', 'Try FSC with Helm', 'Outway'),
      hit('c1', 'Introduction', 'Functional description'),
      hit('a2', 'Introduction', 'Components'),
      ...['x1', 'x2', 'x3', 'x4'].map((id) => hit(id, 'Introduction', 'Introduction')),
      hit('b2', 'Try FSC with Helm', 'Inway'),
    ];
    // DocSearch's default of 5, then the site's MODAL_HITS_PER_SECTION.
    expect(inModalOrder(ranked, 5).map((h) => h.id)).toEqual([
      'a1',
      'a2',
      'c1',
      'x1',
      'x2',
      'b1',
      'b2',
    ]);
    expect(MODAL_HITS_PER_SECTION).toBe(2);
    expect(inModalOrder(ranked).map((h) => h.id)).toEqual(['a1', 'c1', 'b1', 'b2']);
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
    expect(lines).toContain('nothing like it\t-');
    expect(parseTop3(formatTop3(top3))).toEqual(top3);
  });

  it('writes a hit on the page of the hit before as "=", and refuses "=" first', () => {
    const lines = formatTop3(top3).split('\n');
    expect(lines).toContain('docker intro\ttry-fsc/docker/introduction =');
    const again = new Map([
      ['again', ['/introduction', '/introduction/components', '/introduction']],
    ]);
    expect(formatTop3(again).split('\n')).toContain('again\tintroduction components introduction');
    expect(() => parseTop3(formatTop3(top3).replace('\tcomponents ', '\t= '))).toThrow(
      'a page id not in the table, or "=" first: what is a contract\t= introduction /',
    );
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
