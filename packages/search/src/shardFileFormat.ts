/**
 * The sharded search index's format (issue 38; see "The sharded index" in the package's README):
 * what the build writes beside the whole index file and what the sharded reader (shardedSearch.ts)
 * reads, written and checked here for both sides, as indexFileFormat.ts is for the whole index.
 *
 * - The manifest: the synonyms and query rules, the dictionary (every term the engine indexes,
 *   sorted and front-coded), the term each postings file starts with, the number of records (a
 *   text file holds TEXT_FILE_RECORDS of them), and the hash of all the files, which names them (`<hash>-p<n>.json`, see
 *   shardFileName): a list of content-hashed names would cost the manifest 3 KB gzip on the site.
 * - Postings files: the postings of a range of the sorted dictionary, one string a term (see
 *   encodePosting): the records holding it, the attributes, and every position in each attribute,
 *   so that proximity, phrases and split words read the matched terms' places without the text;
 *   then, when the build has a query-to-page prior, the rows of its words in that range
 *   (priorRowsFile), whose head (everything but the rows) is in the manifest: a query fetches
 *   only its words' rows, with the postings it fetches anyway.
 * - The table: what ranking, filters, facets and distinct read of every record (hierarchy.lvl0,
 *   type, weight, language, docusaurus_tag, and its page and url told apart from the others, not
 *   written out), each page once (see TablePage).
 * - Text files: what the table leaves out of a run of consecutive records (objectID, their pages'
 *   urls, anchor, hierarchy, content; see TextEntry), fetched for the hits a response shows.
 * - Answer files: the first page of hits of a prefix a one-word query has when its postings are
 *   large (a first keystroke, 'c'), as the build ranked it (see AnswerFile), with their text and
 *   the prior's row of the word: a prefix's postings are all its terms', which every hit, and
 *   nbHits, are ranked over.
 */
import {compactRules, compactSynonyms, expandRules, expandSynonyms} from './compactEntries';
import {sameJson} from './compactRecords';
import {facetValues, type RecordFacts} from './recordFacts';
import {CONTENT_RANK, FIELDS, fieldValue, NO_POSITION} from './fields';
import type {KnownRanking} from './engine';
import {decodePriorRows, encodePriorRows} from './priorFileFormat';
import {
  priorHead,
  priorWords,
  PRIOR_WINDOW,
  readPriorHead,
  type PriorHead,
  type QueryPrior,
} from './queryPrior';
import {checkQueryRules, type QueryRule} from './queryRules';
import {checkSynonyms, type SynonymEntry} from './synonyms';
import {terms as toTerms} from './text';
import type {Posting} from './termIndex';
import {HIERARCHY_LEVELS, LEVEL_WEIGHT, type DocSearchRecord, type RecordType} from './types';

const MANIFEST_FORMAT = 'fsc-search-shards';
const MANIFEST_VERSION = 5;

/**
 * Characters of postings (as written, before gzip) a postings file holds before the next term
 * starts another: about 4 KB gzip. Small, because a word's typos and prefixes reach terms all over
 * the dictionary, each in its own file: bytes, not requests, are what a first search waits for.
 */
const POSTINGS_FILE_CHARS = 6_000;
/**
 * Records a text file holds: a page of 20 hits fetches up to 20 of them, so they are small (about
 * 0.5 KB gzip on the site), and of a fixed count, so that the manifest needs no list of them.
 */
const TEXT_FILE_RECORDS = 3;

/**
 * The record attributes the table holds: the only ones a filter or facet may name. Its pages and
 * urls are keys, not urls (see factsOf): the best bets' filters on url_without_anchor are written
 * with those keys (serializeShards), and a request's own filter on them is refused.
 */
export const TABLE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'hierarchy.lvl0',
  'type',
  'language',
  'docusaurus_tag',
]);

/** What the manifest holds, as its reader gets it. */
export interface ShardManifest {
  /** Every term of the records, sorted. */
  terms: string[];
  /** The hash of the files, in their names (shardFileName). */
  hash: string;
  /** The first term (index in `terms`) of each postings file. */
  postingStarts: number[];
  /** The first record of each text file (every TEXT_FILE_RECORDS-th). */
  textStarts: number[];
  synonyms?: SynonymEntry[];
  rules?: QueryRule[];
  /** The query-to-page prior without its rows (none when the build has no prior). */
  prior?: PriorHead;
  /** The words whose answer files there are (`<hash>-a<n>.json` for the n-th), in order. */
  answers: string[];
}

