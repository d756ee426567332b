/**
 * A synonym's targets must stand in the pages: a target no record holds finds nothing, and is left
 * over from a page that was rewritten. The build fails naming the entry and the target. A target
 * occurs as the engine would match it (packages/search/src/matching.ts, addAlternative): one word as a word
 * of a record's field, in either number; several words next to each other, in order, in one field.
 * A one-way entry needs every target; a two-way entry holds the reader's words too ("k8s"), so one
 * of its words is enough.
 */
import {pluralForms} from '../language';
import type {SynonymEntry} from '../synonyms';
import {terms} from '../text';
import {HIERARCHY_LEVELS, type DocSearchRecord} from '../types';

/** Whether a target occurs in the records, as `occurs` tells it for its words. */
type Occurs = (words: readonly string[]) => boolean;

function occurrence(records: readonly DocSearchRecord[]): Occurs {
  const words = new Set<string>();
  // Each field's words, space-separated and padded: a phrase is found as " a b ".
  const fields: string[] = [];
  for (const record of records) {
    const texts = [...HIERARCHY_LEVELS.map((level) => record.hierarchy[level]), record.content];
    for (const text of texts) {
      if (!text) continue;
      const fieldWords = terms(text);
      for (const word of fieldWords) words.add(word);
      fields.push(` ${fieldWords.join(' ')} `);
    }
  }
  const phrases = fields.join('\n');
  return (target) => {
    const [only] = target;
    if (target.length === 1 && only !== undefined)
      return [only, ...pluralForms(only)].some((form) => words.has(form));
    return phrases.includes(` ${target.join(' ')} `);
  };
}

/** Throws, naming the entry and the target, when a synonym's target is in no record. */
export function checkSynonymTargets(
  synonyms: readonly SynonymEntry[],
  records: readonly DocSearchRecord[],
  source: string,
): void {
  const occurs = occurrence(records);
  for (const entry of synonyms) {
    const absent = entry.synonyms.filter((target) => !occurs(terms(target)));
    const fails =
      entry.type === 'oneWaySynonym' ? absent.length > 0 : absent.length === entry.synonyms.length;
    if (fails) {
      throw new Error(
        `${source}: synonym ${JSON.stringify(entry.objectID)} leads to ${absent.map((t) => JSON.stringify(t)).join(', ')}, which no page holds: write the words a page uses, or remove the entry`,
      );
    }
  }
}
