import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codeBlocks, codeBlocksOf, DOCS, markdownFiles} from './support/docsCodeBlocks';
import {
  filesCreated,
  literalNamespace,
  missingProof,
  troubleshootingWithoutReference,
  unknownFiles,
  unsetVariables,
  verifyWithoutUntrusted,
  variablesSet,
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
];

describe('content guards', () => {
  it.each(Object.entries(guards))('%s, on every page', (_, guard) => {
    expect(pages.flatMap(guard)).toEqual([]);
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
      expect(guards[seed.guard]!(seeded).join('\n')).toContain(seed.finding);
    },
  );

  it('has a seeded mistake for every guard', () => {
    expect([...new Set(seeds.map((seed) => seed.guard))].sort()).toEqual(
      Object.keys(guards).sort(),
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
