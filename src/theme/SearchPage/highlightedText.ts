/**
 * A hit's highlighted value (its title, a breadcrumb, its snippet) as React nodes, where upstream
 * set it as HTML. The site's client hands the page each value with its text escaped and only the
 * request's highlight tags left as markup (packages/search/src/safeHighlights.ts); the page's
 * request names no tags, so they are Algolia's default, `<em>`. Read here, the value never reaches
 * the HTML parser. Setting it as HTML parsed every title, breadcrumb and snippet on its own, and
 * Lighthouse's trace records each parse with its script stack: on /search?q=manager, 272 parses
 * took 175 ms of the 205 ms task that renders the results after the first five (2026-11-29).
 */
import {createElement, type ReactNode} from 'react';
import {unescapeHtml} from '@fsc-docs/search/text';

const PRE = '<em>';
const POST = '</em>';

/** A run of a value's text, and whether it stands between the highlight tags. */
export interface HighlightedPart {
  text: string;
  matched: boolean;
}

/**
 * The runs of `value`: the text after an `<em>`, up to its `</em>` (or the next `<em>`), is
 * matched; a `</em>` with none open is dropped, as the HTML parser drops it; runs without text are
 * left out.
 */
export function highlightedParts(value: string): HighlightedPart[] {
  const [before = '', ...opened] = value.split(PRE);
  const parts: HighlightedPart[] = [
    {text: before.split(POST).join(''), matched: false},
  ];
  for (const piece of opened) {
    const [inside = '', ...after] = piece.split(POST);
    parts.push(
      {text: inside, matched: true},
      {text: after.join(''), matched: false},
    );
  }
  return parts
    .filter(({text}) => text !== '')
    .map(({text, matched}) => ({text: unescapeHtml(text), matched}));
}

/**
 * `value`'s runs as text, the matched ones in `<em>`, as setting it as HTML showed them. (Written
 * without JSX, so that the unit tests, which do not compile the site's JSX, can render it.)
 */
export function Highlighted({value}: {value: string}): ReactNode {
  return highlightedParts(value).map(({text, matched}, i) =>
    matched ? createElement('em', {key: i}, text) : text,
  );
}
