import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codeBlocks, DOCS} from './support/docsCodeBlocks';

/**
 * Statements a content review (issue 35) found missing or wrong on one page, each checked where it must stand. The
 * classes of mistake that can recur on any page are guarded in docs-guards.test.ts; these are the page-specific facts
 * that a later edit could drop again without any other test noticing.
 */

/** A page's Markdown without its code blocks, so that only what the reader is told counts. */
function prose(page: string): string {
  return fs
    .readFileSync(path.join(DOCS, page), 'utf8')
    .replace(/^(```+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(page: string, heading: string): string {
  const text = prose(page);
  const match = new RegExp(
    `^(#+) ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b.*$`,
    'm',
  ).exec(text);
  if (!match) return '';
  const rest = text.slice((match.index ?? 0) + match[0].length);
  const next = new RegExp(`^#{1,${match[1]!.length}} `, 'm').exec(rest);
  return rest.slice(0, next?.index ?? rest.length);
}

type Fact = {finding: string; page: string; heading?: string; says: RegExp[]; saysNot?: RegExp[]};

const MOVE_TO_2X: RegExp[] = [
  /Contracts? (?:and their signatures )?cannot be carried over/,
  /empty database/,
  /Contract tables/,
  /(?:negotiate|Renegotiate)[^.]*\bevery partner/i,
  /date[^.]*Group|Group[^.]*date/,
  /[Bb]ack up/,
  /only go forward/,
  /`migrate up` fails|`manager migrate up` fails/,
  /third party/,
  /changelog/i,
];

const FACTS: Fact[] = [
  {
    finding: 'N1',
    page: 'support/release-strategy.md',
    heading: 'Moving from 1.x to 2.x',
    says: MOVE_TO_2X,
  },
  {
    finding: 'N1',
    page: 'fsc-in-production/deployment-strategies.md',
    heading: 'Moving from 1.x to 2.x',
    says: MOVE_TO_2X,
  },
  ...['introduction/index.md', 'support/contact.md', 'support/release-strategy.md'].map((page) => ({
    finding: 'N7',
    page,
    says: [/latest definitive version of (?:FSC )?Core is 1\.1\.2, of 25 September 2025/],
  })),
  ...[
    'introduction/index.md',
    'fsc-in-production/renew-certificates.md',
    'fsc-in-production/system-requirements.md',
  ].map((page) => ({
    finding: 'N8',
    page,
    // The OIN in the serialNumber holds for PKIoverheid certificates, not for every Dutch Group (not the demo Group).
    says: [
      /PKIoverheid[^.]*Digikoppeling Groups, the `serialNumber`, which holds (?:the organisation's|your) OIN/,
    ],
    saysNot: [/Dutch Groups the `serialNumber`/],
  })),
  {
    finding: 'N12',
    page: 'support/release-strategy.md',
    heading: 'Versions of the standard',
    says: [
      /`fsc_version` with the value `2\.0\.0`/,
      /`ERROR_CODE_SUBMITTING_PEER_NOT_PART_OF_CONTRACT`/,
    ],
  },
  {
    finding: 'N20',
    page: 'fsc-in-production/system-requirements.md',
    // The Helm tutorial's demo certificate is the leaf alone: `grep -c` prints 1 for it.
    says: [/demo certificate file of the Helm tutorial holds the leaf alone\s+and counts 1/],
    saysNot: [/should print 2 or more/],
  },
  {
    finding: 'N21',
    page: 'fsc-in-production/system-requirements.md',
    says: [/1\.19 or newer/, /`networking\.k8s\.io\/v1`/],
    saysNot: [/1\.11 or newer/],
  },
  {
    finding: 'N2',
    page: 'introduction/functional-description.md',
    heading: 'ERROR_CODE_PEER_ID_SIGNATURE_MISMATCH',
    // The Peer ID comes from the signing certificate; FSC_PEER_ID is a shell variable no chart reads.
    says: [
      /`certificates\.group\.signature`/,
      /`certificates\.group\.peer`/,
      /`existingSecret`/,
      /`serialNumber`/,
    ],
    saysNot: [/FSC_PEER_ID/],
  },
  {
    finding: 'N3',
    page: 'introduction/functional-description.md',
    heading: 'ERROR_CODE_WRONG_GROUP_ID_IN_TOKEN',
    // Issued by the provider's Manager, checked by the provider's Inway: the consumer's Outway is not involved.
    says: [/provider's Manager/, /provider's Inway/, /`config\.groupID`/],
    saysNot: [/compare `FSC_GROUP_ID` on both sides/],
  },
  {
    finding: 'N3',
    page: 'fsc-in-production/environments.md',
    says: [
      /WRONG_GROUP_ID_IN_TOKEN\S* means something else: a provider whose own Manager and Inway/,
    ],
  },
  {
    finding: 'N12',
    page: 'introduction/functional-description.md',
    heading: 'Error codes',
    says: [/`fsc_version` `2\.0\.0`/, /`ERROR_CODE_SUBMITTING_PEER_NOT_PART_OF_CONTRACT`/],
  },
  {
    finding: 'N16',
    page: 'introduction/functional-description.md',
    heading: 'ERROR_CODE_INCORRECT_GROUP_ID',
    says: [/6-manager\.md#install-the-manager/],
    saysNot: [/#write-the-values-file/],
  },
  {
    finding: 'N23',
    page: 'introduction/functional-description.md',
    says: [],
    saysNot: [/what other platforms call/, /^### What is a Contract/m],
  },
  {
    finding: 'token endpoint',
    page: 'introduction/functional-description.md',
    heading: 'Access token requests',
    says: [
      ...[
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'invalid_scope',
        'unauthorized_client',
        'unsupported_grant_type',
      ].map((value) => new RegExp(`\`${value}\``)),
      /HTTP `400`, no `Fsc-Error-Code`/,
      /no access token could be obtained/,
    ],
  },
  {
    finding: 'N9',
    page: 'fsc-in-production/network-overview.md',
    heading: 'Rules for load balancers, proxies and firewalls',
    // Inbound is 443 and 8443 only; outbound also needs CRL downloads (usually HTTP) and DNS.
    says: [/Inbound, open only `443` and `8443`/, /Outbound, allow more/, /plain HTTP/, /DNS/],
    saysNot: [/allowlist for FSC traffic needs only these two ports/],
  },
  ...['fsc-in-production/network-overview.md', 'fsc-in-production/metrics-endpoint.md'].map(
    (page) => ({
      finding: 'N17',
      page,
      // Chart defaults are not examples, and every chart (not only the Manager's) sets MONITORING_ADDRESS.
      says: [/[Ee]very (?:OpenFSC Helm )?chart sets `MONITORING_ADDRESS`/],
      saysNot: [
        /treat them as examples/,
        /\bexamples? from one way of deploying/,
        /`MONITORING_ADDRESS` on the Manager/,
        /Helm charts \(example\)/,
      ],
    }),
  ),
  ...['fsc-in-production/network-overview.md', 'fsc-in-production/hosting-a-directory.md'].map(
    (page) => ({
      finding: 'N28',
      page,
      // OpenSSL 3.0 prints the first, later 3.x releases the second.
      says: [/`Could not read certificate` \(OpenSSL 3\.0\) or `Could not find certificate`/],
    }),
  ),
  {
    finding: 'N4',
    page: 'fsc-in-production/setup-authorization.md',
    // FSC Core has no code for a PDP's refusal, a missing grant hash or a refused token request.
    says: [
      /FSC Core defines none for a refusal by your authorization service/,
      /`config\.enableGrantHashSuggestion`/,
      /logs of the\s+authorization service/,
    ],
    saysNot: [
      /A refused request carries an `Fsc-Error-Code`/,
      /`Fsc-Error-Code` header in the `curl -i` output/,
    ],
  },
  {
    finding: 'N27',
    page: 'fsc-in-production/renew-certificates.md',
    says: [],
    saysNot: [/Contracts overview/],
  },
  {
    finding: 'N27',
    page: 'fsc-in-production/setup-authorization.md',
    // The status line's protocol depends on curl and the server; the reader looks for the status.
    says: [],
    saysNot: [/`HTTP\/1\.1 200 OK`/],
  },
  // N24: a sentence that says again what the one before it said; the richer one stays.
  ...(
    [
      ['support/contact.md', /decide which of the two your question is about/],
      ['support/release-strategy.md', /so\s+this page cannot say how long a release is supported/],
      ['fsc-in-production/system-requirements.md', /do not run different OpenFSC versions/],
      ['fsc-in-production/environments.md', /you can neither reuse the certificate there/],
      ['fsc-in-production/network-overview.md', /Never put the Controller on the internet/],
      ['fsc-in-production/setup-oidc.md', /The rollback removes the Ingress as well/],
    ] as const
  ).map(([page, repeat]) => ({finding: 'N24', page, says: [], saysNot: [repeat]})),
];

describe('facts a review required on a page', () => {
  it.each(FACTS.map((fact) => [`${fact.finding} ${fact.page}`, fact]))('%s', (_, fact) => {
    const {page, heading, says, saysNot = []} = fact as Fact;
    const text = heading ? section(page, heading) : prose(page);
    expect(text, `${page} has ${heading ?? 'prose'}`).not.toBe('');
    expect(says.filter((pattern) => !pattern.test(text)).map(String)).toEqual([]);
    expect(saysNot.filter((pattern) => pattern.test(text)).map(String)).toEqual([]);
  });
});

describe('checks from outside the network', () => {
  // N11: group.key signs the Peer's Contracts and tokens; a check from another machine must not need it.
  it.each(['fsc-in-production/network-overview.md', 'fsc-in-production/hosting-a-directory.md'])(
    '%s runs a check from outside without the Group key, and calls with the key inside',
    (page) => {
      const blocks = codeBlocks(path.join(DOCS, page));
      const usesKey = (code: string) => /(?:^|\s)--?key\s+\S*group\.key\b/m.test(code);
      expect(
        blocks.some((block) => /from outside/i.test(block.title) && !usesKey(block.code)),
      ).toBe(true);
      expect(
        blocks
          .filter((block) => usesKey(block.code) && !/inside your network/i.test(block.title))
          .map((block) => `${block.file}:${block.line} ${block.title}`),
      ).toEqual([]);
    },
  );
});
