/**
 * Why a query ranks its hits where it does (`npm run search:explain`): each hit with the ranking
 * criteria the engine computed for it (`_rankingInfo`, in the order Algolia compares them), and the
 * synonyms and best bets (query rules) that applied to the query.
 */
import type {SearchEngine} from '../engine';
import {FIELDS} from '../fields';
import {MAX_QUERY_WORDS, synonymRuns} from '../query';
import {
  fusedScores,
  knownWordCount,
  pagePosterior,
  priorPagePath,
  priorWindow,
  priorWords,
  type QueryPrior,
} from '../queryPrior';
import {compileQueryRules, type QueryRule} from '../queryRules';
import {questionParams} from '../questionRules';
import {compileSynonyms, synonymSources, type SynonymEntry} from '../synonyms';
import {terms} from '../text';
import type {SearchHit} from '../types';
import {backEndHits, EVAL_DEPTH, pagePath, searchAsTheSite} from './searchEvaluation';

/** The synonyms and query rules the engine ranks with (those of the index file). */
export interface SearchData {
  synonyms: readonly SynonymEntry[];
  rules: readonly QueryRule[];
}

/** A run of query words that met synonyms, and the entries filed under its key. */
interface AppliedSynonym {
  words: string;
  entries: SynonymEntry[];
}

/** The normalised key a source of a synonym entry is looked up by (as compileSynonyms files it). */
export const synonymKey = (source: string): string => terms(source).join(' ');

/**
 * The synonym entries that applied to a query: at each run of its words that the engine found
 * under a synonym key (synonymRuns, the engine's own lookup), the entries with that key.
 */
export function appliedSynonyms(
  query: string,
  synonyms: readonly SynonymEntry[],
): AppliedSynonym[] {
  const byKey = new Map<string, SynonymEntry[]>();
  for (const entry of synonyms) {
    for (const key of new Set(synonymSources(entry).map(synonymKey))) {
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
    }
  }
  const words = terms(query).slice(0, MAX_QUERY_WORDS);
  return synonymRuns(words, compileSynonyms(synonyms)).map(({start, length, keys}) => ({
    words: words.slice(start, start + length).join(' '),
    entries: [...new Set(keys.flatMap((key) => byKey.get(key) ?? []))],
  }));
}

/** The rules whose patterns the query holds (each alone: which of them the engine applies is its precedence). */
function appliedRules(query: string, rules: readonly QueryRule[]): QueryRule[] {
  return rules.filter((rule) => compileQueryRules([rule]).filtersFor(query).length > 0);
}

/** "lvl1 > lvl2 …" of a hit, the page title first. */
function headingOf(hit: SearchHit): string {
  const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
  return levels
    .map((level) => hit.hierarchy?.[level])
    .filter((text): text is string => typeof text === 'string' && text.length > 0)
    .join(' > ');
}

/** The criteria of a hit, named as the engine compares them (see engine.ts). */
function criteriaOf(hit: SearchHit): string {
  const info = hit._rankingInfo;
  if (!info) return '';
  const attr = Math.floor(info.firstMatchedWord / 1000);
  const position = info.firstMatchedWord % 1000;
  const field = FIELDS[attr] ?? `#${attr}`;
  return [
    `words ${info.words}`,
    `filters ${info.filters}`,
    `typos ${info.nbTypos}`,
    `attribute ${field}${field === 'content' ? `@${position}` : ''}`,
    `attrSum ${info.attributeSum}`,
    `proximity ${info.proximityDistance}`,
    `exact ${info.nbExactWords}`,
    `level ${info.userScore}`,
  ].join('  ');
}

/**
 * Where the query-to-page prior put each hit: its place in the back end's order, P(page | words)
 * and the fused score (src/queryPrior.ts), by the hit's objectID.
 */
function priorColumns(engine: SearchEngine, query: string, prior: QueryPrior): Map<string, string> {
  const window = priorWindow(0, EVAL_DEPTH)?.hitsPerPage ?? EVAL_DEPTH;
  const words = priorWords(query);
  const posterior = pagePosterior(prior, words);
  const known = knownWordCount(prior, words);
  const hits = backEndHits(engine, query, {}, window);
  const scores = fusedScores(hits, query, prior);
  const columns = new Map<string, string>();
  hits.forEach((hit, i) => {
    const page = priorPagePath(new URL(hit.url ?? '', 'https://x.invalid').pathname);
    const p = posterior.get(page) ?? 0;
    const score = scores?.[i] ?? 1 / (i + 1);
    columns.set(
      hit.objectID,
      `engine #${i + 1}  prior P(page | words) ${p.toFixed(3)}  ` +
        (score === Infinity
          ? 'kept first: its headings hold every word of the query'
          : `fused 1/${i + 1} + ${prior.lambda}·${known}/${words.length}·√P = ${score.toFixed(3)}`),
    );
  });
  return columns;
}

/**
 * The explanation of `query` as the site asks it (searchAsTheSite: DocSearch's filters and the
 * question parameters, then the build's query-to-page `prior` when there is one), `hits` hits deep.
 */
export function explainQuery(
  engine: SearchEngine,
  data: SearchData,
  query: string,
  hits = 10,
  prior: QueryPrior | null = null,
): string {
  const lines = [`query ${JSON.stringify(query)}`];
  const question = questionParams(query);
  if (Object.keys(question).length > 0)
    lines.push(`question parameters: ${JSON.stringify(question)}`);
  const synonyms = appliedSynonyms(query, data.synonyms);
  lines.push(synonyms.length > 0 ? 'synonyms:' : 'synonyms: none applied');
  for (const {words, entries} of synonyms) {
    const described = entries.map(
      (entry) => `${entry.objectID} (${entry.type}) -> ${entry.synonyms.join(' | ')}`,
    );
    lines.push(`  ${JSON.stringify(words)}: ${described.join('; ')}`);
  }
  const rules = appliedRules(query, data.rules);
  lines.push(rules.length > 0 ? 'best bets:' : 'best bets: none applied');
  for (const rule of rules)
    lines.push(`  ${rule.objectID} -> ${rule.consequence.params.optionalFilters.join(', ')}`);
  const found = searchAsTheSite(engine, query, {getRankingInfo: true}, prior).slice(0, hits);
  const fused = prior ? priorColumns(engine, query, prior) : null;
  lines.push(
    `hits (criteria compared left to right; attribute@n: content, matched from word n)` +
      (prior ? ', re-ordered by the query-to-page prior:' : ', no query-to-page prior:'),
  );
  if (found.length === 0) lines.push('  none');
  found.forEach((hit, i) => {
    const anchor = hit.url?.includes('#') ? `#${hit.url.split('#')[1]}` : '';
    lines.push(`${String(i + 1).padStart(3)}. ${pagePath(hit.url ?? '')}${anchor}`);
    lines.push(`     ${headingOf(hit)}`);
    lines.push(`     ${criteriaOf(hit)}`);
    const column = fused?.get(hit.objectID);
    if (column) lines.push(`     ${column}`);
  });
  return lines.join('\n');
}