/** The manifest as JSON holds it. */
interface ManifestFile {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  rules?: unknown[];
  synonyms?: unknown[];
  /** The sorted terms, one a line, each after the number of letters it shares with the one before (as a character, see frontCode). */
  terms: string;
  hash: string;
  postingStarts: number[];
  /** How many records there are, and so text files. */
  records: number;
  prior?: PriorHead;
  /** ShardManifest's answers, ' ' between them (left out when there are none). */
  answers?: string;
}

/** A file's name beside the manifest: the table, postings file `n`, text file `n` or answer file `n`. */
export const shardFileName = (hash: string, file: 'table' | ['p' | 't' | 'a', number]): string =>
  `${hash}-${file === 'table' ? file : `${file[0]}${file[1]}`}.json`;

/**
 * The sharded index as files, the manifest given the hash of the others (the build's sha256) and
 * the words it has answer files of.
 */
export interface ShardFiles {
  /** The dictionary (every term, sorted) and the first term of each postings file. */
  terms: string[];
  postingStarts: number[];
  postings: string[];
  table: string;
  texts: string[];
  /** The answer file of `word`, given its ranking of prefixRequest(word). */
  answer: (word: string, known: KnownRanking) => string;
  manifest: (hash: string, answers?: readonly string[]) => string;
}

// --- The postings --------------------------------------------------------------------------------

/**
 * A term's posting, written: its records, `;` between them, each as its id (base 36, after the
 * one before it: the difference), then each attribute holding the term: a letter from `A` (rank
 * 0) and the term's positions there (base 36, each after the one before, `.` between them); or a
 * letter from `I` (rank 0) when the attribute is the term alone (position 0, which the exact
 * criterion asks about: exactOnSingleWordQuery).
 */
interface TermPlaces {
  /** Per record holding the term (ascending ids): per attribute rank, its positions there. */
  records: Map<number, Map<number, number[]>>;
}

const FIELD_LETTER = 0x41;
const WHOLE_LETTER = FIELD_LETTER + FIELDS.length;

function encodePosting(
  places: TermPlaces,
  wholeFields: (id: number, rank: number) => boolean,
): string {
  let before = 0;
  const out: string[] = [];
  for (const [id, fields] of places.records) {
    let entry = (id - before).toString(36);
    before = id;
    for (const [rank, positions] of [...fields].sort((a, b) => a[0] - b[0])) {
      if (wholeFields(id, rank)) {
        entry += String.fromCharCode(WHOLE_LETTER + rank);
        continue;
      }
      let at = 0;
      entry +=
        String.fromCharCode(FIELD_LETTER + rank) +
        positions
          .map((p) => {
            const step = p - at;
            at = p;
            return step.toString(36);
          })
          .join('.');
    }
    out.push(entry);
  }
  return out.join(';');
}

/** Where a posting tells a record's field holds a term: what the reader's RecordTerms is built from. */
export type Place = (id: number, rank: number, position: number, whole: boolean) => void;

/** A written posting as the term index holds it (termIndex.ts's Posting), each place given to `place`. */
export function decodePosting(text: string, place: Place): Posting {
  const posting: Posting = {ids: [], masks: [], positions: []};
  if (text === '') return posting;
  let id = 0;
  for (const entry of text.split(';')) {
    const parts = entry.split(/(?=[A-Z])/);
    id += parseInt(parts[0] as string, 36);
    let mask = 0;
    let first = NO_POSITION;
    for (let k = 1; k < parts.length; k++) {
      const part = parts[k] as string;
      const letter = part.charCodeAt(0);
      const whole = letter >= WHOLE_LETTER;
      const rank = letter - (whole ? WHOLE_LETTER : FIELD_LETTER);
      if (!(rank >= 0 && rank < FIELDS.length)) fail(`a posting names attribute ${part[0]}`);
      mask |= 1 << rank;
      if (whole) {
        place(id, rank, 0, true);
        if (rank === CONTENT_RANK) first = 0;
        continue;
      }
      let at = 0;
      for (const step of part.slice(1).split('.')) {
        at += parseInt(step, 36);
        place(id, rank, at, false);
        if (rank === CONTENT_RANK) first = Math.min(first, at);
      }
    }
    if (Number.isNaN(id) || mask === 0) fail(`a malformed posting: ${entry.slice(0, 40)}`);
    posting.ids.push(id);
    posting.masks.push(mask);
    posting.positions.push(first);
  }
  return posting;
}

