import { syntheticCorpus as generate } from '../../../support/syntheticCorpus.mjs';
import { terms } from '../../../src/search/text';
import type { DocSearchRecord } from '../../../src/search/types';

/**
 * A fixed vocabulary shaped like the site's: component names, plurals, words that split and join
 * ('auditlog', 'audit log'), numbers, stop words, accents and punctuation.
 */
const VOCABULARY = {
  sections: ['Introduction', 'Try FSC with Helm', 'Try FSC with Docker', 'Administration', 'Reference'],
  headingWords: [
    'manager', 'controller', 'inway', 'outway', 'directory', 'contract', 'contracts', 'service', 'services',
    'certificate', 'certificates', 'environment', 'environments', 'audit', 'log', 'auditlog', 'helm', 'chart',
    'charts', 'install', 'installation', 'upgrade', 'configure', 'configuration', 'organisation', 'peer', 'peers',
    'grant', 'grants', 'delegation', 'token', 'tokens', 'policy', 'api', 'management', 'postgres', 'database',
    'kubernetes', 'docker', 'compose', 'values', 'troubleshooting', 'release', 'notes', 'version', 'overview',
  ],
  contentWords: [
    'the', 'a', 'an', 'of', 'to', 'in', 'and', 'or', 'with', 'for', 'is', 'are', 'how', 'do', 'you', 'your',
    'manager', 'controller', 'inway', 'inways', 'outway', 'outways', 'directory', 'contract', 'contracts,',
    'service', 'services.', 'certificate', 'certificates', 'environment', 'environments', 'audit', 'log',
    'auditlog', 'audit-log', 'helm', 'chart', 'charts', 'install', 'installs', 'upgrade', 'configure',
    'organisation', 'organisations', 'peer', 'peers', 'grant', 'grants;', 'delegation', 'token', 'tokens',
    'policy', 'policies', 'api', 'management', 'postgres', 'database', 'kubernetes', 'docker', 'compose',
    'values.yaml', 'port', '8443', '443', 'tls', 'mTLS', 'request', 'requests', 'response', 'connection',
    'refused', 'error', 'errors', 'timeout', 'retry', 'header', 'headers', 'café', 'naïve', 'über', 'fsc',
    'nlx', 'v1.2.3', '(optional)', 'step', 'steps', 'first', 'then', 'finally', 'run', 'runs', 'command',
    'kubectl', 'namespace', 'secret', 'secrets', 'pod', 'pods', 'restart', 'logs', 'monitoring', 'metrics',
  ],
};

const SYNTHETIC = generate({ vocabulary: VOCABULARY, pages: 200, queries: 40, seed: 20240607, terms });

/** 200 generated pages (about 2,500 records) over a fixed vocabulary; the same on every run. */
export function syntheticRecords(): DocSearchRecord[] {
  return SYNTHETIC.records;
}

/** Generated queries with a known answering page: a title word and a body word, some with a typo or typed halfway. */
export const SYNTHETIC_QUERIES: readonly string[] = SYNTHETIC.queries.map((query) => query.q);
