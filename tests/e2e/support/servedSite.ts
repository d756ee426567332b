import {afterAll, beforeAll} from 'vitest';
import type {Browser} from 'playwright-core';
import {connectBrowser} from './browser';
import {startStaticServer, type StaticServer} from '../../../support/staticServer.mjs';
import {BUILD_TIMEOUT_MS, builtSite} from './site';

export type ServedSite = {origin: string; browser: Browser};

/**
 * For one test file: serves a build on 127.0.0.1 (made first if missing or stale) and connects to
 * the run's Chromium before its tests, and stops serving and closes the connection after them. The
 * returned object is filled in before the first test runs.
 */
export function serveBuildForTests(build: 'published' | 'variant'): ServedSite {
  let server: StaticServer | undefined;
  const site = {origin: '', browser: undefined as unknown as Browser};
  beforeAll(async () => {
    server = await startStaticServer(await builtSite(build));
    site.origin = server.origin;
    site.browser = await connectBrowser();
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await site.browser?.close();
    await server?.close();
  });
  return site;
}
