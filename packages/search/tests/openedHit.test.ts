import {describe, expect, it} from 'vitest';
import {createSearchEngine} from '../src/engine';
import {markedWords, markPattern, openedHitState, wordsFromState} from '../src/openedHit';
import {corpus, DOCSEARCH_FILTERS} from './support/records';

const engine = createSearchEngine(corpus());
const firstHit = (query: string, tags: Record<string, string> = {}) =>
  engine.search({query, facetFilters: DOCSEARCH_FILTERS, ...tags}).hits[0]!;
const marked = (pattern: RegExp | null, text: string) =>
  [...text.matchAll(pattern!)].map((m) => m[0]);

describe('the words a page opened from a hit marks', () => {
  it('are the words the engine highlighted: a typo as the page spells it, a prefix as a word start', () => {
    expect(markedWords(firstHit('outwy'))).toEqual([{text: 'outway', prefix: false}]);
    expect(markedWords(firstHit('outw'))).toEqual([{text: 'outw', prefix: true}]);
    // whatever the highlight tags: DocSearch's <mark>, or a span with a class
    const span = firstHit('manager', {
      highlightPreTag: '<span class="hl">',
      highlightPostTag: '</span>',
    });
    expect(markedWords(span).map((w) => w.text)).toContain('manager');
  });

  it('marks whole words, and word starts for a prefix, never inside a word', () => {
    const pattern = markPattern([
      {text: 'outway', prefix: false},
      {text: 'man', prefix: true},
    ]);
    expect(marked(pattern, 'Outway, outways and the Manager; a woman manages')).toEqual([
      'Outway',
      'Man',
      'man',
    ]);
  });

  it('treats highlighted text as text: entities decoded, pattern characters escaped', () => {
    const hit = {
      _highlightResult: {
        content: {value: 'a <em>c++</em> &amp; <em>x&lt;y</em>', matchLevel: 'full'},
      },
    };
    const words = markedWords(hit);
    expect(words).toEqual([
      {text: 'c++', prefix: false},
      {text: 'x<y', prefix: false},
    ]);
    expect(marked(markPattern(words), 'c++ and x<y, not x<yz')).toEqual(['c++', 'x<y']);
  });

  it('has no state without highlights, and ignores a history state of another shape', () => {
    expect(
      openedHitState({_highlightResult: {content: {value: 'no marks', matchLevel: 'none'}}}),
    ).toBeUndefined();
    expect(wordsFromState(openedHitState(firstHit('outway')))).toEqual([
      {text: 'outway', prefix: false},
    ]);
    expect(wordsFromState(undefined)).toEqual([]);
    expect(wordsFromState({searchHighlight: 'outway'})).toEqual([]);
    expect(
      wordsFromState({
        searchHighlight: [
          {text: 'ok', prefix: true},
          {text: 1},
          null,
          {text: 'x'.repeat(65), prefix: false},
        ],
      }),
    ).toEqual([{text: 'ok', prefix: true}]);
    expect(markPattern([])).toBeNull();
  });
});
