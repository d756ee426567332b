/**
 * The rankings of the sharded index's answer files (issue 38): a short prefix's one-word query,
 * ranked at build time by the engine over every record, as the whole index ranks it. The build
 * reaches the engine through this module alone (ARCHITECTURE.md, rule 4).
 */
import {createQueryRanker, type EngineData, type KnownRanking} from './engine';
import {factsOfRecords} from './recordFacts';
import {prefixRequest} from './shardFileFormat';
import {buildTermIndex, recordTerms} from './termIndex';
import type {DocSearchRecord} from './types';

/**
 * The ranking of prefixRequest(word) for each of `words`, in their order; null for a word whose
 * hits cannot be answered from a known ranking (FreshRanking.known: split words or a synonym's
 * phrase), which the reader then answers from its postings.
 */
export function rankPrefixes(
  records: readonly DocSearchRecord[],
  data: Omit<EngineData, 'records'>,
  words: readonly string[],
): (KnownRanking | null)[] {
  const ranker = createQueryRanker(
    factsOfRecords(records),
    buildTermIndex(records),
    recordTerms(records),
    data,
  );
  return words.map((word) => ranker.rank(prefixRequest(word)).known());
}
