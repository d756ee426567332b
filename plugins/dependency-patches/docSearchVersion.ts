// What theme-search-algolia imports from '@docsearch/react/version'. That entry point does not
// exist in DocSearch 3.9.0, and resolving it to DocSearch's single bundle would load all of
// DocSearch with every page. A unit test keeps this equal to the installed version.
export const version = '3.9.0';
