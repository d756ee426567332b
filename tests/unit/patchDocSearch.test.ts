import fs from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const {patchDocSearch} = require('../../plugins/docsearch-v3/patchDocSearchLoader.cjs') as {patchDocSearch: (source: string) => string};
const docSearchSource = fs.readFileSync(require.resolve('@docsearch/react/dist/esm/index.js'), 'utf8');

describe('patchDocSearch', () => {
  it('patches the installed DocSearch 3.9.0', () => {
    const patched = patchDocSearch(docSearchSource);
    expect(patched).toContain('"error"!==c.getState().status&&p("idle")');
    expect(patched.split('collections.filter((function(e){return e.items.length>0})).map(').length - 1).toBe(2);
    expect(patched).toContain('t.getListProps({source:t.collection.source})');
  });

  it('fails with a message naming the fix when DocSearch has changed', () => {
    expect(() => patchDocSearch('export const nothing = 1;')).toThrow(/expected 1 occurrence\(s\) of the code to patch \(keep the "error" status/);
  });
});

describe('docSearchVersion', () => {
  it('matches the installed DocSearch', async () => {
    const {version} = await import('../../plugins/docsearch-v3/docSearchVersion');
    expect(version).toBe((require('@docsearch/react/package.json') as {version: string}).version);
  });
});
