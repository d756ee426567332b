import {describe, expect, it} from 'vitest';
import {toSavedHit} from '../../src/theme/SearchBar/storedSearches';

const ORIGIN = 'http://127.0.0.1:3000';

/** A recent search as DocSearch stores it, with `url` as given. */
const stored = (url: string) => ({
  objectID: 'stored',
  url,
  type: 'lvl1',
  hierarchy: {
    lvl0: 'Introduction',
    lvl1: 'Stored',
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  },
  content: null,
  __docsearch_parent: null,
});

describe('toSavedHit', () => {
  it('keeps an entry whose URL is a page of the site, as the path the browser reads', () => {
    expect(toSavedHit(stored('/introduction/#kept'), ORIGIN)?.url).toBe('/introduction/#kept');
    expect(toSavedHit(stored(`${ORIGIN}/introduction/`), ORIGIN)?.url).toBe('/introduction/');
  });

  it('drops an entry whose URL a tab, a newline or a backslash turns into another host', () => {
    for (const url of [
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '/\\evil.example/x',
      '//evil.example/x',
      'https://evil.example/x',
      'javascript:alert(1)',
    ]) {
      expect(toSavedHit(stored(url), ORIGIN), JSON.stringify(url)).toBeNull();
    }
  });
});
