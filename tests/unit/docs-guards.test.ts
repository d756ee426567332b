import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadChartKeys} from './support/chartKeys';
import {codeBlocks, codeBlocksOf, DOCS, markdownFiles} from './support/docsCodeBlocks';
import {
  alternativeTermLists,
  buildEnvironmentReads,
  collidingPortForwards,
  filesCreated,
  keysFromVariables,
  literalNamespace,
  missingProof,
  repeatedStatements,
  staleCoreVersion,
  troubleshootingWithoutReference,
  unfoundedErrorCodePromises,
  unknownFiles,
  unrequiredKeys,
  unsetVariables,
  verifyWithoutUntrusted,
  variablesSet,
  type CoreFacts,
  type GuardNames,
  type Page,
  type SettingsFiles,
} from './support/docsGuards';

const tutorialNames = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../data/tutorial-names.json'), 'utf8'),
) as {
  namespace: string;
  files: {helm: string[]; docker: string[]};
  certificatesWithIntermediates: string[];
};
const names: GuardNames = {
  namespace: tutorialNames.namespace,
  files: [...tutorialNames.files.helm, ...tutorialNames.files.docker],
  certificatesWithIntermediates: tutorialNames.certificatesWithIntermediates,
};

const pages: Page[] = markdownFiles().map((file) => ({
  file: path.relative(DOCS, file),
  source: fs.readFileSync(file, 'utf8'),
  blocks: codeBlocks(file),
}));
const page = (file: string) => pages.find((candidate) => candidate.file === file)!;

// What the settings files set: every `export NAME=` of the Helm tutorial's preparation (fsc-env.sh and the lines
// appended to it), and every `NAME=` of the Docker tutorial's `.env` files.
const settings: SettingsFiles = {
  fscEnv: new Set(
    page('try-fsc/helm/0-preparation.md').blocks.flatMap((block) =>
      [...block.code.matchAll(/export ([A-Za-z_]\w*)=/g)].map((match) => match[1]!),
    ),
  ),
  dotEnv: new Set(
    pages
      .filter((candidate) => candidate.file.startsWith('try-fsc/docker/'))
      .flatMap((candidate) => candidate.blocks.filter((block) => block.title === '.env'))
      .flatMap((block) => variablesSet(block.code)),
  ),
};

// The verified error codes and the latest definitive Core version, from the fact sheet; the charts' key lists.
const coreFacts = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../data/fsc-core.json'), 'utf8'),
) as CoreFacts;
const charts = [...loadChartKeys('2.4.0').values()];
const fromVariables = keysFromVariables(
  pages,
  charts.map(({chart}) => chart),
);

const guards: Record<string, (page: Page) => string[]> = {
  'shell variables are set in the terminal that uses them': (candidate) =>
    unsetVariables(candidate, settings),
  'files passed to commands are ones the tutorials or the page create': (candidate) =>
    unknownFiles(candidate, names),
  'the namespace is written as $FSC_NAMESPACE outside the tutorial': (candidate) =>
    literalNamespace(candidate, names),
  'openssl verify of a certificate with intermediates uses -untrusted': (candidate) =>
    verifyWithoutUntrusted(candidate, names),
  'every Helm step ends with a proof of success': missingProof,
  'every troubleshooting section links into an error reference': troubleshootingWithoutReference,
  'a promised Fsc-Error-Code is a verified code': (candidate) =>
    unfoundedErrorCodePromises(candidate, coreFacts),
  'a value said to be required is required by its chart': (candidate) =>
    unrequiredKeys(candidate, charts, fromVariables),
  'the Core version called definitive is the latest': (candidate) =>
    staleCoreVersion(candidate, coreFacts),
  'no sentence repeats the one before it': repeatedStatements,
  'no sentence only lists other names': alternativeTermLists,
  'no page reads the build environment': buildEnvironmentReads,
};

