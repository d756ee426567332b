/**
 * Synonyms in Algolia's format, shared by the build (which checks the repository's synonyms file
 * and writes its entries into the index file), `npm run search:push` (which sends the same entries
 * with `saveSynonyms`) and the embedded engine (which applies them as Algolia does).
 *
 * - `synonym`: every entry stands for every other ("k8s", "kubernetes").
 * - `oneWaySynonym`: the `input` also finds its `synonyms`, not the other way round (the Dutch
 *   "certificaat" finds "certificate"; an English query never matches Dutch words). The site's
 *   file may give a list of inputs that find the same synonyms ("certificaat", "certificaten"):
 *   one entry per concept, where Algolia takes one input per entry (push.ts splits such entries).
 *
 * Algolia's `alternativesAsExact` default applies: an alternative of one word counts as an exact
 * match of the query word; an alternative of several words must match as a phrase and does not
 * count as exact.
 */
import {STOP_WORDS} from './language';
import {terms} from './text';

/** The synonym types this site uses (Algolia also knows altCorrection1/2 and placeholder). */
const SYNONYM_TYPES = ['synonym', 'oneWaySynonym'] as const;

interface TwoWaySynonym {
  objectID: string;
  type: 'synonym';
  synonyms: string[];
}

interface OneWaySynonym {
  objectID: string;
  type: 'oneWaySynonym';
  /** One input (Algolia's format) or several with the same synonyms. */
  input: string | string[];
  synonyms: string[];
}

export type SynonymEntry = TwoWaySynonym | OneWaySynonym;

/** Query words (normalised, space-separated) -> what else they find, each a list of words. */
export interface SynonymTable {
  alternatives: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The most words of a key: the longest run of query words worth looking up. */
  longestKey: number;
}

function fail(source: string, entry: string, problem: string): never {
  throw new Error(`${source}: synonym ${entry} ${problem}`);
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && terms(value).length > 0;

/** Queries drop stop words before synonyms apply (language.ts), so such words never match. */
const onlyStopWords = (text: string): boolean => terms(text).every((word) => STOP_WORDS.has(word));

/**
 * Checks a synonyms file's parsed content: a list of entries, each with a unique objectID, a known
 * type and a non-empty list of words, where what a query must match is not stop words only. Throws
 * naming the file and the entry at fault.
 */
export function checkSynonyms(value: unknown, source: string): SynonymEntry[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a list of synonym entries`);
  const seen = new Set<string>();
  return value.map((raw: unknown, i) => {
    const name = `#${i + 1}`;
    if (raw === null || typeof raw !== 'object') fail(source, name, 'is not an object');
    const entry = raw as Record<string, unknown>;
    const {objectID, type, input, synonyms} = entry;
    if (typeof objectID !== 'string' || !objectID.trim()) fail(source, name, 'has no objectID');
    const id = JSON.stringify(objectID);
    if (seen.has(objectID)) fail(source, id, `repeats the objectID of an earlier entry`);
    // search:push names the Algolia entries of a list of inputs <objectID>#<n> (push.ts)
    if (objectID.includes('#')) fail(source, id, 'has a "#" in its objectID');
    seen.add(objectID);
    if (!SYNONYM_TYPES.includes(type as (typeof SYNONYM_TYPES)[number])) {
      fail(source, id, `has type ${JSON.stringify(type)}: use ${SYNONYM_TYPES.join(' or ')}`);
    }
    if (!Array.isArray(synonyms) || synonyms.length === 0)
      fail(source, id, 'has an empty list of synonyms');
    const bad = synonyms.find((s) => !isText(s));
    if (bad !== undefined) fail(source, id, `has a synonym without words: ${JSON.stringify(bad)}`);
    if (type === 'synonym') {
      if (synonyms.length < 2) fail(source, id, 'needs at least two synonyms to join');
      const stop = synonyms.find(onlyStopWords);
      if (stop !== undefined)
        fail(source, id, `has a synonym of stop words only: ${JSON.stringify(stop)}`);
      return {objectID, type, synonyms: synonyms as string[]};
    }
    const inputs: unknown[] = Array.isArray(input) ? input : [input];
    if (inputs.length === 0 || !inputs.every(isText)) fail(source, id, 'has no input words');
    const stop = inputs.find(onlyStopWords);
    if (stop !== undefined)
      fail(source, id, `has an input of stop words only: ${JSON.stringify(stop)}`);
    return {
      objectID,
      type: 'oneWaySynonym',
      input: input as string | string[],
      synonyms: synonyms as string[],
    };
  });
}

/** What a query may hold for the entry to apply: its inputs, or every word of a two-way entry. */
export const synonymSources = (entry: SynonymEntry): readonly string[] =>
  entry.type === 'oneWaySynonym' ? [entry.input].flat() : entry.synonyms;

/** The lookup table of the entries: what each run of query words also finds. */
export function compileSynonyms(entries: readonly SynonymEntry[]): SynonymTable {
  const table = new Map<string, Map<string, string[]>>();
  let longestKey = 0;
  const add = (from: string, to: string): void => {
    const key = terms(from);
    const words = terms(to);
    const joined = key.join(' ');
    if (words.join(' ') === joined) return;
    longestKey = Math.max(longestKey, key.length);
    let alternatives = table.get(joined);
    if (!alternatives) table.set(joined, (alternatives = new Map()));
    alternatives.set(words.join(' '), words);
  };
  for (const entry of entries)
    for (const from of synonymSources(entry)) for (const to of entry.synonyms) add(from, to);
  const alternatives = new Map([...table].map(([key, found]) => [key, [...found.values()]]));
  return {alternatives, longestKey};
}

export const NO_SYNONYMS: SynonymTable = {alternatives: new Map(), longestKey: 0};