/** Every term of the records with its places (termIndex.ts buildTermIndex's terms and positions). */
function termPlaces(records: readonly DocSearchRecord[]): {
  places: Map<string, TermPlaces>;
  whole: (id: number, rank: number) => boolean;
} {
  const places = new Map<string, TermPlaces>();
  const wholeFields = new Set<number>();
  records.forEach((record, id) => {
    FIELDS.forEach((field, rank) => {
      const text = fieldValue(record, field);
      if (!text) return;
      const fieldTerms = toTerms(text);
      if (fieldTerms.length === 1) wholeFields.add(id * FIELDS.length + rank);
      fieldTerms.forEach((term, position) => {
        let found = places.get(term);
        if (!found) places.set(term, (found = {records: new Map()}));
        let fields = found.records.get(id);
        if (!fields) found.records.set(id, (fields = new Map()));
        const positions = fields.get(rank);
        if (positions) positions.push(position);
        else fields.set(rank, [position]);
      });
    });
  });
  return {places, whole: (id, rank) => wholeFields.has(id * FIELDS.length + rank)};
}

// --- The table -----------------------------------------------------------------------------------

/**
 * The table's facts of a record: what ranking, filters, facets and distinct read, as a record
 * without text (objectID, anchor, hierarchy and content empty). Its page and url only need to be
 * told apart from the others' (distinct, the best bets' filters), so its page is a key, `#<n>`
 * for the table's n-th page (pageKey), and its url the page's key and a number (`#<n> <k>`): at
 * 10,000 pages the urls were over half of the table's bytes. The text files hold the real ones.
 */
const factsOf = (record: DocSearchRecord, url: string, page: string): DocSearchRecord => ({
  objectID: '',
  url,
  url_without_anchor: page,
  anchor: null,
  type: record.type,
  hierarchy: Object.fromEntries(
    HIERARCHY_LEVELS.map((level) => [level, level === 'lvl0' ? record.hierarchy.lvl0 : null]),
  ) as DocSearchRecord['hierarchy'],
  content: null,
  weight: record.weight,
  language: record.language,
  docusaurus_tag: record.docusaurus_tag,
});

const pageKey = (n: number): string => `#${n}`;

/**
 * A page of the table (its key: its place among the table's pages, pageKey): its language, tag,
 * pageRank (null: none), section (hierarchy.lvl0, which
 * the question rules' optional filters name), and per record one letter of
 * its type ('0' to '6' for the heading levels, 'c' for content), after '+' when its url is one the
 * page has not had before (its anchor changed), or after `~<n>.` when it is the page's n-th url
 * again. weight.level follows the type and weight.position the record's place in the page.
 */
type TablePage = [
  language: string,
  tag: string,
  pageRank: number | null,
  lvl0: string | null,
  kinds: string,
];
/** A run of records that does not read back as a page stands as their facts, as they are. */
type TableEntry = TablePage | [facts: DocSearchRecord];

const typeOfLetter = (letter: string): RecordType | undefined =>
  letter === 'c' ? 'content' : HIERARCHY_LEVELS[Number(letter)];

/**
 * Reads a table page's kinds: gives each record's type and the number of its url among the page's
 * (`page` names it in an error), in order; returns how many urls the page has.
 */
function readKinds(
  kinds: string,
  page: string,
  each: (type: RecordType, url: number) => void,
): number {
  let urls = 0;
  let current = -1;
  for (const [, mark, back, letter] of kinds.matchAll(/(\+|~([0-9a-z]+)\.)?(.)/g)) {
    if (mark === '+') current = urls++;
    else if (back !== undefined) current = parseInt(back, 36);
    const type = typeOfLetter(letter as string);
    if (!type || current < 0 || current >= urls) fail(`page ${page} has a bad record kind`);
    each(type, current);
  }
  return urls;
}

const typeLetter = (type: RecordType): string | undefined =>
  type === 'content'
    ? 'c'
    : HIERARCHY_LEVELS.includes(type)
      ? String(HIERARCHY_LEVELS.indexOf(type))
      : undefined;

/** The run of a page's records as a table page; null when a record's type has no letter. */
function compactTablePage(run: readonly DocSearchRecord[]): TablePage | null {
  const first = run[0] as DocSearchRecord;
  const urls = new Map<string, number>();
  let previous = -1;
  let kinds = '';
  for (const record of run) {
    const letter = typeLetter(record.type);
    if (letter === undefined) return null;
    const known = urls.get(record.url);
    const n = known ?? urls.size;
    if (known === undefined) urls.set(record.url, n);
    kinds += (known === undefined ? '+' : n === previous ? '' : `~${n.toString(36)}.`) + letter;
    previous = n;
  }
  return [
    first.language,
    first.docusaurus_tag,
    first.weight.pageRank ?? null,
    first.hierarchy.lvl0,
    kinds,
  ];
}

