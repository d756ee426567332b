/**
 * Wraps the classic theme's doc content, unchanged, to mark the words of the search hit that
 * opened the page (see SearchMarks).
 */
import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import SearchMarks from './SearchMarks';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <SearchMarks />
      <Content {...props} />
    </>
  );
}
