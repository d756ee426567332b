import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {BEST_BETS_FILE, readSearchFiles} from '../src/build/searchFiles';
import {bestBetRules, checkBestBets} from '../src/bestBets';
import {createSearchEngine} from '../src/engine';
import {serializeIndex} from '../src/indexFileFormat';
import {engineFromIndexFile} from '../src/engineFromIndexFile';
import {checkQueryRules, compileQueryRules, type QueryRule} from '../src/queryRules';
import {DOCSEARCH_FILTERS, rec, SITE} from './support/records';

const PROD = 'FSC in production';
/** Two pages that both speak of ports; only the network page owns the topic. */
const records = [
  rec({
    path: '/setup-oidc',
    anchor: 'ingress',
    type: 'content',
    lvl0: PROD,
    lvl1: 'Setup OpenID Connect login',
    lvl2: 'Ports of the ingress',
    content: 'Give the Controller an HTTPS address.',
    position: 0,
  }),
  rec({
    path: '/network-overview',
    type: 'content',
    lvl0: PROD,
    lvl1: 'Network overview',
    content: 'Two public ports: 443 for data traffic and 8443 for management traffic.',
    position: 0,
  }),
];

const rule = (objectID: string, patterns: string[], filter: string): QueryRule => ({
  objectID,
  conditions: patterns.map((pattern) => ({pattern, anchoring: 'contains', alternatives: false})),
  consequence: {params: {optionalFilters: [filter]}},
});

describe('query rules (Algolia semantics: contains, precedence, overlap)', () => {
  it('match the pattern as whole query words in a row', () => {
    const rules = compileQueryRules([rule('renew', ['renew certificate'], 'page:renew')]);
    expect(rules.filtersFor('how do I renew certificate files')).toEqual([['page:renew']]);
    expect(rules.filtersFor('Renew   Certificate')).toEqual([['page:renew']]);
    expect(rules.filtersFor('certificate renew')).toEqual([]);
    expect(rules.filtersFor('renewal certificate')).toEqual([]);
    expect(rules.filtersFor('renew the certificate')).toEqual([]);
  });

  it('leave out a rule whose words overlap an earlier or longer match, and apply the rest', () => {
    const rules = compileQueryRules([
      rule('a-up', ['up'], 'page:up'),
      rule('b-clean-up', ['clean up'], 'page:clean'),
      rule('c-port', ['port'], 'page:port'),
    ]);
    // "clean up" starts first and covers "up": the "up" rule is left out, "port" applies too
    expect(rules.filtersFor('clean up port')).toEqual([['page:clean'], ['page:port']]);
    // same start: the longest match wins
    const same = compileQueryRules([
      rule('a-clean', ['clean'], 'page:a'),
      rule('b-clean-up', ['clean up'], 'page:b'),
    ]);
    expect(same.filtersFor('clean up')).toEqual([['page:b']]);
    // a full tie: the smallest objectID wins
    const tie = compileQueryRules([rule('b', ['port'], 'page:b'), rule('a', ['port'], 'page:a')]);
    expect(tie.filtersFor('port')).toEqual([['page:a']]);
  });

  it('rank the best-bet page first among records matching as many words, and only there', () => {
    const engine = createSearchEngine({
      records,
      rules: bestBetRules(
        [{objectID: 'network', page: '/network-overview', patterns: ['port']}],
        (page) => `${SITE}${page}`,
        'test',
      ),
    });
    const urls = (params: Record<string, unknown>) =>
      engine
        .search({facetFilters: DOCSEARCH_FILTERS, ...params})
        .hits.map((h) => new URL(h.url ?? '').pathname);
    // without the rule the attribute criterion puts the login page first ("ports" in a heading
    // beats "ports" in a paragraph); the rule puts the network page first
    expect(urls({query: 'ports', enableRules: false})).toEqual([
      '/setup-oidc',
      '/network-overview',
    ]);
    expect(urls({query: 'ports'})).toEqual(['/network-overview', '/setup-oidc']);
    // a record matching more of the query's words still comes first: words before filters
    expect(urls({query: 'ports ingress'})).toEqual(['/setup-oidc']);
  });

  it('reject a rule the index file should not hold, naming it', () => {
    const good = rule('r', ['port'], 'page:x');
    expect(checkQueryRules([good], 'src')).toEqual([good]);
    expect(() => checkQueryRules({}, 'src')).toThrow('src: expected a list of query rules');
    expect(() =>
      checkQueryRules([{...good, conditions: [{pattern: 'port', anchoring: 'is'}]}], 'src'),
    ).toThrow('src: rule "r" has a condition other than contains without alternatives');
    expect(() => checkQueryRules([{...good, consequence: {}}], 'src')).toThrow(
      'src: rule "r" has no optionalFilters in its consequence',
    );
    expect(() => checkQueryRules([{conditions: []}], 'src')).toThrow(
      'src: rule #1 has no objectID',
    );
  });
});