/** Whether a page's facts as the table gives them back are the run's, urls told apart alike. */
function readsBack(
  run: readonly DocSearchRecord[],
  facts: readonly DocSearchRecord[],
  page: string,
): boolean {
  const urls = new Map<string, string>();
  return (
    run.every((record, i) => {
      const read = facts[i] as DocSearchRecord;
      const url = urls.get(record.url) ?? read.url;
      urls.set(record.url, url);
      return url === read.url && sameJson(read, factsOf(record, read.url, page));
    }) && new Set(urls.values()).size === urls.size
  );
}

function serializeTable(records: readonly DocSearchRecord[]): string {
  const entries: TableEntry[] = [];
  // A page whose records are not all in one run stands as facts: its urls' numbers are per run.
  const runs = new Map<string, number>();
  records.forEach((record, i) => {
    const page = record.url_without_anchor;
    if (records[i - 1]?.url_without_anchor !== page) runs.set(page, (runs.get(page) ?? 0) + 1);
  });
  for (let start = 0; start < records.length;) {
    const page = (records[start] as DocSearchRecord).url_without_anchor;
    let end = start + 1;
    while (end < records.length && records[end]?.url_without_anchor === page) end++;
    const run = records.slice(start, end);
    const compact = runs.get(page) === 1 ? compactTablePage(run) : null;
    // Read back as a table of that page alone: its key there is the first (its keys are labels).
    if (compact && readsBack(run, tableRecords(readTable(tableFile([compact]))), pageKey(0))) {
      entries.push(compact);
    } else {
      for (const record of run) entries.push([factsOf(record, record.url, page)]);
    }
    start = end;
  }
  return JSON.stringify(tableFile(entries));
}

const tableFile = (entries: TableEntry[]) => ({format: 'fsc-search-table', records: entries});

/**
 * The table as the reader keeps it: the facts ranking, filters, facets and distinct read, in typed
 * arrays (see RecordFacts), and each record's facts as a record without text (factsOf) for the few
 * a response shows.
 */
export interface TableFacts extends RecordFacts {
  /** Record `id`'s facts as a record without text, made when asked for (factsOf). */
  record(id: number): DocSearchRecord;
}

/** The record types, each by its place here in the table's typed array of types. */
const RECORD_TYPES: readonly RecordType[] = [...HIERARCHY_LEVELS, 'content'];

