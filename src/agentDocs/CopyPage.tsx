/**
 * "Copy page": puts the page's Markdown twin on the clipboard, for pasting into an LLM assistant,
 * beside a plain link to the twin ("View as Markdown", which also works without JavaScript).
 *
 * Nothing loads until the button is used: the twin is fetched on click. The outcome is announced
 * in a live region ("Copied", or why not), which also shows it.
 */
import React, {useRef, useState, type ReactNode} from 'react';
import styles from './CopyPage.module.css';

type Outcome = {kind: 'idle'} | {kind: 'copied'} | {kind: 'failed'; message: string};

const REFUSED =
  'The browser did not allow copying to the clipboard. Open "View as Markdown" and copy the text there.';

async function twinText(url: string): Promise<string> {
  const response = await fetch(url, {headers: {accept: 'text/markdown'}});
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/**
 * The clipboard write starts within the click, with the text still on its way: Safari accepts a
 * ClipboardItem only then. Elsewhere the text is written once it is here.
 */
async function copyTwin(url: string): Promise<void> {
  const text = twinText(url);
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((value) => new Blob([value], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
    return;
  }
  if (!navigator.clipboard?.writeText) throw new DOMException('no clipboard', 'NotAllowedError');
  await navigator.clipboard.writeText(await text);
}

export default function CopyPage({twinUrl}: {twinUrl: string}): ReactNode {
  const [outcome, setOutcome] = useState<Outcome>({kind: 'idle'});
  const busy = useRef(false);

  async function copy() {
    if (busy.current) return;
    busy.current = true;
    setOutcome({kind: 'idle'});
    try {
      await copyTwin(twinUrl);
      setOutcome({kind: 'copied'});
    } catch (error) {
      const refused = error instanceof DOMException && error.name === 'NotAllowedError';
      setOutcome({
        kind: 'failed',
        message: refused
          ? REFUSED
          : 'The page could not be loaded for copying. Try again, or open "View as Markdown".',
      });
    } finally {
      busy.current = false;
    }
  }

  return (
    <div className={styles.copyPage}>
      <button type="button" className="button button--secondary button--sm" onClick={copy}>
        Copy page
      </button>
      {/* A file, not a route: the router's <Link> would look for a page and show not-found. */}
      {/* eslint-disable-next-line @docusaurus/no-html-links */}
      <a className={styles.view} href={twinUrl} type="text/markdown">
        View as Markdown
      </a>
      <p
        role="status"
        className={outcome.kind === 'failed' ? styles.failed : styles.status}
        data-outcome={outcome.kind}>
        {outcome.kind === 'copied' ? 'Copied' : outcome.kind === 'failed' ? outcome.message : ''}
      </p>
    </div>
  );
}
