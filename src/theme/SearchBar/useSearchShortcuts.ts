import {useEffect, type RefObject} from 'react';

type Options = {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** A letter or digit typed while the search button has focus: open with it as the query. */
  onInput: (event: KeyboardEvent) => void;
  searchButtonRef: RefObject<HTMLButtonElement | null>;
};

function isTypingInField(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return (
    !!target &&
    (target.isContentEditable ||
      ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))
  );
}

/**
 * The search shortcuts of the specification: Ctrl+K (Cmd+K) toggles the modal, "/" opens it when
 * the visitor is not typing in a field, Escape closes it. DocSearch has the same hook, but it lives
 * in DocSearch's single bundle: importing it would put all of DocSearch into every page's first
 * load instead of loading it on first use of search.
 */
export function useSearchShortcuts({
  isOpen,
  onOpen,
  onClose,
  onInput,
  searchButtonRef,
}: Options): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const toggle =
        event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
      const slash = event.key === '/' && !isOpen && !isTypingInField(event);
      const escape = event.key === 'Escape' && isOpen;
      if (toggle || slash || escape) {
        event.preventDefault();
        if (isOpen) {
          onClose();
        } else if (!document.body.classList.contains('DocSearch--active')) {
          onOpen();
        }
        return;
      }
      if (
        searchButtonRef.current === document.activeElement &&
        /^[a-z0-9]$/i.test(event.key)
      ) {
        onInput(event);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, searchButtonRef]);
}