/** Parses and checks a table file (a JSON string or the parsed value): the facts of every record. */
export function readTable(json: unknown): TableFacts {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  const file = data as {format?: unknown; records?: unknown} | null;
  if (file?.format !== 'fsc-search-table' || !Array.isArray(file.records)) fail('not a table');
  // Per record, while reading: its page (-1 when it stands as its facts), type, url number and
  // position; kept in typed arrays after.
  const pageOf: number[] = [];
  const typeOf: number[] = [];
  const urlOf: number[] = [];
  const positionOf: number[] = [];
  // Per page (its number is its key's, pageKey): its facts, each string once, and where its urls'
  // numbers start.
  const strings = new Map<string, string>();
  const once = (text: string): string => strings.get(text) ?? (strings.set(text, text), text);
  const languages: string[] = [];
  const tags: string[] = [];
  const sections: (string | null)[] = [];
  const pageRankOf: (number | null)[] = [];
  const urlStarts: number[] = [];
  // A record standing as its facts keeps them, and its url's number by its url, which is never
  // a page's key and number (`#<n> <k>`): they are told apart as their urls are.
  const standing = new Map<number, DocSearchRecord>();
  const standingUrls = new Map<string, number>();
  let urlCount = 0;
  for (const entry of file.records as unknown[]) {
    if (!Array.isArray(entry)) fail('a table entry is not a list');
    if (entry.length === 1) {
      const facts = entry[0] as DocSearchRecord;
      if (typeof facts?.url !== 'string' || typeof facts.weight?.level !== 'number')
        fail('a record of the table has no url or weight');
      let url = standingUrls.get(facts.url);
      if (url === undefined) standingUrls.set(facts.url, (url = urlCount++));
      standing.set(pageOf.length, facts);
      pageOf.push(-1);
      typeOf.push(0);
      urlOf.push(url);
      positionOf.push(facts.weight.position);
      continue;
    }
    const [language, tag, pageRank, lvl0, kinds] = entry as unknown[];
    if (
      entry.length !== 5 ||
      typeof language !== 'string' ||
      typeof tag !== 'string' ||
      (pageRank !== null && typeof pageRank !== 'number') ||
      (lvl0 !== null && typeof lvl0 !== 'string') ||
      typeof kinds !== 'string'
    )
      fail(`a page of the table is malformed: ${JSON.stringify(entry).slice(0, 80)}`);
    const page = languages.length;
    languages.push(once(language));
    tags.push(once(tag));
    sections.push(lvl0 === null ? null : once(lvl0));
    pageRankOf.push(pageRank);
    const first = urlCount;
    urlStarts.push(first);
    let position = 0;
    urlCount += readKinds(kinds, pageKey(page), (type, url) => {
      pageOf.push(page);
      typeOf.push(RECORD_TYPES.indexOf(type));
      urlOf.push(first + url);
      positionOf.push(position++);
    });
  }
  const pages = Int32Array.from(pageOf);
  const types = Uint8Array.from(typeOf);
  const urls = Int32Array.from(urlOf);
  const positions = Float64Array.from(positionOf);
  const typeAt = (id: number) => RECORD_TYPES[types[id] as number] as RecordType;
  const standingFacts = (id: number) => standing.get(id) as DocSearchRecord;
  const record = (id: number): DocSearchRecord => {
    const page = pages[id] as number;
    if (page < 0) return standingFacts(id);
    const type = typeAt(id);
    const level = LEVEL_WEIGHT[type];
    const position = positions[id] as number;
    const pageRank = pageRankOf[page] as number | null;
    const key = pageKey(page);
    return factsOf(
      {
        type,
        hierarchy: {lvl0: sections[page]} as DocSearchRecord['hierarchy'],
        weight: pageRank === null ? {level, position} : {level, position, pageRank},
        language: languages[page],
        docusaurus_tag: tags[page],
      } as DocSearchRecord,
      `${key} ${(urls[id] as number) - (urlStarts[page] as number)}`,
      key,
    );
  };
  // Every record with the same value gets the same array (RecordFacts.values).
  const interned = new Map<string, readonly string[]>();
  const one = (value: string): readonly string[] => {
    let values = interned.get(value);
    if (!values) interned.set(value, (values = [value]));
    return values;
  };
  const pageKeys: (readonly string[] | undefined)[] = [];
  const NONE: readonly string[] = [];
  return {
    count: pages.length,
    urls,
    urlCount,
    pageRanks: Float64Array.from(pages, (page, id) =>
      page < 0 ? (standingFacts(id).weight.pageRank ?? 0) : (pageRankOf[page] ?? 0),
    ),
    levels: Float64Array.from(pages, (page, id) =>
      page < 0 ? standingFacts(id).weight.level : LEVEL_WEIGHT[typeAt(id)],
    ),
    positions,
    values(id, attribute) {
      const page = pages[id] as number;
      if (page < 0) return facetValues(record(id), attribute);
      switch (attribute) {
        case 'language':
          return one(languages[page] as string);
        case 'docusaurus_tag':
          return one(tags[page] as string);
        case 'type':
          return one(typeAt(id));
        case 'hierarchy.lvl0': {
          const section = sections[page] as string | null;
          return section === null ? NONE : one(section);
        }
        case 'url_without_anchor':
          return (pageKeys[page] ??= [pageKey(page)]);
        default:
          return facetValues(record(id), attribute);
      }
    },
    record,
  };
}

/** Every record's facts as a record without text, in order (for the build, not the reader). */
const tableRecords = (table: TableFacts): DocSearchRecord[] =>
  Array.from({length: table.count}, (_, id) => table.record(id));

// --- The text ------------------------------------------------------------------------------------

/** Where each text file starts, for `count` records. */
const textStarts = (count: number): number[] =>
  Array.from({length: Math.ceil(count / TEXT_FILE_RECORDS)}, (_, n) => n * TEXT_FILE_RECORDS);

/**
 * A record in a text file: its objectID, anchor, hierarchy (lvl0 on, trailing nulls left off) and
 * content; its page's url is the file's (the file starts with the urls of its records' pages, in
 * the order of the table's keys), the rest is the table's. A record that would not read back so
 * stands as it is.
 */
type TextEntry = [
  objectID: string,
  anchor: string | null,
  levels: (string | null)[],
  content: string | null,
];

function textRecord(entry: TextEntry, facts: DocSearchRecord, page: string): DocSearchRecord {
  const [objectID, anchor, levels, content] = entry;
  return {
    objectID,
    url: anchor === null ? page : `${page}#${anchor}`,
    url_without_anchor: page,
    anchor,
    type: facts.type,
    hierarchy: Object.fromEntries(
      HIERARCHY_LEVELS.map((level, i) => [level, levels[i] ?? null]),
    ) as DocSearchRecord['hierarchy'],
    content,
    weight: facts.weight,
    language: facts.language,
    docusaurus_tag: facts.docusaurus_tag,
  };
}

