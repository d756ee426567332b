import {defineConfig} from 'vitest/config';
import {BaseSequencer, type TestSpecification} from 'vitest/node';

/**
 * The longest browser-test files, longest first. Vitest orders files by their last duration, which
 * a clean clone (CI) does not have; it then starts the small files first, and the accessibility
 * checks, the longest by far, ran alone at the end. Those scans are now serving's (about 150 s of
 * CPU, its pages one at a time, 2026-11-28). The development server's test waits on a compile of
 * its own for most of its run (235 s alone on a busy host): started late, it ran alone at the end
 * too.
 */
const LONGEST_FILES = ['serving', 'dev-search', 'search-modal'].map(
  (name) => `/tests/e2e/${name}.test.ts`,
);

class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Three tiers. `unit`: the real modules and the docs' sources, no build and no file outside the
 * repository (`npm run test:unit`), with `search`, the search package's own tests, alike. `site`:
 * checks of the built site's files, such as search quality over the built index. `e2e`: browser
 * tests that drive Debian's Chromium against the builds (`npm test` makes them first).
 *
 * The unit and search files share their worker's modules (`isolate: false`): each file imported its
 * own copy of the same modules before. Both tiers, alternated at a load of 8 to 14 (2026-11-29):
 * 80.5 and 72.7 s of CPU isolated, 53.8 and 43.8 s shared. Their tests keep no state in modules and
 * restore what they change (the environment, console spies). The browser tests stay isolated:
 * their support modules hold servers and pages per file, and sharing saved little there.
 */
export default defineConfig({
  test: {
    // Two test files at a time, one per core: the browser tests spend much of their run waiting on
    // pages, servers and builds, and one file at a time left the machine idle more than half the time
    // (bench/README.md, "The test suite"). The files share one Chromium, each with a connection of
    // its own; builds are shared through support/builds.mjs's lock.
    maxWorkers: 2,
    sequence: {sequencer: LongestFilesFirst},
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'search',
          include: ['packages/search/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One Chromium for the run, which each file connects to.
          globalSetup: ['tests/e2e/support/browserServer.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits on what the page shows; its default of one second is a race on a busy
          // 2-core machine (loading the search index alone can take longer), not a limit worth testing.
          expect: {poll: {timeout: 10_000}},
          // Tests a file marks concurrent (each its own page in one browser) run three at a time.
          maxConcurrency: 3,
        },
      },
    ],
  },
});
