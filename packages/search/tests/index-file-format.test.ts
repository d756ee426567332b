import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {bestBetRules, checkBestBets} from '../src/bestBets';
import {learnPrior, priorExamples, PRIOR_SETTINGS, readTrainQueries} from '../src/build/learnPrior';
import {readIndexFile, serializeIndex} from '../src/indexFileFormat';
import {serializePrior} from '../src/priorFileFormat';
import {readPriorFile} from '../src/queryPrior';
import {checkSynonyms} from '../src/synonyms';
import {corpus, rec, SITE} from './support/records';

const data = (name: string): string => fileURLToPath(new URL(`../data/${name}`, import.meta.url));
const readJson = (name: string): unknown => JSON.parse(readFileSync(data(name), 'utf8'));

/** The package's test corpus with the site's own synonyms and best bets (as query rules). */
const records = corpus();
const synonyms = checkSynonyms(readJson('synonyms.json'), 'synonyms.json');
const bets = checkBestBets(readJson('best-bets.json'), 'best-bets.json');
const rules = bestBetRules(bets, (page) => `${SITE}${page}`, 'best-bets.json');

/** Strict: the same keys, in the same order, none undefined (toEqual would let that pass). */
const json = (value: unknown): string => JSON.stringify(value);

describe('the index file format', () => {
  it('reads back exactly the records, synonyms and rules it was given, each page written once', () => {
    const text = serializeIndex(records, {synonyms, rules});
    const back = readIndexFile(text);
    expect(json(back.records)).toBe(json(records));
    expect(json(back.synonyms)).toBe(json(synonyms));
    expect(json(back.rules)).toBe(json(rules));
    // Short forms throughout: a form that did not read back would have been stored as it is.
    const file = JSON.parse(text) as {records: unknown[]; synonyms: unknown[]; rules: unknown[]};
    const pages = new Set(records.map((r) => r.url_without_anchor));
    expect(file.records).toHaveLength(pages.size);
    expect(file.records.every((page) => Array.isArray(page))).toBe(true);
    expect(file.synonyms.every((entry) => Array.isArray(entry))).toBe(true);
    expect(file.rules.every((rule) => Array.isArray(rule))).toBe(true);
  });

  it('keeps records that do not fit a page, and texts that hold the characters of word codes', () => {
    const odd = [
      rec({path: '/odd', type: 'lvl1', lvl0: 'Odd', lvl1: 'Odd', position: 0}),
      // Position 5 in a page of two: not a page of records as the extractor writes them.
      rec({path: '/odd', type: 'content', lvl0: 'Odd', lvl1: 'Odd', position: 5, content: 'odd'}),
      rec({path: '/codes', type: 'lvl1', lvl0: 'Codes', lvl1: 'Ā and μs', position: 0}),
      rec({
        path: '/codes',
        type: 'content',
        lvl0: 'Codes',
        lvl1: 'Ā and μs',
        position: 1,
        content: 'Ā is U+0100, the first word code; μs and ߿ too: the manager, the manager.',
      }),
    ];
    const text = serializeIndex(odd);
    expect(json(readIndexFile(text).records)).toBe(json(odd));
    const file = JSON.parse(text) as {records: unknown[]};
    expect(file.records.filter((entry) => !Array.isArray(entry))).toHaveLength(2);
  });

  it('reads back the query-to-page prior the build learns from the judged queries', async () => {
    const queries = await readTrainQueries(data('search-queries.tsv'));
    const prior = learnPrior(priorExamples(queries, bets, PRIOR_SETTINGS), PRIOR_SETTINGS, '/');
    expect(Object.keys(prior.words).length).toBeGreaterThan(100);
    expect(json(readPriorFile(serializePrior(prior)))).toBe(json(prior));
    // Words written after the letters they share with the word before ("lo": all of them).
    const shared = {...prior, words: {log: [0, 1], logs: [0, 2], lo: [1, 1], '8443': [0, 3]}};
    expect(json(readPriorFile(serializePrior(shared)))).toBe(json(shared));
  });

  it('refuses a file of another version, naming it', () => {
    expect(() =>
      readIndexFile({format: 'fsc-docsearch-index', version: 1, records: records}),
    ).toThrow(
      'Invalid search index file: version 1 is not supported: this reader reads version 2 (rebuild the index)',
    );
    const prior = {
      format: 'fsc-search-prior' as const,
      lambda: 1,
      alpha: 1,
      pages: ['/a'],
      examples: [1],
      words: {audit: [0, 3]},
    };
    // The prior file before version 2 was the table itself.
    expect(() => readPriorFile(JSON.stringify(prior))).toThrow(
      'Invalid search prior file: version undefined is not supported: this reader reads version 2',
    );
  });
});
