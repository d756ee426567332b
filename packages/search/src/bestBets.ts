/**
 * Best bets (packages/search/data/best-bets.json): for a page that owns a topic, the words and phrases readers
 * type for it ("sso", "firewall", "poort"). A query containing one of them ranks that page's
 * records first among those that match as many of the query's words: the build turns each entry
 * into an Algolia query rule (queryRules.ts) whose consequence is an optional filter on the page,
 * which the embedded engine applies and `npm run search:push` saves in hosted Algolia.
 */
import {pluralForms, STOP_WORDS} from './language';
import type {QueryRule} from './queryRules';
import {terms} from './text';

export interface BestBet {
  objectID: string;
  /** The page's path, as in its URL: "/fsc-in-production/network-overview". */
  page: string;
  /** Words and phrases readers type; a plural or singular form of the last word counts too. */
  patterns: string[];
}

const FIELDS = new Set(['objectID', 'page', 'patterns']);

function fail(source: string, entry: string, problem: string): never {
  throw new Error(`${source}: best bet ${entry} ${problem}`);
}

/**
 * Checks the best-bets file's parsed content: a list of entries with a unique objectID, a page
 * path, and patterns of words that are not all stop words (a pattern must name something), no
 * pattern twice in the file. Throws naming the file and the entry at fault.
 */
export function checkBestBets(value: unknown, source: string): BestBet[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a list of best bets`);
  const ids = new Set<string>();
  const owner = new Map<string, string>();
  return value.map((raw: unknown, i) => {
    if (raw === null || typeof raw !== 'object') fail(source, `#${i + 1}`, 'is not an object');
    const entry = raw as Record<string, unknown>;
    const {objectID, page, patterns} = entry;
    if (typeof objectID !== 'string' || !objectID.trim())
      fail(source, `#${i + 1}`, 'has no objectID');
    const id = JSON.stringify(objectID);
    if (ids.has(objectID)) fail(source, id, 'repeats the objectID of an earlier entry');
    ids.add(objectID);
    const unknown = Object.keys(entry).find((key) => !FIELDS.has(key));
    if (unknown)
      fail(source, id, `has an unknown field "${unknown}" (fields: ${[...FIELDS].join(', ')})`);
    if (typeof page !== 'string' || !page.startsWith('/'))
      fail(source, id, 'needs a page path starting with "/"');
    if (!Array.isArray(patterns) || patterns.length === 0) fail(source, id, 'has no patterns');
    for (const pattern of patterns) {
      const words = typeof pattern === 'string' ? terms(pattern) : [];
      if (!words.some((word) => !STOP_WORDS.has(word)))
        fail(
          source,
          id,
          `has a pattern without words that are not stop words: ${JSON.stringify(pattern)}`,
        );
      const key = words.join(' ');
      const earlier = owner.get(key);
      if (earlier !== undefined)
        fail(source, id, `repeats the pattern ${JSON.stringify(pattern)} of best bet ${earlier}`);
      owner.set(key, id);
    }
    return {objectID, page, patterns: patterns as string[]};
  });
}

/**
 * A pattern and the other grammatical number of its last word, folded as the engine folds query
 * words (language.ts): rules match words as written.
 */
export function patternForms(pattern: string): string[] {
  const words = terms(pattern);
  const last = words.pop() as string;
  return [last, ...pluralForms(last)].map((form) => [...words, form].join(' '));
}

/**
 * The query rules of the best bets, each boosting its page: `pageUrl` gives the page's
 * url_without_anchor in the records (null when no record has it: the build then fails naming the
 * entry).
 */
export function bestBetRules(
  bets: readonly BestBet[],
  pageUrl: (page: string) => string | null,
  source: string,
): QueryRule[] {
  return bets.map((bet) => {
    const url = pageUrl(bet.page);
    if (url === null)
      fail(source, JSON.stringify(bet.objectID), `names a page no record has: ${bet.page}`);
    const patterns = [...new Set(bet.patterns.flatMap(patternForms))];
    return {
      objectID: `best-bet-${bet.objectID}`,
      conditions: patterns.map((pattern) => ({
        pattern,
        anchoring: 'contains',
        alternatives: false,
      })),
      consequence: {params: {optionalFilters: [`url_without_anchor:${url}`]}},
      description: `Best bet: ${bet.page}`,
    };
  });
}
