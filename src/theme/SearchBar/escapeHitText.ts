import type {DocSearchHit} from '@docsearch/react';
import {escapeHtml} from '@fsc-docs/search/text';

/**
 * DocSearch renders a hit's highlighted text as HTML, and falls back to the raw `hierarchy` and
 * `content` when there is no highlight, as for recent and favorite searches, which it stores
 * without highlights. Raw page text such as "<pending>" would then become markup. Live hits
 * always carry escaped highlights, so escaping the raw fields changes nothing on screen for them
 * and makes the stored copies safe.
 */
export function escapeHitText<
  T extends Pick<DocSearchHit, 'hierarchy' | 'content'>,
>(hit: T): T {
  const hierarchy = Object.fromEntries(
    Object.entries(hit.hierarchy).map(([level, text]) => [
      level,
      typeof text === 'string' ? escapeHtml(text) : text,
    ]),
  ) as T['hierarchy'];
  return {
    ...hit,
    hierarchy,
    content:
      typeof hit.content === 'string' ? escapeHtml(hit.content) : hit.content,
  };
}
