/**
 * Wraps the classic theme's breadcrumbs, unchanged, to put beside them what an agent or an LLM
 * assistant needs of the page: the `<link rel="alternate">` to the page's Markdown twin (written
 * by plugins/agent-docs) and the "Copy page" control. The breadcrumbs sit above the title on every
 * screen width, so the control is in the same place on a phone and on a desktop.
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import {twinPathOf} from '../../agentDocs/twinPath';
import CopyPage from '../../agentDocs/CopyPage';
// Not styles.module.css: that name is the upstream component's own.
import styles from './wrapper.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  const {permalink} = useDoc().metadata;
  // The permalink already holds the base URL.
  const twin = twinPathOf(permalink);
  return (
    <div className={styles.row}>
      <Head>
        <link rel="alternate" type="text/markdown" href={twin} />
      </Head>
      <DocBreadcrumbs {...props} />
      <CopyPage twinUrl={twin} />
    </div>
  );
}
