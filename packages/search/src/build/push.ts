/**
 * Pushes the built site's search records to a hosted Algolia index.
 *
 * The records come from the index file the build wrote into build/ (the
 * records the embedded engine serves), so both back ends rank the same data.
 * The index is replaced atomically: DocSearch settings are set on the
 * target index first, then `replaceAllObjects` copies them to a temporary
 * index, fills it and moves it over the target. The synonyms and query rules (the best bets) the
 * build wrote into the same file are saved on the target before the copy (replacing the old sets),
 * so the copy carries them too.
 *
 * Environment: ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY (required),
 * ALGOLIA_INDEX_NAME (default docs-fsc), ALGOLIA_HOSTS (comma-separated
 * URLs, tests only).
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {Host} from '@algolia/client-common';
import {
  algoliasearch,
  type BatchDictionaryEntriesParams,
  type Rule,
  type SupportedLanguage,
  type SynonymHit,
} from 'algoliasearch';
import {readIndexFile} from '../indexFileFormat';
import {INDEX_SETTINGS} from '../indexSettings';
import {STOP_WORDS, STOP_WORDS_BY_LANGUAGE} from '../language';
import type {QueryRule} from '../queryRules';
import type {SynonymEntry} from '../synonyms';
import type {DocSearchRecord} from '../types';
import {DEFAULT_INDEX_NAME} from '../searchConfig';
import {findIndexFile} from './findIndexFile';

/**
 * Algolia's stop words come from an application-wide dictionary, not from
 * index settings: the push makes its English and Dutch entries the engine's
 * lists (standard entries off, custom entries replaced), so that both back
 * ends drop the same words. It affects every index of the application.
 */
export const STOP_WORD_DICTIONARY = {
  settings: {
    disableStandardEntries: {
      stopwords: Object.fromEntries(Object.keys(STOP_WORDS_BY_LANGUAGE).map((l) => [l, true])),
    },
  },
  entries: {
    clearExistingDictionaryEntries: true,
    requests: Object.entries(STOP_WORDS_BY_LANGUAGE).flatMap(([language, words]) =>
      [...words].map((word) => ({
        action: 'addEntry' as const,
        body: {
          objectID: `fsc-stop-${language}-${word}`,
          language: language as SupportedLanguage,
          word,
          state: 'enabled' as const,
        },
      })),
    ),
  } satisfies BatchDictionaryEntriesParams,
};

/**
 * The synonyms as saveSynonyms takes them: the file's entries, one with several inputs split into
 * one Algolia entry per input (objectID `<objectID>#<n>`: the file's objectIDs hold no '#'), since
 * Algolia takes one input each.
 */
export const synonymHits = (synonyms: readonly SynonymEntry[]): SynonymHit[] =>
  synonyms.flatMap((entry): SynonymHit[] => {
    if (entry.type === 'synonym') return [{...entry}];
    const {input} = entry;
    if (typeof input === 'string') return [{...entry, input}];
    return input.map((one, i) => ({
      ...entry,
      objectID: `${entry.objectID}#${i + 1}`,
      input: one,
    }));
  });

class UsageError extends Error {}

export function parseHosts(value: string): Host[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const u = new URL(entry.includes('://') ? entry : `https://${entry}`);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') {
        throw new UsageError(`ALGOLIA_HOSTS: unsupported protocol in ${entry}`);
      }
      const host: Host = {
        url: u.hostname,
        accept: 'readWrite',
        protocol: u.protocol === 'http:' ? 'http' : 'https',
      };
      if (u.port) host.port = Number(u.port);
      return host;
    });
}

export interface PushConfig {
  appId: string;
  adminKey: string;
  indexName: string;
  hosts?: Host[];
  buildDir: string;
}

