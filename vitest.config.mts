import {defineConfig} from 'vitest/config';

/**
 * Two projects in one run: fast unit tests of the real modules, and browser tests that drive
 * Debian's Chromium against the production build (which `npm test` makes first).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one browser-test file at a time keeps timings honest and Chromium stable.
          fileParallelism: false,
        },
      },
    ],
  },
});
