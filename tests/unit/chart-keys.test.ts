import yaml from 'js-yaml';
import {describe, expect, it} from 'vitest';
import {chartHasKey, leafPaths, loadChartKeys, missingRequired} from './support/chartKeys';
import {codeBlocks, markdownFiles, SHELL_LANGUAGES} from './support/docsCodeBlocks';
import {helmCommands, type HelmCommand} from './support/helmCommands';

// The version every page installs: OPENFSC_CHART_VERSION in the Helm tutorial's fsc-env.sh.
const CHART_VERSION = '2.4.0';
const charts = loadChartKeys(CHART_VERSION);
const blocks = markdownFiles().flatMap(codeBlocks);
const commands = helmCommands(
  blocks.filter((block) => SHELL_LANGUAGES.includes(block.language)),
  [...charts.keys()],
);

/** A values file is the YAML block titled with its file name: on the command's own page, else on any page. */
function valuesFile(command: HelmCommand, name: string) {
  const titled = blocks.filter(
    (block) => ['yaml', 'yml'].includes(block.language) && block.title === name,
  );
  const block = titled.find((candidate) => candidate.file === command.block.file) ?? titled[0];
  return block && {block, leaves: leafPaths(yaml.load(block.code))};
}

/** A values file that a command on the same page writes, such as `helm get values outway > file`. */
function writtenByCommand(command: HelmCommand, name: string) {
  return blocks.some(
    (block) =>
      block.file === command.block.file &&
      SHELL_LANGUAGES.includes(block.language) &&
      block.code.includes(`> ${name}`),
  );
}

function where(command: HelmCommand) {
  return `${command.block.file}:${command.block.line} (helm … ${command.release} ${command.chart})`;
}

describe(`OpenFSC chart keys (charts ${CHART_VERSION})`, () => {
  it('has the key lists of the six charts and finds the installs of the Helm tutorial', () => {
    expect([...charts.keys()].sort()).toEqual([
      'open-fsc-auditlog',
      'open-fsc-controller',
      'open-fsc-inway',
      'open-fsc-manager',
      'open-fsc-outway',
      'open-fsc-txlog-api',
    ]);
    const tutorialInstalls = commands.filter(
      (command) => command.installs && command.block.file.startsWith('try-fsc/helm/'),
    );
    expect(tutorialInstalls.map((command) => command.chart).sort()).toEqual(
      [...charts.keys()].sort(),
    );
  });

  it('shows every values file a helm command uses as a titled YAML block, or writes it with a command', () => {
    const missing = commands.flatMap((command) =>
      command.valuesFiles
        .filter((name) => !valuesFile(command, name) && !writtenByCommand(command, name))
        .map((name) => `${where(command)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('sets only keys that the chart has, in values files and --set flags', () => {
    const unknown: string[] = [];
    for (const command of commands) {
      const chart = charts.get(command.chart)!;
      for (const name of command.valuesFiles) {
        for (const key of valuesFile(command, name)?.leaves.keys() ?? []) {
          if (!chartHasKey(chart, key)) unknown.push(`${where(command)}: ${key} in ${name}`);
        }
      }
      for (const {flag, key} of command.setFlags) {
        if (!chartHasKey(chart, key)) unknown.push(`${where(command)}: ${flag} ${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('sets every value a chart requires in the tutorial install steps', () => {
    const missing: string[] = [];
    for (const command of commands.filter(
      (candidate) => candidate.installs && candidate.block.file.startsWith('try-fsc/helm/'),
    )) {
      const set = new Map<string, unknown>();
      for (const name of command.valuesFiles)
        for (const [key, value] of valuesFile(command, name)?.leaves ?? []) set.set(key, value);
      for (const {key, value} of command.setFlags) set.set(key, value);
      missing.push(
        ...missingRequired(charts.get(command.chart)!, set).map(
          (key) => `${where(command)}: ${key}`,
        ),
      );
    }
    expect(missing).toEqual([]);
  });
});