function textEntry(record: DocSearchRecord, facts: DocSearchRecord): TextEntry | DocSearchRecord {
  const levels = HIERARCHY_LEVELS.map((level) => record.hierarchy[level] ?? null);
  while (levels.length > 0 && levels.at(-1) === null) levels.pop();
  const entry: TextEntry = [record.objectID, record.anchor, levels, record.content];
  return sameJson(textRecord(entry, facts, record.url_without_anchor), record) ? entry : record;
}

/** The table's page keys of a text file's records, each once, in order. */
const pageKeys = (facts: readonly DocSearchRecord[]): string[] => [
  ...new Set(facts.map((record) => record.url_without_anchor)),
];

/** A text file of `records`, given the table's facts of them. */
function serializeTextFile(
  records: readonly DocSearchRecord[],
  facts: readonly DocSearchRecord[],
): string {
  const keys = pageKeys(facts);
  const urls = keys.map(
    (key) =>
      (records[facts.findIndex((record) => record.url_without_anchor === key)] as DocSearchRecord)
        .url_without_anchor,
  );
  return JSON.stringify([
    urls,
    ...records.map((record, i) => textEntry(record, facts[i] as DocSearchRecord)),
  ]);
}

/** The whole records of a text file, given the table's facts of its records, in order. */
export function readTextFile(json: unknown, facts: readonly DocSearchRecord[]): DocSearchRecord[] {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  const keys = pageKeys(facts);
  if (!Array.isArray(data) || data.length !== facts.length + 1)
    fail(`a text file does not hold its ${facts.length} records`);
  const [urls, ...entries] = data as unknown[];
  if (
    !Array.isArray(urls) ||
    urls.length !== keys.length ||
    !urls.every((url) => typeof url === 'string')
  )
    fail("a text file does not hold its records' pages");
  const pageOf = new Map(keys.map((key, k) => [key, urls[k] as string]));
  return entries.map((entry: unknown, i) => {
    if (!Array.isArray(entry)) return entry as DocSearchRecord;
    const [objectID, anchor, levels, content] = entry as unknown[];
    if (
      typeof objectID !== 'string' ||
      (anchor !== null && typeof anchor !== 'string') ||
      !Array.isArray(levels) ||
      (content !== null && typeof content !== 'string')
    )
      fail(`a record of a text file is malformed: ${JSON.stringify(entry).slice(0, 80)}`);
    const record = facts[i] as DocSearchRecord;
    return textRecord(entry as TextEntry, record, pageOf.get(record.url_without_anchor) as string);
  });
}

// --- The answers ---------------------------------------------------------------------------------

/**
 * The request an answer file answers, ranked by the build: the word alone, as a one-word query
 * (the last word, so a prefix), all the hits the client asks for to fuse with the prior (its
 * window), and every facet; the engine decides which requests rank alike (answersAs): the modal's
 * and /search's, their filters accepting every record, and their highlights and snippets shaped
 * by the reader.
 */
export const prefixRequest = (word: string): Record<string, unknown> => ({
  query: word,
  hitsPerPage: PRIOR_WINDOW,
  facets: ['*'],
});

/**
 * An answer file: the ranking of prefixRequest(word) (KnownRanking), the text of its hits (as a
 * text file of them: their pages' urls, then each record's TextEntry) and the prior's rows of the
 * word (priorWords; none when the build has no prior or the word has no row).
 */
interface AnswerFile {
  hits: number[];
  nbHits: number;
  facets: Record<string, Record<string, number>>;
  text: unknown[];
  prior?: [words: string, counts: string];
}

/** What an answer file gives the reader: the ranking, its hits' records, the word's prior rows. */
export interface PrefixAnswer {
  known: KnownRanking;
  records: DocSearchRecord[];
  priorRows: Record<string, number[]>;
}

/** Parses and checks an answer file, given the table. */
export function readAnswerFile(json: unknown, table: TableFacts): PrefixAnswer {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  const file = data as Partial<AnswerFile> | null;
  const {hits, nbHits, facets, text, prior} = file ?? {};
  if (
    !Array.isArray(hits) ||
    !hits.every((id) => Number.isInteger(id) && id >= 0 && id < table.count) ||
    !Number.isInteger(nbHits) ||
    facets === null ||
    typeof facets !== 'object' ||
    !Array.isArray(text)
  )
    fail('an answer file is malformed');
  const known: KnownRanking = {hitIds: hits, nbHits: nbHits as number, facets};
  const records = readTextFile(
    text,
    hits.map((id) => table.record(id)),
  );
  const priorRows = prior === undefined ? {} : decodePriorRows(prior[0], prior[1], fail);
  return {known, records, priorRows};
}

