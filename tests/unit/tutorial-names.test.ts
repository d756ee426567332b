import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  codeBlocks,
  DOCS,
  markdownFiles,
  SHELL_LANGUAGES,
  type CodeBlock,
} from './support/docsCodeBlocks';
import {declaresOwnNames} from './support/docsGuards';
import {shellCommands} from './support/helmCommands';

type TutorialNames = {
  namespace: string;
  otherNamespaces: string[];
  releases: Record<string, string>;
  extraServiceSuffixes: Record<string, string[]>;
  secrets: string[];
  issuers: string[];
  otherServices: string[];
  otherWorkloads: string[];
};

const names = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../data/tutorial-names.json'), 'utf8'),
) as TutorialNames;

// A chart names its Service and Deployment `<release>-<chart>`; the Manager adds three Services with a suffix.
const chartObjects = Object.entries(names.releases).map(
  ([release, chart]) => `${release}-${chart}`,
);
const services = new Set([
  ...chartObjects,
  ...Object.entries(names.releases).flatMap(([release, chart]) =>
    (names.extraServiceSuffixes[chart] ?? []).map((suffix) => `${release}-${chart}${suffix}`),
  ),
  ...names.otherServices,
]);
const workloads = new Set([...chartObjects, ...names.otherWorkloads]);

const pages = markdownFiles().map((file) => ({
  file: path.relative(DOCS, file),
  source: fs.readFileSync(file, 'utf8'),
  blocks: codeBlocks(file).filter((block) =>
    [...SHELL_LANGUAGES, 'yaml', 'yml'].includes(block.language),
  ),
}));
const tutorial = pages.filter((page) => page.file.startsWith('try-fsc/helm/'));

/** Literal names (not `$VARIABLES`) that a block uses as namespace, Secret, Service or workload. */
function namesUsed(block: CodeBlock) {
  const text = SHELL_LANGUAGES.includes(block.language)
    ? shellCommands(block.code).join('\n')
    : block.code;
  const literal = (value: string) => !/[$<{]/.test(value);
  const all = (pattern: RegExp) =>
    [...text.matchAll(pattern)].map((match) => match[1]!).filter(literal);
  return {
    namespaces: [
      // Only kubectl and helm take -n as a namespace (head and tail take it as a count).
      ...text
        .split(/\n|\||&&|;/)
        .filter((command) => /^\s*(?:kubectl|helm)\b/.test(command))
        .flatMap((command) =>
          [...command.matchAll(/(?:\s-n|--namespace)[ =]"?([\w$.{}-]+)/g)].map(
            (match) => match[1]!,
          ),
        )
        .filter(literal),
      ...all(/^[ \t]*namespace:[ \t]*"?([\w$.{}-]+)/gm),
      ...all(/FSC_NAMESPACE="?([\w-]+)/g),
    ],
    secrets: [
      ...all(/\bsecrets? (?:tls |generic |docker-registry )?"?([a-z0-9][\w$.{}-]*)/g).filter(
        (name) => name !== '--field-selector',
      ),
      ...all(/\b(?:secretName|existingSecret):[ \t]*"?([a-z0-9][\w.-]*)/g),
      ...all(/existingSecret:[ \t]*\n\s+name:[ \t]*"?([a-z0-9][\w.-]*)/g),
      ...all(/ExistingSecret\.name=([a-z0-9][\w.-]*)/g),
      ...all(/existingSecret(?:\.name)?=([a-z0-9][\w.-]*)/g),
      ...all(/\bsecretName=([a-z0-9][\w.-]*)/g),
    ],
    services: [
      ...all(/\b(?:svc|service)\/([\w$.{}-]+)/g),
      ...all(/\bget (?:svc|service) ([a-z0-9][\w.-]*)/g),
      ...all(/https?:\/\/([a-z0-9-]*open-fsc[a-z0-9-]*)[.:]/g),
    ],
    workloads: all(/\b(?:deployment|statefulset)\/([\w$.{}-]+)/g),
  };
}

/** Secrets a page creates for itself: `kubectl create secret <type> NAME`. */
function secretsCreatedOn(blocks: CodeBlock[]): string[] {
  return blocks.flatMap((block) =>
    [...block.code.matchAll(/create secret (?:tls|generic) "?([a-z0-9][\w.-]*)/g)].map(
      (match) => match[1]!,
    ),
  );
}

describe('names of the Helm tutorial', () => {
  it('are all created by the tutorial itself', () => {
    const text = tutorial.flatMap((page) => page.blocks.map((block) => block.code)).join('\n');
    const missing = [
      ...names.secrets.filter(
        (secret) =>
          !new RegExp(`(create secret (tls|generic) ${secret}\\b|secretName: ${secret}\\b)`).test(
            text,
          ),
      ),
      ...names.issuers.filter(
        (issuer) =>
          !new RegExp(`kind: Issuer\\s*\\nmetadata:\\s*\\n\\s*name: ${issuer}\\b`).test(text),
      ),
      ...Object.entries(names.releases)
        .filter(
          ([release, chart]) =>
            !new RegExp(`helm upgrade --install ${release} \\S*/${chart}\\b`).test(text),
        )
        .map(([release]) => `release ${release}`),
      ...(new RegExp(`FSC_NAMESPACE="${names.namespace}"`).test(text)
        ? []
        : [`namespace ${names.namespace}`]),
    ];
    expect(missing).toEqual([]);
  });

  it('are the only namespace, Secret, Service and workload names that pages use, unless a page says it has its own', () => {
    const strangers: string[] = [];
    for (const page of pages.filter((candidate) => !declaresOwnNames(candidate.source))) {
      const ownSecrets = secretsCreatedOn(page.blocks);
      for (const block of page.blocks) {
        const used = namesUsed(block);
        const at = `${page.file}:${block.line}`;
        strangers.push(
          ...used.namespaces
            .filter((name) => name !== names.namespace && !names.otherNamespaces.includes(name))
            .map((name) => `${at} namespace ${name}`),
          ...used.secrets
            .filter((name) => !names.secrets.includes(name) && !ownSecrets.includes(name))
            .map((name) => `${at} Secret ${name}`),
          ...used.services
            .filter((name) => !services.has(name))
            .map((name) => `${at} Service ${name}`),
          ...used.workloads
            .filter((name) => !workloads.has(name))
            .map((name) => `${at} workload ${name}`),
        );
      }
    }
    expect(strangers).toEqual([]);
  });

  it('finds names to check in the pages that continue the tutorial', () => {
    const production = pages
      .filter((page) => page.file.startsWith('fsc-in-production/'))
      .flatMap((page) => page.blocks.map(namesUsed));
    expect(production.flatMap((used) => used.namespaces).length).toBeGreaterThan(0);
    expect(production.flatMap((used) => used.secrets)).toContain('fsc-group-tls');
    expect(production.flatMap((used) => used.workloads)).toContain('manager-open-fsc-manager');
  });
});