export function readConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): PushConfig {
  const appId = env.ALGOLIA_APP_ID?.trim();
  const adminKey = env.ALGOLIA_ADMIN_KEY?.trim();
  if (!appId) throw new UsageError('ALGOLIA_APP_ID is not set: export the Algolia application id.');
  if (!adminKey)
    throw new UsageError('ALGOLIA_ADMIN_KEY is not set: export an Algolia admin (write) API key.');
  let buildDir = 'build';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dir' || arg === '--build-dir') {
      const next = argv[i + 1];
      if (!next) throw new UsageError(`${arg} needs a directory`);
      buildDir = next;
      i++;
    } else if (arg !== undefined) {
      throw new UsageError(`unknown argument ${arg} (usage: search-push [--dir build])`);
    }
  }
  const config: PushConfig = {
    appId,
    adminKey,
    indexName: env.ALGOLIA_INDEX_NAME?.trim() || DEFAULT_INDEX_NAME,
    buildDir: path.resolve(buildDir),
  };
  if (env.ALGOLIA_HOSTS?.trim()) config.hosts = parseHosts(env.ALGOLIA_HOSTS);
  return config;
}

/** What the push sends: the records, synonyms and query rules of the built index file. */
export async function loadBuiltIndex(buildDir: string): Promise<{
  file: string;
  records: DocSearchRecord[];
  synonyms: SynonymEntry[];
  rules: QueryRule[];
}> {
  const file = await findIndexFile(buildDir);
  const {records, synonyms = [], rules = []} = readIndexFile(await readFile(file, 'utf8'));
  if (records.length === 0) throw new Error(`${file} holds no records`);
  return {file, records, synonyms, rules};
}

async function push(config: PushConfig, log: (m: string) => void = console.log): Promise<number> {
  const {file, records, synonyms, rules} = await loadBuiltIndex(config.buildDir);
  log(`search-push: ${records.length} records from ${path.relative(process.cwd(), file) || file}`);
  const client = algoliasearch(
    config.appId,
    config.adminKey,
    config.hosts ? {hosts: config.hosts} : undefined,
  );
  const dictionary = await client.setDictionarySettings(STOP_WORD_DICTIONARY.settings);
  await client.waitForAppTask({taskID: dictionary.taskID});
  const stopWords = await client.batchDictionaryEntries({
    dictionaryName: 'stopwords',
    batchDictionaryEntriesParams: STOP_WORD_DICTIONARY.entries,
  });
  await client.waitForAppTask({taskID: stopWords.taskID});
  log(
    `search-push: application ${config.appId}: English and Dutch stop words set to the site's ${STOP_WORDS.size} (app-wide)`,
  );
  const settings = await client.setSettings({
    indexName: config.indexName,
    indexSettings: INDEX_SETTINGS,
  });
  await client.waitForTask({indexName: config.indexName, taskID: settings.taskID});
  const saved = await client.saveSynonyms({
    indexName: config.indexName,
    synonymHit: synonymHits(synonyms),
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({indexName: config.indexName, taskID: saved.taskID});
  log(
    `search-push: index ${config.indexName}: synonyms replaced with the site's ${synonyms.length}`,
  );
  const savedRules = await client.saveRules({
    indexName: config.indexName,
    rules: rules as Rule[],
    clearExistingRules: true,
  });
  await client.waitForTask({indexName: config.indexName, taskID: savedRules.taskID});
  log(
    `search-push: index ${config.indexName}: rules replaced with the site's ${rules.length} best bets`,
  );
  await client.replaceAllObjects({
    indexName: config.indexName,
    objects: records as unknown as Record<string, unknown>[],
    batchSize: 1000,
  });
  log(`search-push: index ${config.indexName} replaced with ${records.length} records`);
  return records.length;
}

/** CLI entry: returns the process exit code.
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: {log: (m: string) => void; error: (m: string) => void} = {
    log: console.log,
    error: console.error,
  },
): Promise<number> {
  let config: PushConfig;
  try {
    config = readConfig(env, argv);
  } catch (e) {
    io.error(`search-push: ${(e as Error).message}`);
    return 2;
  }
  try {
    await push(config, io.log);
    return 0;
  } catch (e) {
    const err = e as Error & {status?: number};
    io.error(
      `search-push: failed: ${err.name}: ${err.message}${err.status ? ` (HTTP ${err.status})` : ''}`,
    );
    return 1;
  }
}
