import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import type Mark from 'mark.js';
import {markPattern, wordsFromState, type MarkedWord} from '@fsc-docs/search/openedHit';

/** Where marks go: the doc's text, not its code blocks, diagrams or heading anchors (React re-renders those). */
const CONTENT = '.theme-doc-markdown';
const NOT_MARKED = [
  'pre',
  'pre *',
  '.docusaurus-mermaid-container',
  '.docusaurus-mermaid-container *',
  '.hash-link',
];

/**
 * Marks, in the doc's text, the words of the search hit that opened the page (packages/search/src/openedHit.ts:
 * they come in the history entry's state), with a control that removes them. Nothing renders when
 * the page was reached any other way. mark.js loads only when there is something to mark.
 */
export default function SearchMarks(): ReactNode {
  const location = useLocation();
  const [words, setWords] = useState<MarkedWord[]>([]);
  const marker = useRef<Mark | null>(null);

  useEffect(() => {
    const found = wordsFromState(location.state);
    const pattern = markPattern(found);
    const root = document.querySelector<HTMLElement>(CONTENT);
    setWords(pattern && root ? found : []);
    if (!pattern || !root) return undefined;
    let current = true;
    void import('mark.js').then(({default: MarkJs}) => {
      if (!current) return;
      marker.current = new MarkJs(root);
      marker.current.markRegExp(pattern, {className: 'search-hit-mark', exclude: NOT_MARKED});
    });
    return () => {
      current = false;
      marker.current?.unmark();
      marker.current = null;
    };
  }, [location.key, location.state]);

  if (words.length === 0) return null;

  const remove = () => {
    marker.current?.unmark();
    marker.current = null;
    setWords([]);
    // Forget the words in this history entry (a reload or coming back shows no marks) without a
    // router navigation, which would scroll to the anchor again. react-router keeps the entry's
    // state under `state`, beside its `key`.
    const entry = window.history.state as {key?: string; state?: unknown} | null;
    if (entry) window.history.replaceState({...entry, state: undefined}, '');
    // The control is gone: keyboard focus goes on to the text it marked, not back to the page's start.
    const content = document.querySelector<HTMLElement>(CONTENT);
    if (content) {
      content.tabIndex = -1;
      content.focus({preventScroll: true});
    }
  };

  return (
    <div className="search-hit-marks" role="region" aria-label="Search highlights">
      <span>
        Highlighted from your search:{' '}
        {words.map((word, i) => (
          <React.Fragment key={word.text}>
            {i > 0 && ', '}
            <mark className="search-hit-mark">{word.text}</mark>
          </React.Fragment>
        ))}
      </span>
      <button type="button" className="button button--secondary button--sm" onClick={remove}>
        Remove highlights
      </button>
    </div>
  );
}