/** Guards over all pages at once. */
const siteGuards: Record<string, (all: Page[]) => string[]> = {
  'port-forwards to different targets use different local ports': collidingPortForwards,
};

/**
 * One seeded mistake per guard, each a defect that was once in the docs, put back into the real page. The
 * replacement must still apply (so a seed cannot rot silently) and the guard must report it.
 */
const seeds: {
  guard: string;
  file: string;
  replace: [string, string][];
  finding: string;
}[] = [
  {
    guard: 'shell variables are set in the terminal that uses them',
    file: 'fsc-in-production/setup-authorization.md',
    // The grant hash exported in the port-forward's terminal, the curl run in the other one.
    replace: [
      [
        'source ~/fsc-helm/fsc-env.sh\nkubectl -n "$FSC_NAMESPACE" port-forward',
        'source ~/fsc-helm/fsc-env.sh\nexport FSC_GRANT_HASH=\'paste-the-grant-hash-here\'\nkubectl -n "$FSC_NAMESPACE" port-forward',
      ],
      ["export FSC_GRANT_HASH='paste-the-grant-hash-here'\ncurl", 'curl'],
    ],
    finding: '$FSC_GRANT_HASH is not set in the first terminal',
  },
  {
    guard: 'shell variables are set in the terminal that uses them',
    file: 'try-fsc/helm/11-access-api.md',
    // A second terminal that does not load fsc-env.sh.
    replace: [['source ~/fsc-helm/fsc-env.sh\nkubectl', 'kubectl']],
    finding: '$FSC_NAMESPACE is not set in the second terminal',
  },
  {
    guard: 'files passed to commands are ones the tutorials or the page create',
    file: 'fsc-in-production/hosting-a-directory.md',
    replace: [['--cacert group-ca.crt', '--cacert group-root.crt']],
    finding: 'group-root.crt is created neither by the tutorial nor on this page',
  },
  {
    guard: 'the namespace is written as $FSC_NAMESPACE outside the tutorial',
    file: 'fsc-in-production/metrics-endpoint.md',
    replace: [['- ${FSC_NAMESPACE}', '- fsc-demo']],
    finding: 'writes the namespace fsc-demo instead of $FSC_NAMESPACE',
  },
  {
    guard: 'openssl verify of a certificate with intermediates uses -untrusted',
    file: 'try-fsc/helm/2-create-certificate.md',
    replace: [
      [
        'openssl verify -CAfile group-ca.crt -untrusted group.crt group.crt',
        'openssl verify -CAfile group-ca.crt group.crt',
      ],
    ],
    finding: 'openssl verify group.crt without -untrusted',
  },
  {
    guard: 'every Helm step ends with a proof of success',
    file: 'try-fsc/helm/4-transaction-log.md',
    replace: [['```text title="Expected output"\ndeployment', '```text\ndeployment']],
    finding: 'proves nothing',
  },
  {
    guard: 'every troubleshooting section links into an error reference',
    file: 'try-fsc/helm/1-create-namespace.md',
    replace: [
      ['](./introduction.md#error-from-server', '](./1-create-namespace.md#error-from-server'],
    ],
    finding: 'links to neither error reference',
  },
  {
    guard: 'a promised Fsc-Error-Code is a verified code',
    file: 'try-fsc/helm/11-access-api.md',
    // A header promised for every refusal, though FSC Core defines codes for a few only.
    replace: [
      [
        '## Troubleshooting\n\n',
        '## Troubleshooting\n\nWhen the Outway or Inway refuses a request, the response carries an `Fsc-Error-Code` header.\n\n',
      ],
    ],
    finding: 'the response carries an `Fsc-Error-Code` header',
  },
  {
    guard: 'a promised Fsc-Error-Code is a verified code',
    file: 'try-fsc/helm/9-outway.md',
    // FSC Core has no code for a request that names no Grant.
    replace: [
      [
        '## Troubleshooting\n\n',
        '## Troubleshooting\n\nThe Outway answers a request without a grant hash with an HTTP error status, with an `Fsc-Error-Code` header that names the problem.\n\n',
      ],
    ],
    finding: 'answers a request without a grant hash',
  },
  {
    guard: 'a promised Fsc-Error-Code is a verified code',
    file: 'fsc-in-production/setup-authorization.md',
    // Nor for a refusal of the authorization service.
    replace: [
      [
        '## What goes wrong and how to see it\n\n',
        '## What goes wrong and how to see it\n\nA request the authorization service refuses carries an `Fsc-Error-Code` header.\n\n',
      ],
    ],
    finding: 'the authorization service refuses carries',
  },
  {
    guard: 'a promised Fsc-Error-Code is a verified code',
    file: 'try-fsc/helm/9-outway.md',
    // A code of a 2023 draft, retired before FSC Core 1.0.0.
    replace: [
      [
        '## Troubleshooting\n\n',
        '## Troubleshooting\n\nWithout a grant hash the Outway returns `Fsc-Error-Code: ERROR_CODE_GRANT_HASH_MISSING`.\n\n',
      ],
    ],
    finding: 'ERROR_CODE_GRANT_HASH_MISSING, which is not a verified FSC error code',
  },
  {
    guard: 'a value said to be required is required by its chart',
    file: 'try-fsc/helm/7-controller.md',
    // config.groupID and config.directoryPeerID are required by no 2.4.0 chart: Helm installs with them empty.
    replace: [
      [
        '**Helm says a value is required.** The error names the key.',
        '**Helm says a value is required.** The error names the key. An empty `FSC_GROUP_ID` or `FSC_DIRECTORY_PEER_ID` in the `--set-string` options has the same effect.',
      ],
    ],
    finding: '$FSC_GROUP_ID, which sets config.groupID',
  },
  {
    guard: 'a value said to be required is required by its chart',
    file: 'try-fsc/helm/introduction.md',
    replace: [
      [
        '### Error: INSTALLATION FAILED: execution error at (…): … required\n\n',
        '### Error: INSTALLATION FAILED: execution error at (…): … required\n\nAn empty shell variable in a `--set` or `--set-file` option has the same effect.\n\n',
      ],
    ],
    finding: 'a shell variable in a --set option',
  },
  {
    guard: 'a value said to be required is required by its chart',
    file: 'try-fsc/helm/6-manager.md',
    replace: [
      [
        '## Troubleshooting\n\n',
        '## Troubleshooting\n\nHelm stops with a `required` error when `config.selfAddress` is empty.\n\n',
      ],
    ],
    finding: 'config.selfAddress, which no chart requires',
  },
  {
    guard: 'the Core version called definitive is the latest',
    file: 'introduction/index.md',
    replace: [
      [
        '{#the-standard-and-the-reference-implementation}\n\n',
        '{#the-standard-and-the-reference-implementation}\n\nThe definitive Core version is published as [FSC Core 1.0.0](https://logius-standaarden.github.io/publicatie/fsc/core/1.0.0).\n\n',
      ],
    ],
    finding: 'calls FSC Core 1.0.0 definitive',
  },
  {
    guard: 'the Core version called definitive is the latest',
    file: 'support/contact.md',
    replace: [
      [
        '## Questions about the standard\n\n',
        '## Questions about the standard\n\nThe current version of FSC Core is 1.0.1.\n\n',
      ],
    ],
    finding: 'calls FSC Core 1.0.1 current',
  },
  {
    guard: 'no sentence repeats the one before it',
    file: 'try-fsc/docker/introduction.md',
    replace: [
      [
        'Only the Inway (443) and the Manager (8443) ever need to be reachable from outside.',
        'Only the Inway (443) and the Manager (8443) ever need to be reachable from outside. From outside, only the Manager (8443) and the Inway (443) need to be reachable.',
      ],
    ],
    finding: 'repeats the sentence before it',
  },
  {
    guard: 'no sentence only lists other names',
    file: 'introduction/functional-description.md',
    replace: [
      [
        '### Routing requests to APIs of other organisations\n\n',
        "### Routing requests to APIs of other organisations\n\nThe Directory is the Group's catalogue of the Services on offer, what other platforms call an API catalog or a service registry.\n\n",
      ],
    ],
    finding: 'what other platforms call an API catalog',
  },
  {
    guard: 'no page reads the build environment',
    file: 'support/contact.md',
    replace: [
      [
        '## Background and news\n\n',
        '## Background and news\n\nBuilt on {process.env.HOSTNAME}.\n\n',
      ],
    ],
    finding: 'reads process.env',
  },
  {
    guard: 'no page reads the build environment',
    file: 'introduction/index.md',
    replace: [
      ['## Where to go next\n\n', '## Where to go next\n\nA {import.meta.env.MODE} build.\n\n'],
    ],
    finding: 'reads import.meta.env',
  },
  {
    guard: 'port-forwards to different targets use different local ports',
    file: 'try-fsc/helm/10-sample-api.md',
    // The sample API on the Outway's local port, as the Manager's metrics once were.
    replace: [['port-forward svc/sample-api 8081:80', 'port-forward svc/sample-api 8080:80']],
    finding: 'forwards local port 8080 to svc/sample-api',
  },
];

