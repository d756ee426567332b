import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {freePort, waitUntilServing} from '../../../support/servers.mjs';
import {SITE_SOURCES} from '../../../support/builds.mjs';
import {ROOT} from './site';

/** What `docusaurus start` reads; the copy links node_modules instead of copying it. */
/** A writer's checkout: the site's sources and the files `docusaurus start` reads beside them. */
const CHECKOUT = [...SITE_SOURCES, 'tsconfig.json', 'package.json'];

export type DevServer = {
  origin: string;
  /** The copy the server runs on: tests edit its docs, never the repository's. */
  siteDir: string;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  close: () => Promise<void>;
};

/**
 * `docusaurus start` on 127.0.0.1 over a fresh copy of the site, as a writer runs it (published
 * settings: no test routes, embedded search). Resolves when the first page is served.
 */
export async function startDevServer(timeoutMs = 180_000): Promise<DevServer> {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsc-dev-site-'));
  for (const entry of CHECKOUT)
    fs.cpSync(path.join(ROOT, entry), path.join(siteDir, entry), {recursive: true});
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    {
      cwd: siteDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        BROWSER: 'none',
        FSC_TEST_ROUTES: '',
        ALGOLIA_APP_ID: '',
        ALGOLIA_SEARCH_API_KEY: '',
        ANNOUNCEMENT_CONTENT: '',
        // The copy is a new folder each run, so a persistent bundler cache written for it would
        // never be read again: writing it cost CPU, and disk in node_modules/.cache.
        DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(siteDir, {recursive: true, force: true});
  };
  try {
    // The dev middleware holds a page request until the first compilation is done.
    await waitUntilServing(`${origin}/`, child, timeoutMs, 'docusaurus start');
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {origin, siteDir, output: () => output, close};
}
