import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  connectOutcome,
  freePort,
  outsideAddress,
  waitUntilServing,
} from '../../support/servers.mjs';

// `npm run serve`, the README's first command, as a reader starts it: on a build folder, it must
// answer on loopback and on no other address of the machine.
describe('npm run serve', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-serve-'));
  let port = 0;
  const child = {process: undefined as ReturnType<typeof spawn> | undefined};

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>served</title>');
    fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>not found</title>');
    port = await freePort();
    child.process = spawn(
      'npm',
      ['run', '--silent', 'serve', '--', '--port', String(port), '--dir', dir],
      {
        stdio: 'ignore',
        detached: true,
      },
    );
    await waitUntilServing(`http://127.0.0.1:${port}/`, child.process, 20_000, 'npm run serve');
  }, 30_000);

  afterAll(() => {
    // The npm process and the server it started are one process group.
    if (child.process?.pid) process.kill(-child.process.pid);
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('serves the build on 127.0.0.1, and an unknown path gets the not-found page', async () => {
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(await home.text()).toContain('<title>served</title>');
    const missing = await fetch(`http://127.0.0.1:${port}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>not found</title>');
  });

  it.skipIf(!outsideAddress)(
    "answers on loopback only, not on the machine's other addresses",
    async () => {
      expect(await connectOutcome(outsideAddress!, port)).toBe('ECONNREFUSED');
    },
  );
});
