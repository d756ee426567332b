// Bundler loader for @docsearch/react 3.9.0's ESM build: small fixes to the autocomplete core that
// DocSearch bundles (see index.ts). Each patch names how often its text must occur; when DocSearch
// changes, the build fails here instead of silently shipping the old behaviour.
const {applyPatches} = require('../lib/applyPatches.cjs');

const PATCHES = [
  {
    why: 'keep the "error" status after a failed search, so "Unable to fetch results" shows',
    find: '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    replace: '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    occurrences: 1,
  },
  {
    why: 'point aria-controls only at result lists that are rendered (empty sections render none)',
    find: '"aria-controls":n.getState().isOpen?n.getState().collections.map(',
    replace: '"aria-controls":n.getState().isOpen?n.getState().collections.filter((function(e){return e.items.length>0})).map(',
    occurrences: 2,
  },
  {
    why: 'give each result list the id that aria-controls names (DocSearch renders them all as "docsearch-list")',
    find: 'e.createElement("ul",t.getListProps(),t.collection.items.map(',
    replace: 'e.createElement("ul",t.getListProps({source:t.collection.source}),t.collection.items.map(',
    occurrences: 1,
  },
];

function patchDocSearch(source) {
  return applyPatches(source, PATCHES, {plugin: 'fsc-docsearch-v3', dependency: 'DocSearch'});
}

module.exports = patchDocSearch;
module.exports.patchDocSearch = patchDocSearch;
