// Where the MCP server reads the site's files from: a local build (--build) and a served site
// (--site), over real files and real HTTP servers on 127.0.0.1 (issue 36, F2 and F5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildSource} from '../../packages/fsc-docs-mcp/src/siteSource';

describe('a local build (--build)', () => {
  let dir: string;
  let build: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-mcp-build-'));
    build = path.join(dir, 'build');
    fs.mkdirSync(path.join(build, 'docs'), {recursive: true});
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.writeFileSync(path.join(build, 'llms.txt'), 'the pages\n');
    fs.writeFileSync(path.join(build, 'docs', 'page.md'), '# A page\n');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'not part of the site\n');
    fs.writeFileSync(path.join(dir, 'outside', 'page.md'), 'not part of the site either\n');
    // A file and a folder that lead out of the build, and a file that leads to another in it.
    fs.symlinkSync('../secret.txt', path.join(build, 'leak.md'));
    fs.symlinkSync('../outside', path.join(build, 'elsewhere'), 'dir');
    fs.symlinkSync('llms.txt', path.join(build, 'alias.txt'));
  });
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

  it('reads the files of the build by their path on the site', async () => {
    const source = buildSource(build);
    expect(await source.read('/llms.txt')).toBe('the pages\n');
    expect(await source.read('/docs/page.md')).toBe('# A page\n');
  });

  it('reads the build through a symlink to the build folder itself', async () => {
    fs.symlinkSync('build', path.join(dir, 'current'), 'dir');
    expect(await buildSource(path.join(dir, 'current')).read('/llms.txt')).toBe('the pages\n');
  });

  it('follows no symlink inside the build, to a file or through a folder, wherever it leads', async () => {
    const source = buildSource(build);
    for (const sitePath of ['/leak.md', '/elsewhere/page.md', '/alias.txt']) {
      const error = await source.read(sitePath).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error, sitePath).toBeInstanceOf(Error);
      expect(error!.message, sitePath).toContain('symbolic link');
      expect(error!.message, sitePath).not.toContain('not part of the site');
    }
  });
});
