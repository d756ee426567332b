/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 */

/**
 * Ejected from @docusaurus/theme-search-algolia 3.9.2 (src/theme/ejected.json; `npm run diff:ejected`
 * shows it against the installed upstream). What differs, and why:
 * - the site's one search client (embedded index or hosted Algolia: packages/search/src/sharedClient.ts)
 *   replaces DocSearch's own Algolia client, and loads with the modal on first use, never with the page;
 * - a chosen hit hands its matched words to the page it opens (packages/search/src/openedHit.ts);
 * - stored recent and favourite searches are cleaned and escaped before DocSearch reads them;
 * - a modal chunk that is gone after a deploy reloads the page once and opens the modal again with
 *   its query (packages/search/src/newRelease.ts); when that does not help, an alert offers to try again;
 * - hits are options without a nested link (WCAG 4.1.2); only the middle button opens a new tab;
 * - at most MODAL_HITS_PER_SECTION hits a section, chosen by the judged queries
 *   (packages/search/src/modalGroups.ts), where DocSearch lists 5;
 * - the site's own search button and shortcuts (the accessible name equals the visible text), the
 *   missing-results link from the configuration, and no Algolia preconnect or "Search by Algolia" in
 *   embedded mode.
 */

import React, {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {
  isRegexpStringMatch,
  useSearchLinkCreator,
} from '@docusaurus/theme-common';
import {
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
  useAlgoliaAskAi,
  mergeFacetFilters,
} from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import translations from '@theme/SearchTranslations';
import {MODAL_HITS_PER_SECTION} from '@fsc-docs/search/modalGroups';
import {openedHitState} from '@fsc-docs/search/openedHit';
import {
  reloadForNewRelease,
  takeQueryToReopen,
} from '@fsc-docs/search/newRelease';
import {SearchLoadError} from './SearchLoadError';
import {escapeHitText} from './escapeHitText';
import {SearchButton} from './SearchButton';
import {cleanStoredSearches} from './storedSearches';
import {useSearchShortcuts} from './useSearchShortcuts';
import type {
  InternalDocSearchHit,
  DocSearchModal as DocSearchModalType,
  DocSearchModalProps,
  StoredDocSearchHit,
  DocSearchTransformClient,
  DocSearchHit,
  DocSearchTranslations,
} from '@docsearch/react';

import type {AutocompleteState} from '@algolia/autocomplete-core';
import type {FacetFilters} from 'algoliasearch/lite';
import type {ThemeConfigAlgolia} from '@docusaurus/theme-search-algolia';
import type {SearchConfig} from '@site/config/search';
import type {getSharedClient as GetSharedClient} from '@fsc-docs/search/sharedClient';

type DocSearchProps = Omit<
  DocSearchModalProps,
  'onClose' | 'initialScrollY'
> & {
  contextualSearch?: string;
  externalUrlRegex?: string;
  searchPagePath: boolean | string;
  askAi?: Exclude<
    (DocSearchModalProps & {askAi: unknown})['askAi'],
    string | undefined
  >;
};

// extend DocSearchProps for v4 features
// TODO Docusaurus v4: cleanup after we drop support for DocSearch v3
interface DocSearchV4Props extends DocSearchProps {
  indexName: string;
  askAi?: ThemeConfigAlgolia['askAi'];
  translations?: DocSearchTranslations;
}

let DocSearchModal: typeof DocSearchModalType | null = null;
let getSharedClient: typeof GetSharedClient | null = null;

// The modal, the search client and the embedded index load on the first hover, focus, touch or
// click of the search button, never with the page.
function importDocSearchModalIfNeeded(
  searchConfig: SearchConfig,
  siteUrl: string,
) {
  if (DocSearchModal && getSharedClient) {
    return Promise.resolve();
  }
  return Promise.all([
    import('@docsearch/react/modal'),
    import('@fsc-docs/search/sharedClient'),
    import('@docsearch/react/style'),
    import('./styles.css'),
  ]).then(([{DocSearchModal: Modal}, sharedClient]) => {
    DocSearchModal = Modal;
    getSharedClient = sharedClient.getSharedClient;
    // A failed load is reported again by the first search, as 'Unable to fetch results'.
    getSharedClient(searchConfig, siteUrl)
      .preload()
      .catch(() => {});
  });
}

function useSearchConfig(): SearchConfig {
  return useDocusaurusContext().siteConfig.customFields!.search as SearchConfig;
}

function useNavigator({
  externalUrlRegex,
}: Pick<DocSearchProps, 'externalUrlRegex'>) {
  const history = useHistory();
  const [navigator] = useState<DocSearchModalProps['navigator']>(() => {
    return {
      navigate(params) {
        // Algolia results could contain URL's from other domains which cannot
        // be served through history and should navigate with window.location
        if (isRegexpStringMatch(externalUrlRegex, params.itemUrl)) {
          window.location.href = params.itemUrl;
        } else {
          history.push(params.itemUrl, openedHitState(params.item));
        }
      },
    };
  });
  return navigator;
}

// DocSearch creates a plain Algolia client; the site's own client (embedded index or hosted
// Algolia, as configured) takes its place.
function useTransformSearchClient(): DocSearchModalProps['transformSearchClient'] {
  const {
    siteMetadata: {docusaurusVersion},
    siteConfig: {url: siteUrl},
  } = useDocusaurusContext();
  const searchConfig = useSearchConfig();
  return useCallback(
    (_docSearchClient: DocSearchTransformClient) => {
      const searchClient = getSharedClient!(searchConfig, siteUrl);
      searchClient.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return searchClient as unknown as DocSearchTransformClient;
    },
    [docusaurusVersion, searchConfig, siteUrl],
  );
}

function useMissingResultsUrl(): DocSearchModalProps['getMissingResultsUrl'] {
  const {missingResultsUrl} = useSearchConfig();
  return useMemo(
    () =>
      missingResultsUrl
        ? ({query}: {query: string}) =>
            missingResultsUrl.replace('{query}', encodeURIComponent(query))
        : undefined,
    [missingResultsUrl],
  );
}

function useTransformItems(props: Pick<DocSearchProps, 'transformItems'>) {
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const [transformItems] = useState<DocSearchModalProps['transformItems']>(
    () => {
      return (items: DocSearchHit[]) =>
        props.transformItems
          ? // Custom transformItems
            props.transformItems(items)
          : // Default transformItems
            items.map((item) => ({
              ...escapeHitText(item),
              url: processSearchResultUrl(item.url),
            }));
    },
  );
  return transformItems;
}

function useResultsFooterComponent({
  closeModal,
}: {
  closeModal: () => void;
}): DocSearchProps['resultsFooterComponent'] {
  return useMemo(
    () =>
      ({state}) => <ResultsFooter state={state} onClose={closeModal} />,
    [closeModal],
  );
}

/**
 * A hit is an option of the results listbox, chosen with the arrow keys and Enter from the input
 * (DocSearch's navigator opens it). A real link inside the option would be a second, nested
 * interactive control (WCAG 4.1.2), so the anchor has no href and a click navigates here, with
 * Ctrl/Cmd or the middle button for a new tab and Shift for a new window like a link. Other
 * buttons (the right one opens the context menu) do nothing, as on a link.
 */
function Hit({
  hit,
  children,
}: {
  hit: InternalDocSearchHit | StoredDocSearchHit;
  children: ReactNode;
}) {
  const history = useHistory();
  const open = (event: React.MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.button === 1) {
      window.open(hit.url, '_blank', 'noopener');
    } else if (event.shiftKey) {
      window.open(hit.url, '_blank', 'noopener,popup');
    } else {
      // A stored (recent or favourite) hit holds no highlights: its page opens without marks.
      history.push(
        hit.url,
        '_highlightResult' in hit ? openedHitState(hit) : undefined,
      );
    }
  };
  const openOnMiddleClick = (event: React.MouseEvent) => {
    if (event.button === 1) open(event);
  };
  // DocSearch's listbox owns the keyboard (arrows, Enter); this element is its option's content.
  return (
    // eslint-disable-next-line jsx-a11y/anchor-is-valid, jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions, @docusaurus/no-html-links
    <a onClick={open} onAuxClick={openOnMiddleClick} data-href={hit.url}>
      {children}
    </a>
  );
}

