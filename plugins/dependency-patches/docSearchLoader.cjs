// @ts-check
// Bundler loader for @docsearch/react 3.9.0's ESM build: small fixes to the autocomplete core that
// DocSearch bundles (register: README.md). Each patch names how often its text must occur; when
// DocSearch changes, the build fails here instead of silently shipping the old behaviour.
const {applyPatches, enabledPatches} = require('./applyTextPatches.cjs');

const PATCHES = [
  {
    patch: 'docsearch-error-status',
    why: 'keep the "error" status after a failed search, so "Unable to fetch results" shows',
    find: '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    replace:
      '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    occurrences: 1,
  },
  {
    patch: 'docsearch-aria-controls',
    why: 'point aria-controls only at result lists that are rendered (empty sections render none)',
    find: '"aria-controls":n.getState().isOpen?n.getState().collections.map(',
    replace:
      '"aria-controls":n.getState().isOpen?n.getState().collections.filter((function(e){return e.items.length>0})).map(',
    occurrences: 2,
  },
  {
    patch: 'docsearch-aria-controls',
    why: 'give each result list the id that aria-controls names (DocSearch renders them all as "docsearch-list")',
    find: 'e.createElement("ul",t.getListProps(),t.collection.items.map(',
    replace:
      'e.createElement("ul",t.getListProps({source:t.collection.source}),t.collection.items.map(',
    occurrences: 1,
  },
  {
    patch: 'docsearch-search-rejection',
    why: 'a failed search (the error screen shows) must not also reject a promise that nothing handles',
    find: 'return c.pendingRequests.add(g)}function mt(',
    replace: 'return c.pendingRequests.add(g).catch((function(){}))}function mt(',
    occurrences: 1,
  },
  {
    patch: 'docsearch-storage-full',
    why: 'a full or refused storage must not throw out of the recent and favourite searches (Enter on a hit then opened nothing)',
    find: 'setItem:function(t){return window.localStorage.setItem(e,JSON.stringify(t))}',
    replace: 'setItem:function(t){try{window.localStorage.setItem(e,JSON.stringify(t))}catch(r){}}',
    occurrences: 1,
  },
];

/**
 * @param {string} source
 * @param {string[] | undefined} enabled the patch ids to apply (all when undefined)
 * @returns {string}
 */
function patchDocSearch(source, enabled) {
  return applyPatches(source, enabledPatches(PATCHES, enabled), {dependency: '@docsearch/react'});
}

/**
 * @this {import('./applyTextPatches.cjs').LoaderContext}
 * @param {string} source
 * @returns {string}
 */
module.exports = function docSearchLoader(source) {
  return patchDocSearch(source, this.getOptions().enabled);
};
module.exports.patchDocSearch = patchDocSearch;
