import {describe, expect, it} from 'vitest';
import {resolveAnnouncementBar, resolveSiteUrl} from '../../config/site';
import {resolveSearchConfig} from '../../config/search';

describe('resolveSearchConfig', () => {
  it('uses the embedded index when no Algolia variable is set', () => {
    const config = resolveSearchConfig({});
    expect(config).toMatchObject({mode: 'embedded', indexName: 'docs-fsc'});
    // Placeholders, because the theme's schema and the client both require non-empty strings.
    expect(config.appId).not.toBe('');
    expect(config.apiKey).not.toBe('');
  });

  it('uses hosted Algolia when app id and search key are set', () => {
    expect(
      resolveSearchConfig({
        ALGOLIA_APP_ID: 'APP',
        ALGOLIA_SEARCH_API_KEY: 'key',
        ALGOLIA_INDEX_NAME: 'other',
      }),
    ).toMatchObject({
      mode: 'hosted',
      appId: 'APP',
      apiKey: 'key',
      indexName: 'other',
      hosts: undefined,
    });
  });

  it("fails with the client's wording when half of the credentials is set", () => {
    expect(() => resolveSearchConfig({ALGOLIA_SEARCH_API_KEY: 'key'})).toThrow(
      '`appId` is missing.',
    );
    expect(() =>
      resolveSearchConfig({ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: '  '}),
    ).toThrow('`apiKey` is missing.');
  });

  it('reads test hosts and the missing-results link', () => {
    const config = resolveSearchConfig({
      ALGOLIA_APP_ID: 'APP',
      ALGOLIA_SEARCH_API_KEY: 'key',
      ALGOLIA_HOSTS: 'http://127.0.0.1:1234, http://127.0.0.1:5678',
      SEARCH_MISSING_RESULTS_URL: 'https://example.org/new?title={query}',
    });
    expect(config.hosts).toEqual(['http://127.0.0.1:1234', 'http://127.0.0.1:5678']);
    expect(config.missingResultsUrl).toBe('https://example.org/new?title={query}');
  });

  it("rejects ALGOLIA_INSIGHTS, whose CDN script the site's policy would block, and says why", () => {
    for (const env of [
      {ALGOLIA_INSIGHTS: 'true'},
      {ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'key', ALGOLIA_INSIGHTS: 'true'},
    ]) {
      expect(() => resolveSearchConfig(env)).toThrow(
        /ALGOLIA_INSIGHTS is not supported \(it is "true"\): .*Content-Security-Policy blocks.*Unset ALGOLIA_INSIGHTS/,
      );
    }
    // Unset, empty (an unset container build argument) or "false" asks for nothing.
    for (const value of [undefined, '', 'false']) {
      expect(resolveSearchConfig({ALGOLIA_INSIGHTS: value}).mode).toBe('embedded');
    }
  });

  it('switches the query-to-page prior with SEARCH_PRIOR, on unless it says off', () => {
    expect(resolveSearchConfig({}).prior).toBe(true);
    expect(resolveSearchConfig({SEARCH_PRIOR: 'on'}).prior).toBe(true);
    expect(resolveSearchConfig({SEARCH_PRIOR: ' off '}).prior).toBe(false);
    expect(() => resolveSearchConfig({SEARCH_PRIOR: 'false'})).toThrow(
      'SEARCH_PRIOR must be "on" or "off" (it is "false")',
    );
  });

  it('rejects a missing-results link without a place for the query', () => {
    expect(() =>
      resolveSearchConfig({SEARCH_MISSING_RESULTS_URL: 'https://example.org/new'}),
    ).toThrow(/must contain "\{query\}"/);
  });
});

describe('resolveSiteUrl', () => {
  it('defaults to the public address and accepts an origin', () => {
    expect(resolveSiteUrl({})).toBe('https://docs.fsc.nlx.io');
    expect(resolveSiteUrl({SITE_URL: 'https://docs.example.nl/'})).toBe('https://docs.example.nl');
  });

  it('names the fault in a wrong address', () => {
    expect(() => resolveSiteUrl({SITE_URL: 'docs.example.nl'})).toThrow(
      'SITE_URL is not a valid absolute URL: "docs.example.nl"',
    );
    expect(() => resolveSiteUrl({SITE_URL: 'https://example.nl/docs'})).toThrow(
      /SITE_URL must be an origin without a path/,
    );
  });
});

describe('resolveAnnouncementBar', () => {
  it('is off unless content is configured', () => {
    expect(resolveAnnouncementBar({})).toBeUndefined();
  });

  it('takes id, content, colours and closeability', () => {
    expect(
      resolveAnnouncementBar({
        ANNOUNCEMENT_ID: 'v2',
        ANNOUNCEMENT_CONTENT: 'New release',
        ANNOUNCEMENT_BACKGROUND_COLOR: '#000000',
        ANNOUNCEMENT_TEXT_COLOR: '#ffffff',
        ANNOUNCEMENT_CLOSEABLE: 'false',
      }),
    ).toEqual({
      id: 'v2',
      content: 'New release',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      isCloseable: false,
    });
  });

  it('treats an empty closeable setting (an unset container build argument) as the default', () => {
    expect(
      resolveAnnouncementBar({
        ANNOUNCEMENT_ID: 'v2',
        ANNOUNCEMENT_CONTENT: 'x',
        ANNOUNCEMENT_CLOSEABLE: '',
      })?.isCloseable,
    ).toBe(true);
  });

  it('names what is wrong', () => {
    expect(() => resolveAnnouncementBar({ANNOUNCEMENT_CONTENT: 'x'})).toThrow(
      /ANNOUNCEMENT_ID is required/,
    );
    expect(() =>
      resolveAnnouncementBar({
        ANNOUNCEMENT_CONTENT: 'x',
        ANNOUNCEMENT_ID: 'a',
        ANNOUNCEMENT_CLOSEABLE: 'yes',
      }),
    ).toThrow('ANNOUNCEMENT_CLOSEABLE must be "true" or "false", not "yes"');
  });
});
