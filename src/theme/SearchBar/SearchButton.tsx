import {
  forwardRef,
  useEffect,
  useState,
  type ComponentPropsWithoutRef,
} from 'react';

type Props = Omit<ComponentPropsWithoutRef<'button'>, 'children'> & {
  label: string;
};

/**
 * The navbar search button, with DocSearch's classes and look. DocSearch's own button names itself
 * "Search (Ctrl+K)" while it shows "Search" and a "K" key cap, a label that differs from what is
 * seen (WCAG 2.5.3). Here the key caps are text and the name is exactly what is shown: "Search
 * Ctrl K", or "Search ⌘ K" on Apple devices. The name is also set as aria-label because on narrow
 * screens DocSearch's styles hide the text and leave only the icon.
 */
export const SearchButton = forwardRef<HTMLButtonElement, Props>(
  function SearchButton({label, ...props}, ref) {
    // The platform is known only in the browser; until then no key caps are shown.
    const [modifier, setModifier] = useState<string | null>(null);
    useEffect(() => {
      setModifier(
        /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform) ? '⌘' : 'Ctrl',
      );
    }, []);
    return (
      <button
        type="button"
        className="DocSearch DocSearch-Button"
        aria-label={modifier ? `${label} ${modifier} K` : label}
        aria-keyshortcuts={modifier === '⌘' ? 'Meta+K' : 'Control+K'}
        ref={ref}
        {...props}>
        <span className="DocSearch-Button-Container">
          <svg
            width="20"
            height="20"
            className="DocSearch-Search-Icon"
            viewBox="0 0 20 20"
            aria-hidden="true">
            <path
              d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
              stroke="currentColor"
              fill="none"
              fillRule="evenodd"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="DocSearch-Button-Placeholder">{label}</span>
        </span>
        {/* The spaces make the visible text read "Search Ctrl K", the name, and not "SearchCtrlK"
          (axe's label-content-name-mismatch); between flex items they take no room. */}
        {modifier && ' '}
        <span className="DocSearch-Button-Keys">
          {modifier && (
            <>
              <kbd className="DocSearch-Button-Key fsc-search-key-modifier">
                {modifier}
              </kbd>{' '}
              <kbd className="DocSearch-Button-Key">K</kbd>
            </>
          )}
        </span>
      </button>
    );
  },
);
