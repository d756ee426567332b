/**
 * Per-query parameters for questions, added by the site's one search client (algoliaClient.ts) to
 * every search it sends, so that hosted Algolia and the embedded engine get the same request and
 * rank it the same way. All three are plain Algolia parameters:
 *
 * - `queryType: 'prefixNone'` when the query ends in a stop word ("what does the manager do"): that
 *   last word is complete, not the start of a word still being typed, so `removeStopWords` drops it
 *   instead of matching it as a prefix ("do" would match "docker", "domain", "download"). The same
 *   when it ends in a question mark ("which ports do I open?"): "open" is then the word, not the
 *   start of "OpenID".
 * - `optionalFilters` on the concept pages for a question that asks what something is, why, or how
 *   two things differ ("what does the manager do", "why do I need a transaction log"; see
 *   asksForConcept): the Introduction section defines the things the tutorials and production
 *   pages use, so its records come first among those holding the question's words (Algolia's
 *   `filters` criterion, right after `words`). A question whether, who or when ranks the reference
 *   sections first in the same way (see REFERENCE_QUESTIONS).
 * - `optionalWords` with every word of a query of SENTENCE_WORDS words or more that are not stop
 *   words (a question, a task in a sentence, a pasted line): the records that hold them all still
 *   come first, but a page that answers in other words for one of them follows, instead of
 *   nothing when one record happens to hold them all (removeWordsIfNoResults only relaxes a
 *   query that finds nothing). A last word of one or two letters (not a number) that may still be
 *   typed stays required: as an optional prefix it would add nearly every record to the
 *   candidates on every keystroke (bench/README.md has what that cost).
 */
import {STOP_WORDS} from './language';
import {terms} from './text';
import type {SearchParams} from './types';

/** The section whose pages define FSC's concepts (hierarchy.lvl0 of its records). */
export const CONCEPT_SECTION = 'Introduction';
const sectionFilter = (section: string): string => `hierarchy.lvl0:${section}`;
export const CONCEPT_FILTER = sectionFilter(CONCEPT_SECTION);
/** The sections that explain and decide, as opposed to the tutorials' steps (REFERENCE_QUESTIONS). */
export const REFERENCE_SECTIONS = [CONCEPT_SECTION, 'FSC in production', 'Support'];
const REFERENCE_FILTER = REFERENCE_SECTIONS.map(sectionFilter);

/** A question with one of these asks how two things differ. */
const DIFFERENCE: ReadonlySet<string> = new Set([
  'difference',
  'differences',
  'different',
  'differ',
  'differs',
  'verschil',
  'verschillen',
  'verschilt',
]);

/**
 * "Why does … not …" asks why something fails: a troubleshooting entry answers it, not a
 * definition. "t" is what is left of "can't" and "doesn't" once terms() splits at the apostrophe.
 */
const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'cannot',
  'cant',
  'doesnt',
  'dont',
  'isnt',
  't',
  'niet',
  'geen',
  'nooit',
]);

/**
 * Questions that ask for a definition, a reason or a comparison: "what is …", "what's …", "what does
 * … do", "what happens when …", "why …" (unless it asks why something does not work, see
 * NEGATIONS) and any question about a difference. "What are the …" and "what do I …" mostly ask for
 * a list or a task ("what are the system requirements").
 */
function asksForConcept(words: readonly string[]): boolean {
  const [first, second] = words;
  if (words.some((word) => DIFFERENCE.has(word))) return true;
  if (first === 'why' || first === 'waarom') return !words.some((word) => NEGATIONS.has(word));
  if (first === 'what')
    return second === 'is' || second === 'does' || second === 's' || second === 'happens';
  if (first === 'wat') return second === 'is' || second === 'doet' || second === 'gebeurt';
  return false;
}

/**
 * The words that open a question asking whether something is so, who does it or when ("is the
 * Controller part of the standard", "do we need an Inway if we only consume APIs", "who can read
 * our transaction log records"): the Introduction, the production pages and Support answer those,
 * while a tutorial step named after the component it installs only holds the same words.
 */
const REFERENCE_QUESTIONS: ReadonlySet<string> = new Set([
  'is',
  'are',
  'do',
  'does',
  'can',
  'should',
  'must',
  'will',
  'kan',
  'kunnen',
  'moet',
  'moeten',
  'mag',
  'mogen',
  'heeft',
  'hebben',
  'zijn',
  'werkt',
  'who',
  'wie',
  'when',
  'wanneer',
]);

/** See optionalWords above. */
const SENTENCE_WORDS = 3;
/** A last word shorter than this, while it may still be typed, stays required (optionalWords). */
const OPTIONAL_PREFIX_LETTERS = 3;

type QuestionParams = Pick<SearchParams, 'queryType' | 'optionalFilters' | 'optionalWords'>;

export function questionParams(query: string): QuestionParams {
  const words = terms(query);
  const subjectWords = words.filter((word) => !STOP_WORDS.has(word)).length;
  if (words.length < 2 || subjectWords === 0) return {};
  const params: QuestionParams = {};
  const last = words[words.length - 1] as string;
  const complete = query.trimEnd().endsWith('?');
  if (complete || STOP_WORDS.has(last)) params.queryType = 'prefixNone';
  if (asksForConcept(words)) params.optionalFilters = [CONCEPT_FILTER];
  else if (REFERENCE_QUESTIONS.has(words[0] as string)) params.optionalFilters = [REFERENCE_FILTER];
  if (subjectWords >= SENTENCE_WORDS) {
    const beingTyped =
      params.queryType !== 'prefixNone' &&
      last.length < OPTIONAL_PREFIX_LETTERS &&
      !/^\d+$/.test(last); // a number is most often whole ("stays above 0") and prefixes few words
    params.optionalWords = [beingTyped ? words.slice(0, -1).join(' ') : query];
  }
  return params;
}
