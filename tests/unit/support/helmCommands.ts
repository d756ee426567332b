import type {CodeBlock} from './docsCodeBlocks';

/** One `helm install` or `helm upgrade` of an OpenFSC chart, as a page writes it. */
export type HelmCommand = {
  block: CodeBlock;
  release: string;
  chart: string;
  /** `upgrade --install` or `install`: the command creates the release. */
  installs: boolean;
  reuseValues: boolean;
  valuesFiles: string[];
  /** Keys set with `--set`, `--set-string` or `--set-file`, with the value as written. */
  setFlags: {flag: string; key: string; value: string}[];
};

/** Splits a shell command line into words, keeping quoted parts together (quotes removed). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/(?:"[^"]*"|'[^']*'|[^\s"']+)+/g)) {
    words.push(match[0].replace(/^(["'])(.*)\1$/, '$2').replace(/"([^"]*)"|'([^']*)'/g, '$1$2'));
  }
  return words;
}

/** The commands of a shell block, with backslash-continued lines joined. */
export function shellCommands(code: string): string[] {
  return code.replace(/\\\n\s*/g, ' ').split('\n');
}

const SET_FLAGS = ['--set', '--set-string', '--set-file'];

/** Every helm install/upgrade of a chart whose name is in `charts`, found in the given shell blocks. */
export function helmCommands(blocks: CodeBlock[], charts: string[]): HelmCommand[] {
  const commands: HelmCommand[] = [];
  for (const block of blocks) {
    for (const line of shellCommands(block.code)) {
      const words = shellWords(line.trim());
      if (words[0] !== 'helm' || !['install', 'upgrade'].includes(words[1] ?? '')) continue;
      const positional: string[] = [];
      const command: HelmCommand = {
        block,
        release: '',
        chart: '',
        installs: words[1] === 'install',
        reuseValues: false,
        valuesFiles: [],
        setFlags: [],
      };
      for (let i = 2; i < words.length; i++) {
        const word = words[i]!;
        const [flag, inline] =
          word.startsWith('--') && word.includes('=')
            ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
            : [word, undefined];
        const argument = () => inline ?? words[++i] ?? '';
        if (flag === '--install') command.installs = true;
        else if (flag === '--reuse-values') command.reuseValues = true;
        else if (flag === '--values' || flag === '-f') command.valuesFiles.push(argument());
        else if (SET_FLAGS.includes(flag)) {
          const assignment = argument();
          command.setFlags.push({
            flag,
            key: assignment.slice(0, assignment.indexOf('=')),
            value: assignment.slice(assignment.indexOf('=') + 1),
          });
        } else if (['--version', '--namespace', '-n', '--timeout'].includes(flag)) argument();
        else if (!word.startsWith('-')) positional.push(word);
      }
      // The longest chart name wins, so open-fsc-txlog-api is not read as a shorter name.
      const chart = [...charts]
        .sort((a, b) => b.length - a.length)
        .find((name) => positional[1]?.endsWith(`/${name}`));
      if (!chart) continue;
      command.release = positional[0] ?? '';
      command.chart = chart;
      commands.push(command);
    }
  }
  return commands;
}
