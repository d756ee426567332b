/**
 * The query-language rules of search, followed by both back ends: the
 * embedded engine applies them to every query, and `npm run search:push`
 * gives hosted Algolia the same stop words (as its English stop-word
 * dictionary) and the matching index settings (`removeStopWords`,
 * `ignorePlurals`, `queryLanguages`: see packages/search/src/build/push.ts).
 *
 * - Stop words: a question ("how do I install the inway") carries its
 *   subject among words that occur in almost every paragraph; those words
 *   are dropped from the query, as Algolia's `removeStopWords` does: never
 *   from the last word while it may still be a prefix being typed, never from
 *   a quoted phrase, and not at all when the query holds nothing else.
 * - Plurals: "certificates" also matches "certificate" and the other way
 *   round, as Algolia's `ignorePlurals` does (pluralize's English rules here,
 *   Algolia's dictionary there; they agree on the words of these docs).
 */
import pluralize from 'pluralize';

export const QUERY_LANGUAGE = 'en' as const;
/**
 * The language many readers type in besides English. The site is English; Dutch queries reach its
 * pages through the Dutch stop words below and the one-way synonyms of packages/search/data/synonyms.json.
 */
export const READER_LANGUAGE = 'nl' as const;

/**
 * English function words: articles, pronouns, auxiliary verbs, question
 * words, prepositions and conjunctions, and the verbs a question wraps its
 * subject in. Deliberately short: "not", "up", "out", "use" or "without"
 * carry the meaning of a docs query.
 */
const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'each',
  'every',
  'i',
  'me',
  'my',
  'we',
  'us',
  'our',
  'you',
  'your',
  'it',
  'its',
  'they',
  'them',
  'their',
  'he',
  'she',
  'his',
  'her',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'am',
  'do',
  'does',
  'did',
  'have',
  'has',
  'had',
  'can',
  'could',
  'should',
  'would',
  'will',
  'shall',
  'may',
  'might',
  'must',
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'how',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'for',
  'from',
  'with',
  'into',
  'about',
  'as',
  'and',
  'or',
  'but',
  'if',
  'so',
  'then',
  'there',
  'here',
  // what a question wraps around its subject ("do I need", "my own", "if I only consume", "what
  // does … mean", "I want to …", "how much …")
  'need',
  'own',
  'only',
  'just',
  'mean',
  'means',
  'want',
  'much',
  'many',
]);

/**
 * Dutch function words, dropped like the English ones so that "hoe installeer ik de inway" keeps
 * "installeer inway". Left out: words that are also English words of these docs ("over", "door").
 * "met" is in although kubectl prints "condition met": Dutch queries hold it far more often. Unlike
 * "not", "niet" and "geen" are dropped too: in a Dutch query they mostly wrap a symptom ("de pod
 * start niet") whose other words find the troubleshooting entry, and the pages are English.
 */
export const DUTCH_STOP_WORDS: ReadonlySet<string> = new Set([
  'de',
  'het',
  'een',
  'van',
  'op',
  'en',
  'te',
  'voor',
  'naar',
  'bij',
  'uit',
  'aan',
  'af', // like "uit" and "aan", the particle of a split verb: "we nemen alleen API's af"
  'om',
  'tot',
  'tussen',
  'zonder',
  'dat',
  'dit',
  'deze',
  'wat',
  'welke',
  'welk',
  'wie',
  'hoe',
  'waar',
  'waarom',
  'wanneer',
  'ik',
  'je',
  'jij',
  'u',
  'mijn',
  'jouw',
  'uw',
  'wij',
  'ons',
  'onze',
  'hun',
  'zij',
  'er',
  'ben',
  'bent',
  'zijn',
  'was',
  'heb',
  'hebt',
  'heeft',
  'hebben',
  'kan',
  'kun',
  'kunt',
  'kunnen',
  'moet',
  'moeten',
  'mag',
  'wil',
  'wordt',
  'worden',
  'zal',
  'zou',
  'doe',
  'doet',
  'doen',
  'ook',
  'dan',
  'maar',
  'als',
  // what a question wraps around its subject, as "need", "own", "only", "want" and "how much"
  // above
  'nodig',
  'eigen',
  'zelf',
  'alleen',
  'willen',
  'wilt',
  'veel',
  'hoeveel',
  'betekent',
  'betekenis',
  // frequent in Dutch queries, and (but for "met", see above) never in the English pages
  'met',
  'niet',
  'geen',
  'na',
  'al',
  'die',
  'nog',
  'nu',
  'weer',
  'wel',
  'elk',
  'elke',
  'beide',
  'alles',
  'dezelfde',
  'omdat',
  'terwijl',
  'eigenlijk',
  'precies',
  'zit',
  'gaat',
  'gaan',
  'komt',
  'komen',
  'krijg',
  'krijgen',
  'staat',
  'staan',
  'laat',
  'laten',
  'zie',
  'ziet',
  'zien',
  'geeft',
  'geven',
  'mogen',
]);

/** Every word dropped from a query (see removeStopWords): the English and the Dutch function words. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...ENGLISH_STOP_WORDS,
  ...DUTCH_STOP_WORDS,
]);

/** The stop words per language, as `npm run search:push` gives them to Algolia's dictionary. */
export const STOP_WORDS_BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = {
  [QUERY_LANGUAGE]: ENGLISH_STOP_WORDS,
  [READER_LANGUAGE]: DUTCH_STOP_WORDS,
};

/**
 * Words of these docs that end like an English plural but are not one
 * (pluralize would fold "https" into "http", "postgres" into "postgre").
 */
const NOT_PLURALS = [
  'https',
  'dns',
  'tls',
  'mtls',
  'postgres',
  'kubernetes',
  'status',
  'ingress',
  'access',
  'address',
  'process',
  'class',
  'alias',
  'always',
  'cors',
  'jwks',
  'oidc',
  'series',
  'data',
  'metadata',
];
const NOT_FOLDED: ReadonlySet<string> = new Set([...NOT_PLURALS, ...STOP_WORDS]);
const rules = (() => {
  // pluralize keeps its rules in module state: add the exceptions once.
  for (const word of NOT_PLURALS) pluralize.addUncountableRule(word);
  return pluralize;
})();

/** Smallest word that is folded: shorter words are codes and abbreviations. */
const MIN_PLURAL_WORD = 3;

/** The other grammatical numbers of an English noun (its singular or plural form), without `word` itself. */
export function pluralForms(word: string): string[] {
  if (word.length < MIN_PLURAL_WORD || NOT_FOLDED.has(word) || !/^[a-z]+$/.test(word)) return [];
  const forms = new Set([rules.singular(word), rules.plural(word)]);
  forms.delete(word);
  return [...forms].filter((form) => form.length >= MIN_PLURAL_WORD && !NOT_FOLDED.has(form));
}

/** Whether a query option that is `true` or a list of ISO 639-1 codes applies to this site's language. */
export function appliesToQueryLanguage(option: boolean | readonly string[]): boolean {
  return option === true || (Array.isArray(option) && option.includes(QUERY_LANGUAGE));
}
