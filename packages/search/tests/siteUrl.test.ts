import {describe, expect, it} from 'vitest';
import {urlOnSite} from '../src/siteUrl';

const ORIGIN = 'https://docs.example.org';

describe('urlOnSite', () => {
  it('keeps paths and URLs of the site, as the parser reads them', () => {
    expect(urlOnSite('/introduction/#kept', ORIGIN)?.href).toBe(`${ORIGIN}/introduction/#kept`);
    expect(urlOnSite(`${ORIGIN}/try-fsc/helm/9-outway`, ORIGIN)?.pathname).toBe(
      '/try-fsc/helm/9-outway',
    );
    // A tab inside a segment is dropped by the parser and harms nothing.
    expect(urlOnSite('/intro\tduction/', ORIGIN)?.pathname).toBe('/introduction/');
  });

  it('refuses whatever names another host, however the text hides it', () => {
    for (const value of [
      'https://other.example/introduction/',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '\t//evil.example/x',
      'javascript:alert(1)',
      'http://docs.example.org/introduction/',
      // On the site, but its path alone (what the site links to) is another host's URL.
      `${ORIGIN}//evil.example/x`,
      `${ORIGIN}/\\evil.example/x`,
      `${ORIGIN}/\t/evil.example/x`,
      `${ORIGIN}/\r\n/evil.example/x`,
    ]) {
      expect(urlOnSite(value, ORIGIN), JSON.stringify(value)).toBeNull();
    }
  });

  it('gives null for what does not parse, never an exception', () => {
    expect(urlOnSite('http://[', ORIGIN)).toBeNull();
  });
});
