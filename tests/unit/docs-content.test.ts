import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {describe, expect, it} from 'vitest';
import {CODE_LANGUAGES, UNHIGHLIGHTED_FENCES} from '../../config/codeLanguages';
import {codeBlocks, DOCS, markdownFiles, type CodeBlock} from './support/docsCodeBlocks';

const files = markdownFiles();
const blocks = files.flatMap(codeBlocks);

describe('docs content', () => {
  it('has the 33 pages of the specification', () => {
    expect(files).toHaveLength(33);
  });

  it('has no placeholder words', () => {
    const offenders = files.filter((file) =>
      /\b(TODO|TBD|lorem ipsum|coming soon)\b/i.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(DOCS, file))).toEqual([]);
  });

  it('gives every page at least 250 words of prose (front matter and code blocks not counted)', () => {
    const short = files
      .map((file) => {
        const prose = fs
          .readFileSync(file, 'utf8')
          .replace(/^---\n[\s\S]*?\n---\n/, '')
          .replace(/^(```+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
        return {
          file: path.relative(DOCS, file),
          words: prose.match(/[\p{L}\p{N}]+/gu)?.length ?? 0,
        };
      })
      .filter(({words}) => words < 250);
    expect(short).toEqual([]);
  });

  it('gives every page a title and a description in its frontmatter', () => {
    for (const file of files) {
      const frontmatter = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(file, 'utf8'))?.[1];
      const data = yaml.load(frontmatter ?? '') as
        {title?: string; description?: string} | undefined;
      expect(data?.title, `${file} title`).toBeTruthy();
      expect(data?.description?.length ?? 0, `${file} description`).toBeGreaterThan(40);
    }
  });

  it('writes every code fence in a language the site highlights, or as text or a diagram', () => {
    const unknown = blocks.filter(
      ({language}) => ![...CODE_LANGUAGES, ...UNHIGHLIGHTED_FENCES].includes(language),
    );
    expect(
      unknown.map(({file, line, language}) => `${file}:${line} ${language || '(no language)'}`),
    ).toEqual([]);
    // And registers no language the docs do not use: each one adds to the first load of every page with code.
    expect(
      CODE_LANGUAGES.filter((language) => !blocks.some((block) => block.language === language)),
    ).toEqual([]);
  });

  it('finds code blocks to check', () => {
    expect(blocks.filter((block) => block.language === 'yaml').length).toBeGreaterThan(5);
    expect(blocks.filter((block) => block.language === 'bash').length).toBeGreaterThan(10);
  });

  it.each(
    blocks
      .filter((block) => block.language === 'yaml' || block.language === 'yml')
      .map((block) => [`${block.file}:${block.line}`, block]),
  )('yaml block %s parses', (_, block) => {
    expect(() => yaml.loadAll((block as CodeBlock).code)).not.toThrow();
  });

  it.each(
    blocks
      .filter((block) => block.language === 'json')
      .map((block) => [`${block.file}:${block.line}`, block]),
  )('json block %s parses', (_, block) => {
    expect(() => JSON.parse((block as CodeBlock).code)).not.toThrow();
  });

  it('gives every code block a language', () => {
    expect(
      blocks.filter((block) => block.language === '').map((block) => `${block.file}:${block.line}`),
    ).toEqual([]);
  });

  it("names an OpenFSC version in commands with one pair of names, or the Docker tutorial's .env name", () => {
    // The Helm tutorial's fsc-env.sh sets OPENFSC_CHART_VERSION (the release installed); upgrades add only
    // OPENFSC_TARGET (the release moved to). The Docker tutorial keeps its image tag in .env as OPENFSC_VERSION.
    const allowed = (file: string) =>
      file.startsWith('try-fsc/docker/')
        ? ['OPENFSC_VERSION']
        : ['OPENFSC_CHART_REPO', 'OPENFSC_CHART_VERSION', 'OPENFSC_TARGET'];
    const others = blocks.flatMap(({file, line, code}) =>
      [...new Set(code.match(/\bOPENFSC_\w+/g))]
        .filter((name) => !allowed(file).includes(name))
        .map((name) => `${file}:${line} ${name}`),
    );
    expect(others).toEqual([]);
  });

  it('introduces every angle-bracket placeholder of a shell block in the text before it', () => {
    const unexplained: string[] = [];
    for (const block of blocks.filter((candidate) =>
      ['bash', 'sh', 'shell', 'console'].includes(candidate.language),
    )) {
      // Heredoc redirections (<<EOF) and comparisons are shell syntax, not placeholders.
      for (const [placeholder] of block.code.matchAll(/<[A-Za-z][\w-]*>/g)) {
        if (
          !block.before.includes(placeholder) &&
          !block.before.includes(placeholder.replace(/</, '&lt;').replace(/>/, '&gt;'))
        ) {
          unexplained.push(`${block.file}:${block.line} ${placeholder}`);
        }
      }
    }
    expect(unexplained).toEqual([]);
  });
});
