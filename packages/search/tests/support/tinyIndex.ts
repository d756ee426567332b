/**
 * A tiny index of two pages about certificates, with Dutch and acronym synonyms and a best bet,
 * on which the tests of `npm run search:explain` and `npm run search:evidence` rank queries.
 */
import type {QueryRule} from '../../src/queryRules';
import type {SynonymEntry} from '../../src/synonyms';
import {rec, SITE} from './records';

export const records = [
  rec({path: '/renew', type: 'lvl1', lvl0: 'Production', lvl1: 'Renew certificates', position: 0}),
  rec({
    path: '/renew',
    type: 'content',
    lvl0: 'Production',
    lvl1: 'Renew certificates',
    position: 1,
    content: 'Order a new certificate before the old one expires.',
  }),
  rec({path: '/tls', type: 'lvl1', lvl0: 'Introduction', lvl1: 'Mutual TLS', position: 0}),
  rec({
    path: '/tls',
    type: 'content',
    lvl0: 'Introduction',
    lvl1: 'Mutual TLS',
    position: 1,
    content: 'Every connection uses a certificate on both sides.',
  }),
];

export const synonyms: SynonymEntry[] = [
  {
    objectID: 'nl-certificaat',
    type: 'oneWaySynonym',
    input: 'certificaat',
    synonyms: ['certificate'],
  },
  {
    objectID: 'nl-vernieuwen',
    type: 'oneWaySynonym',
    input: ['vernieuwen', 'vernieuw'],
    synonyms: ['renew'],
  },
  {objectID: 'mtls', type: 'synonym', synonyms: ['mtls', 'mutual tls']},
  {objectID: 'tls', type: 'oneWaySynonym', input: 'tls', synonyms: ['certificate']},
  {objectID: 'cert', type: 'oneWaySynonym', input: 'cert', synonyms: ['certificate']},
];

export const rules: QueryRule[] = [
  {
    objectID: 'best-bet-tls',
    conditions: [{pattern: 'handshake', anchoring: 'contains', alternatives: false}],
    consequence: {params: {optionalFilters: [`url_without_anchor:${SITE}/tls`]}},
  },
];