// --- The dictionary and the manifest -------------------------------------------------------------

/** Characters '0' on stand for the letters a term shares with the one before (at most MAX_SHARED). */
const SHARED_BASE = 0x30;
const MAX_SHARED = 60;

function frontCode(sorted: readonly string[]): string {
  let before = '';
  return sorted
    .map((term) => {
      let shared = 0;
      while (shared < MAX_SHARED && term[shared] !== undefined && term[shared] === before[shared])
        shared++;
      before = term;
      return String.fromCharCode(SHARED_BASE + shared) + term.slice(shared);
    })
    .join('\n');
}

function frontDecode(text: string): string[] {
  let before = '';
  return text === ''
    ? []
    : text.split('\n').map((line) => {
        const shared = line.charCodeAt(0) - SHARED_BASE;
        before = before.slice(0, shared) + line.slice(1);
        return before;
      });
}

/**
 * The last file `i` of `count` whose start `startsAtOrBefore(i)` says is at or before what is looked
 * for (the starts ascend), by bisection; 0 when none is.
 */
function lastFileStartingBefore(count: number, startsAtOrBefore: (i: number) => boolean): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (startsAtOrBefore(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The last of ascending `starts` at or before `n`: the file holding item `n` (a term, a record). */
export const fileOf = (starts: readonly number[], n: number): number =>
  lastFileStartingBefore(starts.length, (i) => (starts[i] as number) <= n);

/**
 * The postings file that holds the prior's row of `word` (a query word, priorWords): the last
 * whose first term is not after it, so that a word of the dictionary is in its own term's file.
 */
export function priorRowsFile(
  manifest: Pick<ShardManifest, 'terms' | 'postingStarts'>,
  word: string,
): number {
  const {terms, postingStarts} = manifest;
  return lastFileStartingBefore(
    postingStarts.length,
    (i) => (terms[postingStarts[i] as number] as string) <= word,
  );
}

/**
 * A best bet's rule with its filters on url_without_anchor naming the page's key in the table
 * (`keyOf`, from each page's url: factsOf), which is what the ranker reads there.
 */
function withPageKeys(rule: QueryRule, keyOf: ReadonlyMap<string, string>): QueryRule {
  const optionalFilters = rule.consequence.params.optionalFilters.map((text) => {
    const page = /^url_without_anchor:(.*)$/s.exec(text)?.[1];
    return page === undefined ? text : `url_without_anchor:${keyOf.get(page) ?? page}`;
  });
  return {...rule, consequence: {...rule.consequence, params: {optionalFilters}}};
}

/** The sharded index of `records`, with its synonyms, query rules and prior. */
export function serializeShards(
  records: readonly DocSearchRecord[],
  options: {
    synonyms?: readonly SynonymEntry[];
    rules?: readonly QueryRule[];
    prior?: QueryPrior | null;
  } = {},
): ShardFiles {
  const {places, whole} = termPlaces(records);
  const sorted = [...places.keys()].sort();
  const postingFiles: string[][] = [];
  const postingStarts: number[] = [];
  let chars = 0;
  sorted.forEach((term, i) => {
    const written = encodePosting(places.get(term) as TermPlaces, whole);
    // A term that would take the file past its size starts the next: a large posting stands alone.
    const file = postingFiles.at(-1);
    if (file && chars + written.length <= POSTINGS_FILE_CHARS) {
      file.push(written);
      chars += written.length;
      return;
    }
    postingStarts.push(i);
    postingFiles.push([written]);
    chars = written.length;
  });
  // The prior's rows, each in the file of its word's range (none when there are no postings).
  const rows = postingFiles.map((): Record<string, number[]> => ({}));
  for (const [word, counts] of Object.entries(options.prior?.words ?? {})) {
    const found = rows[priorRowsFile({terms: sorted, postingStarts}, word)];
    if (found) found[word] = counts;
  }
  const postings = postingFiles.map((file, n) => {
    const fileRows = rows[n] as Record<string, number[]>;
    return JSON.stringify(
      Object.keys(fileRows).length > 0 ? [...file, encodePriorRows(fileRows)] : file,
    );
  });
  const starts = textStarts(records.length);
  const table = serializeTable(records);
  const facts = tableRecords(readTable(table));
  const keyOf = new Map(
    records.map((record, i) => [
      record.url_without_anchor,
      (facts[i] as DocSearchRecord).url_without_anchor,
    ]),
  );
  const texts = starts.map((start, k) => {
    const end = starts[k + 1] ?? records.length;
    return serializeTextFile(records.slice(start, end), facts.slice(start, end));
  });
  return {
    terms: sorted,
    postingStarts,
    postings,
    table,
    texts,
    answer(word, known) {
      const file: AnswerFile = {
        hits: known.hitIds,
        nbHits: known.nbHits,
        facets: known.facets,
        text: JSON.parse(
          serializeTextFile(
            known.hitIds.map((id) => records[id] as DocSearchRecord),
            known.hitIds.map((id) => facts[id] as DocSearchRecord),
          ),
        ) as unknown[],
      };
      const rows = Object.fromEntries(
        priorWords(word).flatMap((w) => {
          const counts = options.prior?.words[w];
          return counts ? [[w, counts]] : [];
        }),
      );
      if (Object.keys(rows).length > 0) file.prior = encodePriorRows(rows);
      return JSON.stringify(file);
    },
    manifest(hash, answers = []) {
      const file: Partial<ManifestFile> = {format: MANIFEST_FORMAT, version: MANIFEST_VERSION};
      if (options.rules && options.rules.length > 0)
        file.rules = compactRules(options.rules.map((rule) => withPageKeys(rule, keyOf)));
      if (options.synonyms && options.synonyms.length > 0)
        file.synonyms = compactSynonyms(options.synonyms);
      file.terms = frontCode(sorted);
      file.hash = hash;
      file.postingStarts = postingStarts;
      file.records = records.length;
      if (options.prior) file.prior = priorHead(options.prior);
      if (answers.length > 0) file.answers = answers.join(' ');
      return JSON.stringify(file);
    },
  };
}

function fail(message: string): never {
  throw new Error(`Invalid search shard file: ${message}`);
}

/** Ascending numbers from 0: where each postings file starts. */
function checkStarts(starts: unknown, what: string): number[] {
  if (
    !Array.isArray(starts) ||
    !starts.every((n, i) => Number.isInteger(n) && (i === 0 ? n === 0 : n > starts[i - 1]))
  )
    fail(`${what}: bad starts`);
  return starts as number[];
}

/** Parses and validates a manifest (a JSON string or the parsed value). */
export function readShardManifest(json: unknown): ShardManifest {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  if (data === null || typeof data !== 'object') fail('the manifest is not an object');
  const file = data as Partial<ManifestFile>;
  if (file.format !== MANIFEST_FORMAT) fail(`unknown format ${JSON.stringify(file.format)}`);
  if (file.version !== MANIFEST_VERSION)
    fail(`manifest version ${JSON.stringify(file.version)} is not supported (rebuild the index)`);
  if (typeof file.terms !== 'string') fail('dictionary missing');
  if (typeof file.hash !== 'string' || !/^[0-9a-f]+$/.test(file.hash)) fail('hash missing');
  if (!Number.isInteger(file.records) || (file.records as number) < 0) fail('record count missing');
  const terms = frontDecode(file.terms);
  const postingStarts = checkStarts(file.postingStarts, 'postings');
  if ((postingStarts.at(-1) ?? 0) >= Math.max(terms.length, 1))
    fail('postings past the dictionary');
  if (file.answers !== undefined && typeof file.answers !== 'string') fail('bad answers');
  const manifest: ShardManifest = {
    terms,
    hash: file.hash,
    postingStarts,
    textStarts: textStarts(file.records as number),
    answers: file.answers ? file.answers.split(' ') : [],
  };
  if (file.synonyms !== undefined)
    manifest.synonyms = checkSynonyms(expandSynonyms(file.synonyms), 'Invalid search shard file');
  if (file.rules !== undefined)
    manifest.rules = checkQueryRules(expandRules(file.rules), 'Invalid search shard file');
  if (file.prior !== undefined) manifest.prior = readPriorHead(file.prior);
  return manifest;
}

/** What a postings file holds: its terms' postings, as written, and the prior's rows of its range. */
export interface PostingsFile {
  postings: string[];
  priorRows: Record<string, number[]>;
}

/** A postings file holding `count` terms (and maybe the prior's rows after them). */
export function readPostingsFile(json: unknown, count: number): PostingsFile {
  const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  const postings = Array.isArray(data) ? data.slice(0, count) : [];
  if (
    !Array.isArray(data) ||
    !(data.length === count || data.length === count + 1) ||
    !postings.every((p) => typeof p === 'string')
  )
    fail(`a postings file does not hold its ${count} terms`);
  const rows: unknown = data[count];
  if (rows === undefined) return {postings, priorRows: {}};
  if (!Array.isArray(rows) || rows.length !== 2) fail('a postings file has malformed prior rows');
  return {postings, priorRows: decodePriorRows(rows[0], rows[1], fail)};
}
