import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {escapeHtml} from '@fsc-docs/search/text';
import {Highlighted, highlightedParts} from '../../src/theme/SearchPage/highlightedText';

/** A value as the site's client hands it to the page: the text escaped, the matched words in <em>. */
const value = (...runs: (string | [string])[]) =>
  runs
    .map((run) => (typeof run === 'string' ? escapeHtml(run) : `<em>${escapeHtml(run[0])}</em>`))
    .join('');

describe('highlightedParts', () => {
  it("reads a value back into the text and the matched words, whatever characters the page's text holds", () => {
    const text = `Run "helm install" & wait for <pending> in the Manager's log`;
    expect(
      highlightedParts(
        value('Run "helm install" & wait for <pending> in the ', ["Manager's"], ' log'),
      ),
    ).toEqual([
      {text: 'Run "helm install" & wait for <pending> in the ', matched: false},
      {text: "Manager's", matched: true},
      {text: ' log', matched: false},
    ]);
    expect(highlightedParts(escapeHtml(text))).toEqual([{text, matched: false}]);
    // An entity the page's text spells out stays as it is written.
    expect(highlightedParts(value('&amp; is &'))).toEqual([{text: '&amp; is &', matched: false}]);
  });

  it('treats stray tags as the HTML parser did: an open <em> runs to the next tag, a lone </em> is dropped', () => {
    expect(highlightedParts('a<em>b')).toEqual([
      {text: 'a', matched: false},
      {text: 'b', matched: true},
    ]);
    expect(highlightedParts('a</em>b<em></em>')).toEqual([{text: 'ab', matched: false}]);
    expect(highlightedParts('')).toEqual([]);
  });
});

describe('Highlighted', () => {
  it('renders the markup setting the value as HTML gave, without parsing it', () => {
    const html = value('Renew the ', ['certificates'], ' of <Outway> & "Inway"');
    // React writes ' as &#x27; where escapeHtml writes &#39;: the same character.
    expect(renderToStaticMarkup(createElement(Highlighted, {value: html}))).toBe(
      'Renew the <em>certificates</em> of &lt;Outway&gt; &amp; &quot;Inway&quot;',
    );
    expect(renderToStaticMarkup(createElement(Highlighted, {value: value(["it's"])}))).toBe(
      '<em>it&#x27;s</em>',
    );
  });
});
