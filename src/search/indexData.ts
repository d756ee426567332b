/** Browser side of the index file: parsed, validated, and turned into a ready engine. */
import {createSearchEngine, type SearchEngine} from './engine';
import {readIndexFile} from './indexFormat';

export function loadIndex(json: unknown): SearchEngine {
  const file = readIndexFile(json);
  return createSearchEngine({records: file.records, synonyms: file.synonyms});
}
