import yaml from 'js-yaml';
import {SHELL_LANGUAGES, type CodeBlock} from './docsCodeBlocks';
import {helmCommands, shellCommands, shellWords} from './helmCommands';
import {sentencesOf} from './docsSentences';

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

/** What the FSC standard defines, from tests/data/fsc-core.json. */
export type CoreFacts = {
  /** The latest definitive version of FSC Core. */
  definitiveCore: {version: string; date: string};
  /** The verified error codes of FSC Core and its Logging extension. */
  errorCodes: {code: string}[];
};

const ERROR_CODE_NAME =
  /\b(?:ERROR_CODE_[A-Z_]+|[A-Z]+(?:_[A-Z]+)*_LOG_(?:RECORD_ID|WRITE_ERROR))\b/g;

/**
 * A sentence promises an `Fsc-Error-Code` when its main clause says that a response, a refusal or an error carries,
 * returns, gets, has, includes or adds one, comes back, answers or fails with one, or speaks of "the
 * `Fsc-Error-Code` of" something. Not promises: a clause that opens with "if", "when" or "once" up to its comma
 * ("When a response carries …, look it up"), a relative clause ("errors that carry …"), and a clause with a negation
 * before the header ("Not every refusal carries …").
 */
const PROMISE =
  /\b(?:carr(?:y|ies)|returns?|gets?|has|have|includes?|adds?|contains?|(?:comes?|sends?|answers?|responds?|repl(?:y|ies)|fails?)\b[^.;:`]{0,60}?\bwith)\b[^.;:]*?`Fsc-Error-Code\b|\bthe\s+`Fsc-Error-Code`(?:\s+header)?\s+of\b/i;
const CONDITION = /^(?:if|when|whenever|once|where)\b[^,]*,\s*/i;
/**
 * Before the verb: a relative clause ("errors that carry"), a negation ("does not carry", "Not every refusal
 * carries") or an article, which makes the word a noun ("an answer with an `Fsc-Error-Code` is explained").
 */
const NOT_A_MAIN_CLAIM =
  /\b(?:that|which|who)\s+$|\b(?:not|never|cannot)\s+(?:\S+\s+){0,2}$|\b(?:an?|the|this|each|every|any)\s+$/i;
/**
 * A sentence about the list itself: the codes below, or what the standard (FSC Core) defines, covers or requires
 * ("the standard has it answer with …").
 */
const ABOUT_THE_LIST =
  /\bcodes?\s+(?:below|above)\b|\b(?:standard|FSC Core|specification)\b[^.]*\b(?:defines?|defined|covers?|covered|has|requires?|wants?)\b|\b(?:defines?|defined|covers?|covered)\b[^.]*\b(?:standard|FSC Core|specification)\b/i;

/**
 * A sentence that promises an `Fsc-Error-Code` header names a code of the verified list, or is about the list itself.
 * FSC Core defines codes for a few refusals only (none for a request without a grant hash, for an authorization
 * service's refusal or for a failed token request), so a promise without a code sends the reader looking for a header
 * that may not come. A code it names that is not on the list is reported too.
 */
export function unfoundedErrorCodePromises(page: Page, facts: CoreFacts): string[] {
  const verified = new Set(facts.errorCodes.map(({code}) => code));
  return sentencesOf(page.source).flatMap(({line, text}) => {
    if (!text.includes('`Fsc-Error-Code')) return [];
    const main = text.replace(CONDITION, '');
    const promise = PROMISE.exec(main);
    if (
      !promise ||
      NOT_A_MAIN_CLAIM.test(main.slice(0, promise.index)) ||
      /\b(?:no|not|never|without)\s+(?:an?\s+|the\s+)?`Fsc-Error-Code/i.test(promise[0])
    )
      return [];
    const codes = [...text.matchAll(ERROR_CODE_NAME)].map((match) => match[0]);
    const unknown = codes.filter((code) => !verified.has(code));
    if (unknown.length > 0)
      return [
        `${page.file}:${line} promises ${unknown.join(', ')}, which is not a verified FSC error code`,
      ];
    if (codes.length > 0 || ABOUT_THE_LIST.test(text)) return [];
    return [
      `${page.file}:${line} promises an Fsc-Error-Code without naming a code the standard defines: "${text}"`,
    ];
  });
}

/** A key of an OpenFSC chart that a tutorial command sets from a shell variable (`--set-string config.groupID="$FSC_GROUP_ID"`). */
type KeyFromVariable = {variable: string; chart: string; key: string};

/**
 * The keys of a chart and when its templates stop without each (see tests/data/charts): a requirement may be met by
 * another key instead (`unlessSet`, `orSet`), such as a certificate by its `existingSecret`.
 */
type ChartRequirements = {
  chart: string;
  keys: {key: string; required?: {unlessSet?: string[]; orSet?: string[]}}[];
};

/** Every key the pages' Helm commands set from a shell variable, with the variable. */
export function keysFromVariables(pages: Page[], charts: string[]): KeyFromVariable[] {
  return helmCommands(pages.flatMap(shellBlocks), charts).flatMap((command) =>
    command.setFlags.flatMap(({key, value}) =>
      [...value.matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((match) => ({
        variable: match[1]!,
        chart: command.chart,
        key,
      })),
    ),
  );
}

/**
 * A sentence says a value is required when it says "required" or "mandatory" with no negation before it ("none of
 * these keys is required"), or when, under a heading or bold lead about a required error, it says something has "the
 * same effect" (or error, or message).
 */
function claimsRequired(text: string, topic: string): boolean {
  const word = /\b(?:required|mandatory)\b/i.exec(text);
  if (word)
    return !/\b(?:not|no|none|never|neither|nor|without)\b/i.test(text.slice(0, word.index));
  return (
    /\brequired\b/i.test(topic) &&
    /\bsame (?:effect|error|message)\b/i.test(text) &&
    !/\b(?:not|no|never)\b/i.test(text)
  );
}

/**
 * A sentence that says a value is required (or that Helm stops with a `required` error) names only keys that a chart
 * requires, in tests/data/charts: a key of its own (`config.controllerRegistrationApiAddress`), a section of keys
 * (`postgresql:`), or a shell variable a tutorial command passes into a key (`FSC_GROUP_ID`; "a shell variable in a
 * `--set` option" stands for all of them). The keys are looked up in the charts the page installs, or in every chart
 * when the page installs none of those that have the key. An empty key that no chart requires does not stop Helm: the
 * chart installs with the empty value, and the component fails later.
 */
export function unrequiredKeys(
  page: Page,
  charts: ChartRequirements[],
  fromVariables: KeyFromVariable[],
): string[] {
  const installed = new Set(
    helmCommands(
      shellBlocks(page),
      charts.map(({chart}) => chart),
    ).map(({chart}) => chart),
  );
  /** The charts to look a key up in, and whether one of them requires it. */
  const requiredIn = (key: string, onlyCharts?: string[]) => {
    const having = charts.filter(
      ({chart, keys}) =>
        (!onlyCharts || onlyCharts.includes(chart)) &&
        keys.some((entry) => entry.key === key || entry.key.startsWith(`${key}.`)),
    );
    const own = having.filter(({chart}) => installed.has(chart));
    const candidates = own.length > 0 ? own : having;
    const covers = (name: string) => name === key || name.startsWith(`${key}.`);
    return {
      known: candidates.length > 0,
      required: candidates.some(({keys}) =>
        keys.some(
          ({key: name, required}) =>
            required &&
            [name, ...(required.unlessSet ?? []), ...(required.orSet ?? [])].some(covers),
        ),
      ),
    };
  };
  return sentencesOf(page.source).flatMap(({line, text, topic}) => {
    if (!claimsRequired(text, topic)) return [];
    const code = [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const findings: string[] = [];
    for (const name of code) {
      const key = /^([a-z]\w*(?:\.\w+)*):?$/.exec(name)?.[1];
      if (key && key.includes('.') === !name.endsWith(':')) {
        const {known, required} = requiredIn(key);
        if (known && !required) findings.push(`${key}, which no chart requires`);
      }
      const variable = /^\$?\{?([A-Z][A-Z0-9_]*)\}?$/.exec(name)?.[1];
      const keys = fromVariables.filter((entry) => entry.variable === variable);
      if (
        variable &&
        keys.length > 0 &&
        !keys.some(({chart, key}) => requiredIn(key, [chart]).required)
      )
        findings.push(
          `$${variable}, which sets ${[...new Set(keys.map(({key}) => key))].join(', ')}, required by no chart`,
        );
    }
    const namesVariable = code.some((name) =>
      fromVariables.some(({variable}) => name.includes(variable)),
    );
    if (
      !namesVariable &&
      /\bvariables?\b/i.test(text) &&
      code.some((name) => /^--set/.test(name)) &&
      !fromVariables.some(({chart, key}) => requiredIn(key, [chart]).required)
    )
      findings.push(
        'a shell variable in a --set option, though no key the tutorials set from one is required',
      );
    return findings.map(
      (finding) => `${page.file}:${line} says a value is required but names ${finding}`,
    );
  });
}

/**
 * A version of FSC Core called definitive, current or latest is the latest definitive one. The version called so is
 * the one nearest to that word in the same clause (clauses end at `;` and `:`), in a clause that names Core; a clause
 * that speaks of an earlier version ("earlier", "previous", "was", "replaced") is history and left alone.
 */
export function staleCoreVersion(page: Page, facts: CoreFacts): string[] {
  const latest = facts.definitiveCore.version;
  return sentencesOf(page.source).flatMap(({line, text}) =>
    text.split(/[;:]\s/).flatMap((clause) => {
      const called = /\b(?:definitive|current|latest|newest)\b/i.exec(clause);
      if (!called || !/\bCore\b/.test(clause)) return [];
      if (/\b(?:earlier|previous|older|former|was|were|replaced|superseded|until)\b/i.test(clause))
        return [];
      const nearest = [...clause.matchAll(/\b\d+\.\d+\.\d+\b/g)]
        .map((match) => ({
          version: match[0],
          distance: Math.abs((match.index ?? 0) - called.index),
        }))
        .sort((a, b) => a.distance - b.distance)[0];
      return nearest && nearest.version !== latest
        ? [
            `${page.file}:${line} calls FSC Core ${nearest.version} ${called[0]}; the latest definitive version is ${latest} (${facts.definitiveCore.date})`,
          ]
        : [];
    }),
  );
}

/** Words that carry no statement of their own, left out when sentences are compared. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but if then than so as at by for from in into of on onto to with without within is are was ' +
    'were be been being it its this that these those there here which who whom whose what when where why how not ' +
    'no do does did done can could may might must shall should will would has have had you your we our us they ' +
    'their them one also only just more most very all any each every both either neither other another such same ' +
    'own up down out over under again once about after before between through during until while'
  ).split(' '),
);

/** The content words of a sentence: lower case, function words left out, a plural `s` or `es` removed. */
function contentWords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z0-9_][\w.\-/]*\w|[a-z0-9]/g) ?? [])
      .filter((word) => !FUNCTION_WORDS.has(word))
      .map((word) => word.replace(/(?<=\w\w)e?s$/, '')),
  );
}

/**
 * Two sentences in a row say the same thing when the Jaccard index of their content-word sets (shared words over all
 * words) is at least 0.5. Calibrated on the pages of November 2026, before and after issue 35's content fixes: the
 * highest pair was 0.43 (two sentences about the same two certificates that say different things), while a sentence
 * said again in another order, or with two of eight content words changed, scores 0.6 or more. A repeat in other
 * words ("Docker needs 4 GB of memory. Give Docker at least 4 GB of RAM.", 0.38) scores no higher than sentences
 * that go on from the one before, so this guard catches a statement said twice in nearly the same words and leaves
 * paraphrases to review. Compared are running text and the sentences of one list item; headings, table rows, a bold
 * lead (which names what follows), sentences of fewer than three content words, and two different list items
 * (parallel by design: "one name for the Inway … one name for the Manager …") are not.
 */
const SAME_STATEMENT = 0.5;

/** A sentence that repeats the statement of the sentence before it. */
export function repeatedStatements(page: Page): string[] {
  const sentences = sentencesOf(page.source);
  const findings: string[] = [];
  for (let index = 1; index < sentences.length; index++) {
    const [previous, current] = [sentences[index - 1]!, sentences[index]!];
    const compared = [previous, current].every(
      ({kind, text, topic}) => (kind === 'text' || kind === 'item') && text !== topic,
    );
    const twoItems =
      previous.kind === 'item' &&
      current.kind === 'item' &&
      previous.paragraph !== current.paragraph;
    if (!compared || twoItems) continue;
    const [a, b] = [contentWords(previous.text), contentWords(current.text)];
    if (a.size < 3 || b.size < 3) continue;
    const shared = [...a].filter((word) => b.has(word)).length;
    const jaccard = shared / (a.size + b.size - shared);
    if (jaccard >= SAME_STATEMENT)
      findings.push(
        `${page.file}:${current.line} repeats the sentence before it (Jaccard ${jaccard.toFixed(2)}): "${current.text}"`,
      );
  }
  return findings;
}

/**
 * A sentence, or the clause that ends it, that only lists other names for something: "…, what other platforms call
 * an API catalog or a service registry", "It is also known as …". Such a clause holds a search word and tells the
 * reader nothing; the word belongs in a sentence that says something, or in the search synonyms. A name given inside
 * a sentence that goes on ("the root, also called the Trust Anchor, signs …") is not such a clause.
 */
export function alternativeTermLists(page: Page): string[] {
  const clause =
    /(?:^|[,;:(—–]\s*|\b(?:is|are)\s+)(?:what\s+(?:\S+\s+){0,3}?(?:calls?|names?|refers?\s+to\s+as)|(?:it\s+is\s+|they\s+are\s+)?(?:also|sometimes|often|elsewhere|otherwise|better)\s+(?:called|known\s+as|named|referred\s+to\s+as)|a\.k\.a\.|in\s+other\s+words|other\s+(?:names|words|terms)\s+for)\b[^,;:.()]*[.)]?$/i;
  return sentencesOf(page.source)
    .filter(({kind, text}) => kind !== 'heading' && clause.test(text))
    .map(
      ({line, text}) =>
        `${page.file}:${line} lists other names instead of saying something: "${text}"`,
    );
}

/** One `kubectl port-forward` a page runs: what it forwards to and the local ports it opens. */
type PortForward = {at: string; target: string; local: string};

function portForwards(page: Page): PortForward[] {
  return shellBlocks(page).flatMap((block) =>
    shellCommands(block.code)
      .map((line) => shellWords(line.trim()))
      .filter((words) => words[0] === 'kubectl' && words.includes('port-forward'))
      .flatMap((words) => {
        const rest = words.slice(words.indexOf('port-forward') + 1);
        const args = rest.filter(
          (word, index) =>
            !word.startsWith('-') &&
            !['-n', '--namespace', '--address', '--pod-running-timeout'].includes(
              rest[index - 1] ?? '',
            ),
        );
        const [target = '', ...ports] = args;
        // `:80` lets kubectl choose a free local port, which cannot collide.
        return ports
          .filter((port) => /^\d+(?::\d+)?$/.test(port))
          .map((port) => ({at: at(block), target, local: port.split(':')[0]!}));
      }),
  );
}

/**
 * Every `kubectl port-forward` of the pages to a different target uses a local port of its own. A reader follows the
 * Helm tutorial and the production pages in one cluster and may keep several forwards open at once, such as the
 * Outway's from step 11 while reading the Manager's metrics; a second forward on the same local port fails with
 * `address already in use`, or reaches the first target. The same target on the same port, started again on
 * another page, is fine.
 */
export function collidingPortForwards(pages: Page[]): string[] {
  const byPort = new Map<string, Map<string, PortForward[]>>();
  for (const forward of pages.flatMap(portForwards)) {
    const targets = byPort.get(forward.local) ?? new Map<string, PortForward[]>();
    targets.set(forward.target, [...(targets.get(forward.target) ?? []), forward]);
    byPort.set(forward.local, targets);
  }
  return [...byPort].flatMap(([local, targets]) => {
    // The target that most forwards on this port go to keeps it; the forwards to the others are reported.
    const [[keeper, kept], ...others] = [...targets].sort((a, b) => b[1].length - a[1].length);
    return others.flatMap(([, forwards]) =>
      forwards.map(
        ({at: where, target}) =>
          `${where} forwards local port ${local} to ${target}, which ${kept[0]!.at} uses for ${keeper}`,
      ),
    );
  });
}

/**
 * `process.env` or `import.meta.env` on a page, outside code: in MDX an expression such as `{process.env.X}` prints a
 * value of the build's environment into the HTML, the search index and the Markdown twin. Fenced code and inline
 * code are text and may show either.
 */
export function buildEnvironmentReads(page: Page): string[] {
  const findings: string[] = [];
  let fence: string | undefined;
  page.source.split('\n').forEach((text, index) => {
    const mark = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (mark && text.trim() === fence) fence = undefined;
      return;
    }
    if (mark) {
      fence = mark;
      return;
    }
    const outsideCode = text.replace(/(`+)[\s\S]*?\1/g, '');
    const read = /\b(?:process\.env|import\.meta\.env)\b/.exec(outsideCode);
    if (read)
      findings.push(
        `${page.file}:${index + 1} reads ${read[0]}, which puts the build's environment on the page`,
      );
  });
  return findings;
}
