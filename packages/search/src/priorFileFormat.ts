/**
 * The prior file's format (`search-prior.<hash8>.json`): the table of queryPrior.ts with each
 * word's pairs of page and count written as one short string, which readPriorFile turns back into
 * the same table. A pair is the page's distance from the word's page before (from 0 for the
 * first) in base 26, upper-case letters for the high digits and a lower-case letter for the last,
 * then its count in decimal, left out when 1: "a", "c3", "Ba2". The words (a query's words,
 * priorWords) are joined by spaces, each written after the letters it shares with the one before
 * (frontCoded), and so are their pairs. On the site's prior of 2026-11-28 15:00 (1,595 words) that
 * took the file from 16.1 to 12.2 KB gzip.
 */

/** The table as queryPrior.ts holds it (QueryPrior; not imported, which would make a cycle). */
interface PriorTable {
  format: string;
  lambda: number;
  alpha: number;
  pages: string[];
  examples: number[];
  words: Record<string, number[]>;
}

const PRIOR_VERSION = 2;
const PAIR = /([A-Z]*)([a-z])(\d*)/g;
const PAIRS = /^(?:[A-Z]*[a-z]\d*)*$/;
const LOWER_A = 'a'.charCodeAt(0);
const UPPER_A = 'A'.charCodeAt(0);

function pairText(distance: number, count: number): string {
  let text = String.fromCharCode(LOWER_A + (distance % 26));
  for (let rest = Math.floor(distance / 26); rest > 0; rest = Math.floor(rest / 26))
    text = String.fromCharCode(UPPER_A + (rest % 26)) + text;
  return count === 1 ? text : `${text}${count}`;
}

function countsText(word: string, counts: readonly number[]): string {
  let text = '';
  for (let i = 0, page = 0; i < counts.length; i += 2) {
    if ((counts[i] as number) < page)
      throw new Error(
        `search prior: the pages of ${JSON.stringify(word)} are not in increasing order`,
      );
    text += pairText((counts[i] as number) - page, counts[i + 1] as number);
    page = counts[i] as number;
  }
  return text;
}

function countsOf(text: string): number[] {
  const counts: number[] = [];
  let page = 0;
  for (const [, high = '', last = 'a', count] of text.matchAll(PAIR)) {
    let distance = 0;
    for (const digit of high) distance = distance * 26 + digit.charCodeAt(0) - UPPER_A;
    page += distance * 26 + last.charCodeAt(0) - LOWER_A;
    counts.push(page, count ? Number(count) : 1);
  }
  return counts;
}

/**
 * The words joined by spaces, each after the first as the number of letters it shares with the
 * word before (as a capital, "A" for 0 left out) and the rest: "certificate Kd" for "certificate
 * certificated". Query words are lower case (priorWords), so a capital never starts one.
 */
function frontCoded(words: readonly string[]): string {
  return words
    .map((word, i) => {
      if (!/^[^\sA-Z]+$/.test(word))
        throw new Error(`search prior: ${JSON.stringify(word)} is not a query word`);
      const before = words[i - 1] ?? '';
      let shared = 0;
      while (shared < 25 && word[shared] !== undefined && word[shared] === before[shared]) shared++;
      return shared > 0 ? String.fromCharCode(UPPER_A + shared) + word.slice(shared) : word;
    })
    .join(' ');
}

function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const coded of text === '' ? [] : text.split(' ')) {
    const shared = /^[A-Z]/.test(coded) ? coded.charCodeAt(0) - UPPER_A : 0;
    words.push((words.at(-1) ?? '').slice(0, shared) + coded.slice(shared > 0 ? 1 : 0));
  }
  return words;
}

/**
 * Rows of the table (each word's pages in increasing order, as learnPrior.ts writes them) as two
 * strings, the words and their counts: the prior file's, and the sharded index's postings files'
 * (shardFileFormat.ts), which hold the rows of the words of their range of the dictionary.
 */
export function encodePriorRows(rows: Record<string, number[]>): [words: string, counts: string] {
  const entries = Object.entries(rows);
  return [
    frontCoded(entries.map(([word]) => word)),
    entries.map(([word, counts]) => countsText(word, counts)).join(' '),
  ];
}

/** The rows encodePriorRows wrote; `fail` is called when they do not read back. */
export function decodePriorRows(
  words: unknown,
  counts: unknown,
  fail: (message: string) => never,
): Record<string, number[]> {
  if (typeof words !== 'string' || typeof counts !== 'string') fail('words missing');
  const split = (text: string): string[] => (text === '' ? [] : text.split(' '));
  const [wordList, lists] = [wordsOf(words), split(counts)];
  if (lists.length !== wordList.length || !lists.every((list) => PAIRS.test(list)))
    fail('the counts do not match the words');
  return Object.fromEntries(wordList.map((word, i) => [word, countsOf(lists[i] as string)]));
}

/** The prior file's text. */
export function serializePrior(prior: PriorTable): string {
  const {format, lambda, alpha, pages, examples} = prior;
  const [words, counts] = encodePriorRows(prior.words);
  return JSON.stringify({
    format,
    version: PRIOR_VERSION,
    lambda,
    alpha,
    pages,
    examples,
    words,
    counts,
  });
}

/**
 * A parsed prior file as the table it holds (not yet checked: readPriorFile does), or throws
 * naming a version it does not read.
 */
export function expandPriorFile(data: unknown, fail: (message: string) => never): unknown {
  if (data === null || typeof data !== 'object') return data;
  const {version, words, counts, ...rest} = data as Record<string, unknown>;
  if (version !== PRIOR_VERSION)
    fail(
      `version ${JSON.stringify(version)} is not supported: this reader reads version ${PRIOR_VERSION} (rebuild the site)`,
    );
  return {...rest, words: decodePriorRows(words, counts, fail)};
}
