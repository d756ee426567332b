import yaml from 'js-yaml';
import {SHELL_LANGUAGES, type CodeBlock} from './docsCodeBlocks';
import {shellCommands, shellWords} from './helmCommands';

/**
 * Content guards for commands a reader copies from the docs. Each takes one page and returns its findings as
 * `file:line what`, so a test can show them all at once; tests/unit/docs-guards.test.ts runs them over the docs
 * and over pages with a mistake seeded into them.
 */

export type Page = {
  /** Path relative to docs/. */
  file: string;
  source: string;
  blocks: CodeBlock[];
};

/** The names of tests/data/tutorial-names.json that these guards use. */
export type GuardNames = {
  namespace: string;
  /** Files the Helm and Docker tutorials create, which any page may pass to a command. */
  files: string[];
  /** Certificate files that may carry an intermediate after the reader's own certificate. */
  certificatesWithIntermediates: string[];
};

/** Variables every shell has, or that bash sets itself. */
const SHELL_VARIABLES = new Set([
  'HOME',
  'PATH',
  'PWD',
  'USER',
  'SHELL',
  'RANDOM',
  'OSTYPE',
  'UID',
]);

/** A page may use names of its own when its frontmatter says `ownNames: true` (and its text says so to the reader). */
export function declaresOwnNames(source: string): boolean {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  return (yaml.load(frontmatter) as {ownNames?: boolean} | undefined)?.ownNames === true;
}

const shellBlocks = (page: Page) =>
  page.blocks.filter((block) => SHELL_LANGUAGES.includes(block.language));

const at = (block: CodeBlock) => `${block.file}:${block.line}`;

