import {chromium} from 'playwright-core';
import type {TestProject} from 'vitest/node';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../../../support/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser tests' Chromium listens (support/browser.ts connectBrowser). */
    chromiumEndpoint: string;
  }
}

/**
 * The e2e project's global set-up: one Chromium for the run, which every test file connects to
 * instead of launching a Chromium of its own. A launch cost about 1.3 s of CPU (2026-11-28), and
 * the browser tests made 14 of them a run, one a file. Each file still has contexts and pages of
 * its own; closing its connection closes them.
 */
export default async function startChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    timeout: 30_000,
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
