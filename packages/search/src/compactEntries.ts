/**
 * The synonyms and query rules of the index file, written short:
 *
 * - a synonym entry is `[objectID, synonyms]` (two-way) or `[objectID, input, synonyms]` (one-way),
 *   where `+` in the objectID stands for its first synonym and `*` for its first input, as slugs
 *   ("concept-+" for "concept-load-balancer" of "load balancer");
 * - a rule is `[objectID, optionalFilters, patterns, description]` (every condition of the site's
 *   rules is `contains` without alternatives, queryRules.ts), where a pattern in brackets stands
 *   for itself and its other forms, as a best bet lists them (bestBets.ts).
 *
 * An entry that would not read back as it was written (an objectID holding `+`, say) stands in the
 * file as it is.
 */
import {patternForms} from './bestBets';
import {sameJson} from './compactRecords';
import type {QueryRule} from './queryRules';
import type {SynonymEntry} from './synonyms';

type FileSynonym =
  | [objectID: string, synonyms: string[]]
  | [objectID: string, input: string | string[], synonyms: string[]];
type FileRule = [
  objectID: string,
  optionalFilters: string[],
  patterns: (string | [string])[],
  description?: string,
];

const SYNONYM_MARK = '+';
const INPUT_MARK = '*';
const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function fail(message: string): never {
  throw new Error(`Invalid search index file: ${message}`);
}

/** Each entry short when it reads back the same (`expand`), else as it is. */
function compactEach<T, F>(entries: readonly T[], compact: (entry: T) => F, expand: (f: F) => T) {
  return entries.map((entry) => {
    const short = compact(entry);
    return sameJson(expand(short), entry) ? short : entry;
  });
}

const firstInput = (input: string | string[]): string => [input].flat()[0] ?? '';

function expandSynonym(entry: FileSynonym): SynonymEntry {
  const id = entry[0];
  if (entry.length === 2) {
    const synonyms = entry[1];
    return {objectID: id.replace(SYNONYM_MARK, slug(synonyms[0] ?? '')), type: 'synonym', synonyms};
  }
  const [, input, synonyms] = entry;
  const objectID = id.includes(SYNONYM_MARK)
    ? id.replace(SYNONYM_MARK, slug(synonyms[0] ?? ''))
    : id.replace(INPUT_MARK, slug(firstInput(input)));
  return {objectID, type: 'oneWaySynonym', input, synonyms};
}

function compactSynonym(entry: SynonymEntry): FileSynonym {
  const sources: [string, string][] = [[SYNONYM_MARK, entry.synonyms[0] ?? '']];
  if (entry.type === 'oneWaySynonym') sources.push([INPUT_MARK, firstInput(entry.input)]);
  let id = entry.objectID;
  for (const [mark, source] of sources) {
    const at = slug(source) ? entry.objectID.lastIndexOf(slug(source)) : -1;
    if (at >= 0) {
      id = entry.objectID.slice(0, at) + mark + entry.objectID.slice(at + slug(source).length);
      break;
    }
  }
  return entry.type === 'synonym' ? [id, entry.synonyms] : [id, entry.input, entry.synonyms];
}

function expandRule([objectID, optionalFilters, patterns, description]: FileRule): QueryRule {
  const conditions = patterns
    .flatMap((pattern) => (Array.isArray(pattern) ? patternForms(pattern[0]) : [pattern]))
    .map((pattern) => ({pattern, anchoring: 'contains' as const, alternatives: false as const}));
  const rule: QueryRule = {objectID, conditions, consequence: {params: {optionalFilters}}};
  if (description !== undefined) rule.description = description;
  return rule;
}

function compactRule(rule: QueryRule): FileRule {
  const all = rule.conditions.map((condition) => condition.pattern);
  const patterns: FileRule[2] = [];
  for (let i = 0; i < all.length;) {
    const forms = patternForms(all[i] as string);
    const withForms = forms.length > 1 && forms.every((form, k) => all[i + k] === form);
    patterns.push(withForms ? [all[i] as string] : (all[i] as string));
    i += withForms ? forms.length : 1;
  }
  const short: FileRule = [rule.objectID, rule.consequence.params.optionalFilters, patterns];
  if (rule.description !== undefined) short.push(rule.description);
  return short;
}

export const compactSynonyms = (entries: readonly SynonymEntry[]) =>
  compactEach(entries, compactSynonym, expandSynonym);
export const compactRules = (rules: readonly QueryRule[]) =>
  compactEach(rules, compactRule, expandRule);

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The synonym entries of a file's list (compactSynonyms), not yet checked. */
export function expandSynonyms(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((entry: unknown) => {
    if (!Array.isArray(entry)) return entry;
    const [id, input, synonyms] = entry as unknown[];
    const ok =
      typeof id === 'string' &&
      (entry.length === 2
        ? isStrings(input)
        : entry.length === 3 &&
          (typeof input === 'string' || isStrings(input)) &&
          isStrings(synonyms));
    if (!ok) fail(`a synonym entry is malformed: ${JSON.stringify(entry).slice(0, 80)}`);
    return expandSynonym(entry as FileSynonym);
  });
}

/** The query rules of a file's list (compactRules), not yet checked. */
export function expandRules(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((entry: unknown) => {
    if (!Array.isArray(entry)) return entry;
    const [id, filters, patterns, description] = entry as unknown[];
    const ok =
      typeof id === 'string' &&
      isStrings(filters) &&
      Array.isArray(patterns) &&
      patterns.every((p) => typeof p === 'string' || (isStrings(p) && p.length === 1)) &&
      (description === undefined || typeof description === 'string');
    if (!ok) fail(`a query rule is malformed: ${JSON.stringify(entry).slice(0, 80)}`);
    return expandRule(entry as FileRule);
  });
}