/** The findings of a guard on a page, or of a site guard on all pages with this one in place of the real one. */
function findingsOf(guard: string, candidate: Page): string[] {
  return guards[guard]
    ? guards[guard](candidate)
    : siteGuards[guard]!(pages.map((real) => (real.file === candidate.file ? candidate : real)));
}

describe('content guards', () => {
  it.each(Object.entries(guards))('%s, on every page', (_, guard) => {
    expect(pages.flatMap(guard)).toEqual([]);
  });

  it.each(Object.entries(siteGuards))('%s, over all pages', (_, guard) => {
    expect(guard(pages)).toEqual([]);
  });

  it.each(seeds.map((seed) => [`${seed.guard}: ${seed.file}`, seed] as const))(
    'fail on a seeded mistake: %s',
    (_, seed) => {
      let source = page(seed.file).source;
      for (const [from, to] of seed.replace) {
        expect(source, `the seed's text "${from}" is no longer on the page`).toContain(from);
        source = source.replace(from, to);
      }
      const seeded: Page = {
        file: seed.file,
        source,
        blocks: codeBlocksOf(source, path.join(DOCS, seed.file)),
      };
      // The seeded page has one more finding of its kind than the real page, which may still hold the same mistake;
      // findings are compared without their line numbers, which the seed moves.
      const matching = (candidate: Page) =>
        findingsOf(seed.guard, candidate)
          .map((finding) => finding.replace(/(\.mdx?):\d+/g, '$1'))
          .filter((finding) => finding.includes(seed.finding));
      expect(matching(seeded).length, findingsOf(seed.guard, seeded).join('\n')).toBeGreaterThan(
        matching(page(seed.file)).length,
      );
    },
  );

  it('has a seeded mistake for every guard', () => {
    expect([...new Set(seeds.map((seed) => seed.guard))].sort()).toEqual(
      [...Object.keys(guards), ...Object.keys(siteGuards)].sort(),
    );
  });

  it('knows the files each tutorial creates, and finds where it creates or saves them', () => {
    for (const [tutorial, files] of Object.entries(tutorialNames.files)) {
      const own = pages.filter((candidate) => candidate.file.startsWith(`try-fsc/${tutorial}/`));
      const created = new Set(own.flatMap(filesCreated));
      const text = own.map((candidate) => candidate.source).join('\n');
      // Files the reader saves from the portal or a script writes are named in the text instead.
      expect(files.filter((file) => !created.has(file) && !text.includes(file))).toEqual([]);
    }
  });
});