/** Every `NAME=` a block assigns (plain, `export`, `for NAME in`, `read NAME`). */
export function variablesSet(code: string): string[] {
  return [
    ...code.matchAll(
      /(?:^|[\s;&|(])(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=/g,
    ),
    ...code.matchAll(/\bfor\s+([A-Za-z_]\w*)\s+in\b/g),
    ...code.matchAll(/\bread\s+(?:-\w+\s+)*([A-Za-z_]\w*)/g),
  ].map((match) => match[1]!);
}

/**
 * Every `$NAME` or `${NAME…}` the shell expands in a block: not inside single quotes, not in a comment line,
 * and not in the body of a heredoc whose delimiter is quoted (`<<'EOF'`). In an unquoted heredoc body, quotes
 * are plain text and every variable expands.
 */
function variablesUsed(code: string): string[] {
  const used: string[] = [];
  const expanded = (text: string) =>
    used.push(...[...text.matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((match) => match[1]!));
  let heredoc: {end: string; expands: boolean} | undefined;
  for (const line of code.split('\n')) {
    if (heredoc) {
      if (line.trim() === heredoc.end) heredoc = undefined;
      else if (heredoc.expands) expanded(line);
      continue;
    }
    if (/^\s*#/.test(line)) continue;
    // Single-quoted parts, outside double quotes, expand nothing.
    let outsideSingle = '';
    let quote: string | undefined;
    for (const char of line) {
      if (quote === "'") {
        if (char === "'") quote = undefined;
        continue;
      }
      if (char === '"') quote = quote === '"' ? undefined : '"';
      else if (char === "'" && !quote) {
        quote = "'";
        continue;
      } else if (char === '#' && !quote && /(^|\s)$/.test(outsideSingle)) break;
      outsideSingle += char;
    }
    expanded(outsideSingle);
    const start = /<<-?\s*(['"]?)(\w+)\1/.exec(line);
    if (start) heredoc = {end: start[2]!, expands: start[1] === ''};
  }
  return used;
}

/** The text between the previous code block and this one (all of the page before it, for the first block). */
function textBefore(block: CodeBlock): string {
  const fences = [...block.before.matchAll(/^[ \t]*(?:`{3,}|~{3,})[ \t]*$/gm)];
  const last = fences.at(-1);
  return last ? block.before.slice((last.index ?? 0) + last[0].length) : block.before;
}

const runsPortForward = (code: string) =>
  shellCommands(code).some(
    (line) => /^\s*kubectl\b.*\bport-forward\b/.test(line) && !/&\s*$/.test(line),
  );

/** The tutorials' settings files and the variables each sets: `fsc-env.sh` (Helm) and `.env` (Docker). */
export type SettingsFiles = {fscEnv: ReadonlySet<string>; dotEnv: ReadonlySet<string>};

/**
 * Shell variables a block uses that are not set in the terminal it runs in. The first terminal starts with the
 * settings of `fsc-env.sh` (the Helm tutorial has the reader load them in every terminal) and keeps what the page's
 * blocks set in it. A block runs in another terminal when its title or the text before it says so ("second
 * terminal", "new terminal") or when the block before it keeps its terminal busy with a port-forward; such a
 * terminal has only what its own blocks set or load (`source …fsc-env.sh`, `. ./.env`). Text that says "first
 * terminal" goes back to the first one.
 */
export function unsetVariables(page: Page, settings: SettingsFiles): string[] {
  const findings: string[] = [];
  const terminals = new Map<string, Set<string>>([['first', new Set(settings.fscEnv)]]);
  let current = 'first';
  let busy: string | undefined;
  let fresh = 0;
  for (const block of shellBlocks(page)) {
    const context = `${block.title}\n${textBefore(block)}`;
    let terminal: string;
    if (/\bfirst terminal\b/i.test(context)) terminal = 'first';
    else if (/\bsecond terminal\b/i.test(context)) terminal = 'second';
    else if (/\b(?:another|new|other|separate|third) terminal\b/i.test(context))
      terminal = `fresh-${++fresh}`;
    else if (busy === current) terminal = current === 'first' ? 'second' : 'first';
    else terminal = current;
    if (!terminals.has(terminal)) terminals.set(terminal, new Set());
    const known = terminals.get(terminal)!;
    if (/(?:^|[\s;&])(?:source|\.)\s+\S*fsc-env\.sh\b/m.test(block.code))
      settings.fscEnv.forEach((name) => known.add(name));
    if (/(?:^|[\s;&])(?:source|\.)\s+(?:\.\/)?\.env\b/m.test(block.code))
      settings.dotEnv.forEach((name) => known.add(name));
    const setHere = new Set(variablesSet(block.code));
    for (const name of new Set(variablesUsed(block.code))) {
      if (!known.has(name) && !setHere.has(name) && !SHELL_VARIABLES.has(name))
        findings.push(`${at(block)} $${name} is not set in the ${terminal} terminal`);
    }
    setHere.forEach((name) => known.add(name));
    busy = runsPortForward(block.code) ? terminal : busy === terminal ? undefined : busy;
    current = terminal;
  }
  return findings;
}

/** Files a page's blocks create: a block titled with a file name, or a shell redirection, `-out` or `tee`. */
export function filesCreated(page: Page): string[] {
  return page.blocks.flatMap((block) => [
    ...(/^[\w./~-]+\.\w+$/.test(block.title) ? [block.title] : []),
    ...(SHELL_LANGUAGES.includes(block.language)
      ? [...block.code.matchAll(/(?:>>?|\b-out|\b-keyout|\btee(?:\s+-a)?)\s+"?([\w./~-]+)/g)].map(
          (match) => match[1]!,
        )
      : []),
  ]);
}

/** The files a shell command line passes with `--cacert`, `-CAfile`, `-f`, `--values`, `--filename` or `--set-file`. */
function filesPassed(line: string): string[] {
  const words = shellWords(line.trim());
  const files: string[] = [];
  const takesFile =
    words[0] === 'curl'
      ? ['--cacert']
      : words[0] === 'openssl'
        ? ['-CAfile']
        : words[0] === 'helm'
          ? ['-f', '--values']
          : // For kubectl, -f is a file only for the commands that read manifests (`logs -f` follows).
            words[0] === 'kubectl' &&
              ['apply', 'create', 'delete', 'replace', 'diff'].includes(words[1] ?? '')
            ? ['-f', '--filename']
            : [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const [flag, inline] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
    if (takesFile.includes(flag)) files.push(inline ?? words[++i] ?? '');
    else if (words[0] === 'helm' && flag === '--set-file') {
      const assignment = inline ?? words[++i] ?? '';
      files.push(assignment.slice(assignment.indexOf('=') + 1));
    }
  }
  // `-f -` reads standard input.
  return files.filter((file) => file !== '-');
}

/** Files passed to a command that neither the tutorials nor the page itself create (unless it has its own names). */
export function unknownFiles(page: Page, names: GuardNames): string[] {
  if (declaresOwnNames(page.source)) return [];
  const known = new Set([...names.files, ...filesCreated(page)]);
  return shellBlocks(page).flatMap((block) =>
    shellCommands(block.code)
      .flatMap((line) => line.split(/\||&&|;/))
      .flatMap(filesPassed)
      .filter((file) => !known.has(file))
      .map((file) => `${at(block)} ${file} is created neither by the tutorial nor on this page`),
  );
}

/**
 * The tutorial's namespace written out, on a page that is not part of the Helm tutorial and has no names of its
 * own: such a page must use `$FSC_NAMESPACE`, so a reader who chose another namespace can copy it unchanged.
 */
export function literalNamespace(page: Page, names: GuardNames): string[] {
  if (page.file.startsWith('try-fsc/helm/') || declaresOwnNames(page.source)) return [];
  const pattern = new RegExp(`(?<![\\w-])${names.namespace}(?![\\w-])`);
  return page.source
    .split('\n')
    .map((text, index) => ({text, line: index + 1}))
    .filter(({text}) => pattern.test(text))
    .map(
      ({line}) =>
        `${page.file}:${line} writes the namespace ${names.namespace} instead of $FSC_NAMESPACE`,
    );
}

/**
 * `openssl verify` of a certificate file that may carry an intermediate without `-untrusted`: OpenSSL takes only
 * the first certificate of that file and never uses the intermediates in it, so the check fails on a good chain.
 */
export function verifyWithoutUntrusted(page: Page, names: GuardNames): string[] {
  return shellBlocks(page).flatMap((block) =>
    shellCommands(block.code)
      .flatMap((line) => line.split(/\||&&|;/))
      .map((line) => shellWords(line.trim()))
      .filter((words) => words[0] === 'openssl' && words[1] === 'verify')
      .filter(
        (words) =>
          names.certificatesWithIntermediates.includes(words.at(-1)!) &&
          !words.includes('-untrusted'),
      )
      .map((words) => `${at(block)} openssl verify ${words.at(-1)} without -untrusted`),
  );
}

/** The text of a `## ` section, from its heading to the next `## ` heading. */
function section(source: string, heading: RegExp): string | undefined {
  const start = source.search(heading);
  if (start < 0) return undefined;
  const next = source.slice(start + 3).search(/^## /m);
  return next < 0 ? source.slice(start) : source.slice(start, start + 3 + next);
}

/**
 * A numbered step of the Helm tutorial that does not end with its proof: a `## Proof of success` section right
 * before the troubleshooting, with a shell command and the output it should print.
 */
export function missingProof(page: Page): string[] {
  if (!/^try-fsc\/helm\/\d/.test(page.file)) return [];
  const proof = section(page.source, /^## Proof of success$/m);
  if (!proof) return [`${page.file} has no "## Proof of success" section`];
  const problems: string[] = [];
  if (
    !/```(?:bash|sh|shell) title="[^"]+"\n[\s\S]*?```\s*```text title="Expected output"/.test(proof)
  )
    problems.push(
      'proves nothing: the section needs a shell block followed by an "Expected output" block',
    );
  const next = /^## (.*)$/m.exec(page.source.slice(page.source.indexOf(proof) + proof.length))?.[1];
  if (next !== undefined && next !== 'Troubleshooting')
    problems.push(`does not end with its proof: "## ${next}" follows it`);
  return problems.map((problem) => `${page.file} ${problem}`);
}

/** The two references every troubleshooting section links into. */
const ERROR_REFERENCES = [
  /introduction\/functional-description\.md#/,
  /helm\/introduction\.md#/,
  /^\.\/introduction\.md#/m,
];

/** A troubleshooting section ("## Troubleshooting", "## What goes wrong …") without a link into an error reference. */
export function troubleshootingWithoutReference(page: Page): string[] {
  const troubleshooting = section(page.source, /^## (?:Troubleshooting|What goes wrong)/m);
  if (!troubleshooting) return [];
  const targets = [...troubleshooting.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets.some((target) => ERROR_REFERENCES.some((reference) => reference.test(target)))
    ? []
    : [`${page.file} has a troubleshooting section that links to neither error reference`];
}
