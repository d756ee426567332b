/**
 * The engine from an index file: the file parsed and validated (indexFileFormat.ts), then the
 * engine made over its records, synonyms and query rules. The browser's reader of the index, which the
 * evaluation, the benchmark and the tests use too.
 */
import {createSearchEngine, type SearchEngine} from './engine';
import {readIndexFile} from './indexFileFormat';

export function engineFromIndexFile(json: unknown): SearchEngine {
  const file = readIndexFile(json);
  return createSearchEngine({records: file.records, synonyms: file.synonyms, rules: file.rules});
}