type ResultsFooterProps = {
  state: AutocompleteState<InternalDocSearchHit>;
  onClose: () => void;
};

function ResultsFooter({state, onClose}: ResultsFooterProps) {
  const createSearchLink = useSearchLinkCreator();

  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate
        id="theme.SearchBar.seeAll"
        values={{count: state.context.nbHits}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

function useSearchParameters({
  contextualSearch,
  ...props
}: DocSearchProps): DocSearchProps['searchParameters'] {
  const contextualSearchFacetFilters = useAlgoliaContextualFacetFilters();

  const configFacetFilters: FacetFilters =
    props.searchParameters?.facetFilters ?? [];

  const facetFilters: FacetFilters = contextualSearch
    ? // Merge contextual search filters with config filters
      mergeFacetFilters(contextualSearchFacetFilters, configFacetFilters)
    : // ... or use config facetFilters
      configFacetFilters;

  // We let users override default searchParameters if they want to
  return {
    ...props.searchParameters,
    facetFilters,
  };
}

function DocSearch({externalUrlRegex, ...props}: DocSearchV4Props) {
  const navigator = useNavigator({externalUrlRegex});
  const searchParameters = useSearchParameters({...props});
  const transformItems = useTransformItems(props);
  const transformSearchClient = useTransformSearchClient();
  const getMissingResultsUrl = useMissingResultsUrl();
  const searchConfig = useSearchConfig();
  const siteUrl = useDocusaurusContext().siteConfig.url;

  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(
    undefined,
  );

  const {currentPlaceholder, onAskAiToggle, extraAskAiProps} =
    useAlgoliaAskAi(props);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      // The embedded index is not Algolia's: styles.css hides "Search by Algolia" in this mode.
      divElement.className = `fsc-search-${searchConfig.mode}`;
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, [searchConfig.mode]);

  const {indexName} = props;
  const [loadFailed, setLoadFailed] = useState(false);
  const openModal = useCallback(
    (query?: string) => {
      prepareSearchContainer();
      importDocSearchModalIfNeeded(searchConfig, siteUrl).then(
        () => {
          setLoadFailed(false);
          // DocSearch reads the stored searches when the modal mounts.
          cleanStoredSearches(indexName);
          setIsOpen(true);
        },
        () => {
          // The modal's code is gone (a newer release is deployed) or the network failed.
          if (!reloadForNewRelease(query ?? '')) setLoadFailed(true);
        },
      );
    },
    [prepareSearchContainer, searchConfig, siteUrl, indexName],
  );

  // After a reload for a new release, the modal opens again with the query it had.
  useEffect(() => {
    const query = takeQueryToReopen();
    if (query !== null) {
      setInitialQuery(query || undefined);
      openModal(query);
    }
  }, [openModal]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
    onAskAiToggle(false);
  }, [onAskAiToggle]);

  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) {
        // ignore browser's ctrl+f
        return;
      }
      // prevents duplicate key insertion in the modal input
      event.preventDefault();
      setInitialQuery(event.key);
      openModal(event.key);
    },
    [openModal],
  );

  const resultsFooterComponent = useResultsFooterComponent({closeModal});
  // Loading ahead on hover or focus; a failure is dealt with when the reader opens search.
  const importModal = useCallback(() => {
    importDocSearchModalIfNeeded(searchConfig, siteUrl).catch(() => {});
  }, [searchConfig, siteUrl]);

  useSearchShortcuts({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    onInput: handleInput,
    searchButtonRef,
  });

  return (
    <>
      {searchConfig.mode === 'hosted' && !searchConfig.hosts && (
        <Head>
          {/* This hints the browser that the website will load data from Algolia,
          and allows it to preconnect to the DocSearch cluster. It makes the first
          query faster, especially on mobile. The embedded index needs no other host. */}
          <link
            rel="preconnect"
            href={`https://${props.appId}-dsn.algolia.net`}
            crossOrigin="anonymous"
          />
        </Head>
      )}

      <SearchButton
        onTouchStart={importModal}
        onFocus={importModal}
        onMouseOver={importModal}
        onClick={() => openModal()}
        ref={searchButtonRef}
        label={translations.button?.buttonText ?? 'Search'}
      />

      {loadFailed && !isOpen && (
        <SearchLoadError
          onRetry={() => openModal()}
          onDismiss={() => setLoadFailed(false)}
        />
      )}

      {isOpen &&
        DocSearchModal &&
        searchContainer.current &&
        createPortal(
          <DocSearchModal
            onClose={closeModal}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            transformSearchClient={transformSearchClient}
            getMissingResultsUrl={getMissingResultsUrl}
            {...(props.searchPagePath && {
              resultsFooterComponent,
            })}
            placeholder={currentPlaceholder}
            maxResultsPerGroup={MODAL_HITS_PER_SECTION}
            {...props}
            translations={props.translations?.modal ?? translations.modal}
            searchParameters={searchParameters}
            {...extraAskAiProps}
          />,
          searchContainer.current,
        )}
    </>
  );
}

export default function SearchBar(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <DocSearch {...(siteConfig.themeConfig.algolia as DocSearchV4Props)} />
  );
}
