import {describe, expect, it} from 'vitest';
import {escapeHitText} from '../../src/theme/SearchBar/escapeHitText';

describe('escapeHitText', () => {
  it('escapes the raw text DocSearch renders for stored searches, and keeps the rest', () => {
    const hit = {
      objectID: '1',
      url: 'https://docs.example/x#y',
      type: 'content' as const,
      hierarchy: {
        lvl0: 'Try FSC',
        lvl1: 'Wait for <pending> & retry',
        lvl2: null,
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
      content: '<img src=x onerror=alert(1)>',
    };
    const escaped = escapeHitText(hit);
    expect(escaped.hierarchy.lvl1).toBe('Wait for &lt;pending&gt; &amp; retry');
    expect(escaped.hierarchy.lvl2).toBeNull();
    expect(escaped.content).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escaped.url).toBe(hit.url);
    expect(hit.hierarchy.lvl1).toBe('Wait for <pending> & retry');
  });
});
