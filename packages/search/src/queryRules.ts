/**
 * Algolia query rules, the subset this site uses: a rule whose query contains one of its patterns
 * adds optional filters to the search (the `filters` ranking criterion, right after `words`). The
 * build writes them into the index file from packages/search/data/best-bets.json (bestBets.ts), `npm run
 * search:push` saves the same rules in hosted Algolia, and the embedded engine applies them as
 * Algolia does:
 *
 * - a condition is `anchoring: 'contains'` with `alternatives: false`: the query's words contain
 *   the pattern's words, in a row and as written (plurals are separate patterns, bestBets.ts);
 * - when several rules match, Algolia orders them by precedence (the earliest match in the query,
 *   then the longest, then the smallest objectID) and leaves out a rule whose matched words
 *   overlap those of a rule before it; the rest all apply;
 * - a rule's `consequence.params.optionalFilters` are added to those of the query (assumed: both
 *   count, as the filters of two rules do).
 */
import {terms} from './text';

interface RuleCondition {
  pattern: string;
  anchoring: 'contains';
  alternatives: false;
}

export interface QueryRule {
  objectID: string;
  conditions: RuleCondition[];
  consequence: {params: {optionalFilters: string[]}};
  description?: string;
}

function fail(source: string, rule: string, problem: string): never {
  throw new Error(`${source}: rule ${rule} ${problem}`);
}

/** Checks rules as an index file holds them; throws naming the source and the rule at fault. */
export function checkQueryRules(value: unknown, source: string): QueryRule[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a list of query rules`);
  return value.map((raw: unknown, i) => {
    const rule = (raw ?? {}) as Partial<QueryRule>;
    const name = typeof rule.objectID === 'string' ? JSON.stringify(rule.objectID) : `#${i + 1}`;
    if (typeof rule.objectID !== 'string' || !rule.objectID) fail(source, name, 'has no objectID');
    if (!Array.isArray(rule.conditions) || rule.conditions.length === 0)
      fail(source, name, 'has no conditions');
    for (const c of rule.conditions) {
      if (c?.anchoring !== 'contains' || c.alternatives !== false)
        fail(source, name, 'has a condition other than contains without alternatives');
      if (typeof c.pattern !== 'string' || terms(c.pattern).length === 0)
        fail(source, name, 'has a condition without words');
    }
    const filters = rule.consequence?.params?.optionalFilters;
    if (!Array.isArray(filters) || !filters.every((f) => typeof f === 'string'))
      fail(source, name, 'has no optionalFilters in its consequence');
    return rule as QueryRule;
  });
}

interface PatternRule {
  words: readonly string[];
  rule: QueryRule;
}

/** Where a rule matched the query: the first word's index and the number of words. */
interface RuleMatch {
  rule: QueryRule;
  start: number;
  length: number;
}

export interface CompiledRules {
  /** The optional filters the rules add to a query, in precedence order; empty when none match. */
  filtersFor(query: string): string[][];
}

/** Patterns filed by their first word: a query looks up only the patterns its words can start. */
export function compileQueryRules(rules: readonly QueryRule[]): CompiledRules {
  const byFirstWord = new Map<string, PatternRule[]>();
  for (const rule of rules) {
    for (const {pattern} of rule.conditions) {
      const words = terms(pattern);
      const first = words[0] as string;
      const list = byFirstWord.get(first) ?? [];
      list.push({words, rule});
      byFirstWord.set(first, list);
    }
  }

  function matches(queryWords: readonly string[]): RuleMatch[] {
    const best = new Map<QueryRule, RuleMatch>();
    queryWords.forEach((word, start) => {
      for (const {words, rule} of byFirstWord.get(word) ?? []) {
        if (!words.every((w, k) => queryWords[start + k] === w)) continue;
        const held = best.get(rule);
        // A rule's own best match: its earliest, then its longest.
        if (!held || (held.start === start && held.length < words.length))
          best.set(rule, {rule, start, length: words.length});
      }
    });
    return [...best.values()].sort(
      (a, b) =>
        a.start - b.start ||
        b.length - a.length ||
        (a.rule.objectID < b.rule.objectID ? -1 : a.rule.objectID > b.rule.objectID ? 1 : 0),
    );
  }

  return {
    filtersFor(query) {
      if (byFirstWord.size === 0) return [];
      const taken = new Set<number>();
      const filters: string[][] = [];
      for (const {rule, start, length} of matches(terms(query))) {
        const span = Array.from({length}, (_, k) => start + k);
        if (span.some((i) => taken.has(i))) continue;
        for (const i of span) taken.add(i);
        for (const filter of rule.consequence.params.optionalFilters) filters.push([filter]);
      }
      return filters;
    },
  };
}