describe('best bets (packages/search/data/best-bets.json)', () => {
  const bet = {objectID: 'network', page: '/network-overview', patterns: ['port']};

  it('become rules on the page, for the singular and plural of the last word', () => {
    const [made] = bestBetRules(
      [{...bet, patterns: ['open port', 'firewalls']}],
      (page) => `${SITE}${page}`,
      'f',
    );
    expect(made?.conditions.map((c) => c.pattern)).toEqual([
      'open port',
      'open ports',
      'firewalls',
      'firewall',
    ]);
    // folded as the engine folds query words: a short code or a word that is no plural keeps its
    // one form ("ha" must not become "has", nor "lts" "lt")
    const [codes] = bestBetRules(
      [{...bet, patterns: ['ha', 'lts', 'clean up']}],
      (page) => `${SITE}${page}`,
      'f',
    );
    expect(codes?.conditions.map((c) => c.pattern)).toEqual(['ha', 'lts', 'clean up']);
    expect(made?.consequence.params.optionalFilters).toEqual([
      `url_without_anchor:${SITE}/network-overview`,
    ]);
    expect(() => bestBetRules([bet], () => null, 'f')).toThrow(
      'f: best bet "network" names a page no record has: /network-overview',
    );
  });

  it.each([
    [{}, 'f: expected a list of best bets'],
    [[{...bet, objectID: ''}], 'f: best bet #1 has no objectID'],
    [[bet, {...bet, patterns: ['x']}], 'f: best bet "network" repeats the objectID'],
    [[{...bet, pages: []}], 'f: best bet "network" has an unknown field "pages"'],
    [
      [{...bet, page: 'network-overview'}],
      'f: best bet "network" needs a page path starting with "/"',
    ],
    [[{...bet, patterns: []}], 'f: best bet "network" has no patterns'],
    [
      [{...bet, patterns: ['how do I']}],
      'has a pattern without words that are not stop words: "how do I"',
    ],
    [
      [bet, {objectID: 'other', page: '/other', patterns: ['Port']}],
      'f: best bet "other" repeats the pattern "Port" of best bet "network"',
    ],
  ])('reject a wrong file, naming the entry: %j', (value, message) => {
    expect(() => checkBestBets(value, 'f')).toThrow(message);
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'fsc-best-bets-'));
  afterAll(() => rmSync(dir, {recursive: true, force: true}));

  it('reach the engine through the index file, and fail the build on a page no record has', async () => {
    const file = path.join(dir, 'best-bets.json');
    writeFileSync(file, JSON.stringify([bet]));
    const data = (await readSearchFiles({bestBetsFile: file}))(records, '/');
    const engine = engineFromIndexFile(serializeIndex(records, data));
    const first = engine.search({query: 'ports', facetFilters: DOCSEARCH_FILTERS}).hits[0];
    expect(new URL(first?.url ?? '').pathname).toBe('/network-overview');

    writeFileSync(file, JSON.stringify([{...bet, page: '/gone'}]));
    const later = await readSearchFiles({bestBetsFile: file});
    expect(() => later(records, '/')).toThrow(
      /\[search-index\] .*best-bets\.json: best bet "network" names a page no record has: \/gone/,
    );
    writeFileSync(file, '[{');
    await expect(readSearchFiles({bestBetsFile: file})).rejects.toThrow(
      /best-bets\.json is not JSON/,
    );
  });
});

describe('the error reference in the best bets', () => {
  it('names every code of the reference, so a pasted line holding one ranks its page first', () => {
    const root = path.resolve(__dirname, '../../..');
    const reference = readFileSync(
      path.join(root, 'docs/introduction/functional-description.md'),
      'utf8',
    );
    const codes = [...reference.matchAll(/^#### ([A-Z_]+)$/gm)].map((m) =>
      (m[1] as string).toLowerCase(),
    );
    const bets = JSON.parse(readFileSync(path.join(root, BEST_BETS_FILE), 'utf8')) as {
      page: string;
      patterns: string[];
    }[];
    const patterns = bets.find(
      (bet) => bet.page === '/introduction/functional-description',
    )?.patterns;
    expect(codes.length).toBeGreaterThan(15);
    expect(codes.filter((code) => !patterns?.includes(code))).toEqual([]);
  });
});
