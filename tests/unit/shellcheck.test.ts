import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {codeBlocks, markdownFiles, SHELL_LANGUAGES} from './support/docsCodeBlocks';

/**
 * shellcheck codes that stay excluded for the docs' blocks, each for a reason that holds for every page:
 * - SC1090, SC1091: blocks `source` files that exist only on the reader's machine (fsc-env.sh, .env, ~/.zshrc).
 * - SC2016: a block writes a line into a shell start-up file in single quotes on purpose, so that it expands there
 *   and not when it is written.
 * - SC2164: `cd ~/fsc-helm` without `|| exit`: readers type the blocks into an interactive shell, where a failed cd
 *   prints its own error and exiting would close their terminal.
 */
const EXCLUDED = ['SC1090', 'SC1091', 'SC2016', 'SC2164'];

const SHELLCHECK = '/usr/bin/shellcheck';
const blocks = markdownFiles()
  .flatMap(codeBlocks)
  .filter((block) => SHELL_LANGUAGES.includes(block.language));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-shellcheck-'));
afterAll(() => fs.rmSync(folder, {recursive: true, force: true}));

describe('shell blocks in the docs', () => {
  it('finds shellcheck (bash scripts/system-deps.sh installs it) and shell blocks to check', () => {
    expect(
      fs.existsSync(SHELLCHECK),
      `${SHELLCHECK} is missing: run bash scripts/system-deps.sh`,
    ).toBe(true);
    expect(blocks.length).toBeGreaterThan(50);
  });

  it('pass shellcheck', () => {
    const files = blocks.map((block, index) => {
      const file = path.join(folder, `block-${index}.sh`);
      fs.writeFileSync(file, `#!/usr/bin/env bash\n${block.code}`);
      return file;
    });
    // One shellcheck run for all blocks: gcc format names the file and the line, which map back to the page.
    const result = spawnSync(
      SHELLCHECK,
      ['--shell=bash', '--format=gcc', `--exclude=${EXCLUDED.join(',')}`, ...files],
      {encoding: 'utf8'},
    );
    expect(result.error).toBeUndefined();
    const findings = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [, index, lineNumber, message] = /block-(\d+)\.sh:(\d+):\d+: (.*)$/.exec(line) ?? [];
        const block = blocks[Number(index)]!;
        return `${block.file}:${block.line + Number(lineNumber) - 1} "${block.title}": ${message}`;
      });
    expect(findings).toEqual([]);
  });
});
