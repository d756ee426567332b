import {createPortal} from 'react-dom';
import Translate from '@docusaurus/Translate';
import styles from './SearchLoadError.module.css';

type Props = {onRetry: () => void; onDismiss: () => void};

/**
 * Search's own code could not be loaded, and a reload for a new release did not help (or was just
 * done): the search button is not dead, it says so and offers to try again.
 */
export function SearchLoadError({onRetry, onDismiss}: Props) {
  return createPortal(
    <div
      role="alert"
      className={`alert alert--danger ${styles.searchLoadError}`}>
      <p>
        <Translate id="theme.SearchBar.loadError">
          Search could not be loaded. Check your network connection, then try
          again.
        </Translate>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary button--sm"
          onClick={onRetry}>
          <Translate id="theme.SearchBar.loadErrorRetry">Try again</Translate>
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={onDismiss}>
          <Translate id="theme.SearchBar.loadErrorDismiss">Close</Translate>
        </button>
      </div>
    </div>,
    document.body,
  );
}
