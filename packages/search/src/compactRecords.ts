/**
 * The records of the index file, one page at a time: a page's records repeat its URL, section,
 * language and tag, and each record's hierarchy is the one before it with one heading changed, so
 * the file holds each page once and then its items in order: a content record as its text, a
 * heading record as its level and text. The rest is derived as the extractor makes it
 * (build/extractRecords.ts): objectID `<page id>-<position>`, the url from the page's and the
 * anchor, the anchor from the heading's text unless the item names it, weight.level from the type.
 * Records that do not fit (a test's hand-made ones, say) stand in the file as they are, so any
 * list of records reads back as it was written.
 */
import {HIERARCHY_LEVELS, LEVEL_WEIGHT, type DocSearchRecord, type Hierarchy} from './types';

/** A heading item: level (1 for lvl1), text, and its anchor unless headingAnchor gives it. */
type HeadingItem =
  [level: number, text: string] | [level: number, text: string, anchor: string | null];
type Item = string | HeadingItem;
type Page = [
  urlWithoutAnchor: string,
  idPrefix: string,
  language: string,
  tag: string,
  pageRank: number | null,
  lvl0: string | null,
  items: Item[],
];
export type FileRecords = (Page | DocSearchRecord)[];

/** The anchor of a heading whose item names none (Docusaurus's slug of its text, mostly). */
const headingAnchor = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function fail(message: string): never {
  throw new Error(`Invalid search index file: ${message}`);
}

function expandPage(page: Page, decode: (text: string) => string): DocSearchRecord[] {
  const [url, idPrefix, language, tag, pageRank, lvl0, items] = page;
  const hierarchy = Object.fromEntries(HIERARCHY_LEVELS.map((level) => [level, null])) as Hierarchy;
  hierarchy.lvl0 = lvl0;
  let anchor: string | null = null;
  return items.map((item, position) => {
    let content: string | null = null;
    let type: DocSearchRecord['type'] = 'content';
    if (typeof item === 'string') content = decode(item);
    else {
      const level = HIERARCHY_LEVELS[item[0]];
      if (!level || typeof item[1] !== 'string') fail(`page ${url} has a bad heading item`);
      const text = decode(item[1]);
      type = level;
      hierarchy[level] = text;
      for (const deeper of HIERARCHY_LEVELS.slice(item[0] + 1)) hierarchy[deeper] = null;
      if (item.length > 2 && item[2] !== null && typeof item[2] !== 'string')
        fail(`page ${url} has a bad anchor`);
      anchor = item.length > 2 ? (item[2] ?? null) : headingAnchor(text);
    }
    return {
      objectID: `${idPrefix}-${position}`,
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor,
      type,
      hierarchy: {...hierarchy},
      content,
      weight:
        pageRank === null
          ? {level: LEVEL_WEIGHT[type], position}
          : {level: LEVEL_WEIGHT[type], position, pageRank},
      language,
      docusaurus_tag: tag,
    };
  });
}

function compactPage(records: readonly DocSearchRecord[], encode: (text: string) => string): Page {
  const first = records[0] as DocSearchRecord;
  const items = records.map((record): Item => {
    if (record.type === 'content') return encode(record.content ?? '');
    const text = record.hierarchy[record.type] ?? '';
    const level = HIERARCHY_LEVELS.indexOf(record.type);
    return record.anchor === headingAnchor(text)
      ? [level, encode(text)]
      : [level, encode(text), record.anchor];
  });
  return [
    first.url_without_anchor,
    first.objectID.replace(/-\d+$/, ''),
    first.language,
    first.docusaurus_tag,
    first.weight.pageRank ?? null,
    first.hierarchy.lvl0,
    items,
  ];
}

/** The same JSON, keys in the same order: how a compact form proves it reads back as written. */
export const sameJson = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The records as the file holds them: each run of records of one page as a page, when it reads back
 * as the same records, else each record as it is.
 */
export function compactRecords(
  records: readonly DocSearchRecord[],
  encode: (text: string) => string,
  decode: (text: string) => string,
): FileRecords {
  const out: FileRecords = [];
  for (let start = 0; start < records.length;) {
    const url = (records[start] as DocSearchRecord).url_without_anchor;
    let end = start + 1;
    while (end < records.length && records[end]?.url_without_anchor === url) end++;
    const run = records.slice(start, end);
    const page = compactPage(run, encode);
    if (sameJson(expandPage(page, decode), run)) out.push(page);
    else out.push(...run);
    start = end;
  }
  return out;
}

/** The records of a file's list (compactRecords), not yet checked. */
export function expandRecords(value: unknown, decode: (text: string) => string): unknown[] {
  if (!Array.isArray(value)) fail('records missing');
  return value.flatMap((entry: unknown) => {
    if (!Array.isArray(entry)) return [entry];
    const [url, idPrefix, language, tag, pageRank, lvl0, items] = entry as unknown[];
    if (
      typeof url !== 'string' ||
      typeof idPrefix !== 'string' ||
      typeof language !== 'string' ||
      typeof tag !== 'string' ||
      (pageRank !== null && typeof pageRank !== 'number') ||
      (lvl0 !== null && typeof lvl0 !== 'string') ||
      !Array.isArray(items)
    )
      fail(`a page of records is malformed: ${JSON.stringify(entry).slice(0, 80)}`);
    return expandPage(entry as Page, decode);
  });
}
