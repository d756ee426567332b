/**
 * The site's synonyms file (search/synonyms.json, in Algolia's synonym format): read and checked by
 * the build and the development index, which write its entries into the index file. A wrong file
 * fails the build naming the file and the entry.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {checkSynonyms, type SynonymEntry} from '../../src/search/synonyms';

/** Relative to the site directory. */
export const SYNONYMS_FILE = path.join('search', 'synonyms.json');

export async function readSynonymsFile(file: string): Promise<SynonymEntry[]> {
  const name = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(
      `[search-index] cannot read the synonyms file ${name}: ${(e as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`[search-index] ${name} is not JSON: ${(e as Error).message}`);
  }
  return checkSynonyms(value, `[search-index] ${name}`);
}
