// `npm test -- <file>` makes only the builds the file reads (support/builds.mjs).
import {describe, expect, it} from 'vitest';
import {buildsReadBy} from '../../support/builds.mjs';

describe('the builds a test file reads', () => {
  it('are none for unit tests and for a test that builds its own site', () => {
    expect(buildsReadBy('tests/unit/engine.test.ts')).toEqual([]);
    expect(buildsReadBy('tests/e2e/config-validation.test.ts')).toEqual([]);
  });

  it('are the published build for the site checks and the browser tests of the published site', () => {
    expect(buildsReadBy('tests/site/search-quality.test.ts')).toEqual(['published']);
    expect(buildsReadBy('tests/e2e/search-modal.test.ts')).toEqual(['published']);
    expect(buildsReadBy('tests/e2e/serving.test.ts')).toEqual(['published']);
  });

  it('add the test variant where a test reads it', () => {
    expect(buildsReadBy('tests/e2e/search-hosted.test.ts')).toEqual(['published', 'variant']);
  });
});
