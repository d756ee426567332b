/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 */

/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (src/theme/ejected.json; `npm run diff:ejected`
 * shows it against the installed upstream). What differs, and why:
 * - the rendered block is memoised on what it shows (code, language, line options, Prism theme), so
 *   the re-render after hydration does not highlight every block again;
 * - the `<pre>` wrapper keeps upstream's focusability but drops its lint and TODO comments.
 */

import React, {useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import {Highlight} from 'prism-react-renderer';
import type {Props} from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';

import styles from './styles.module.css';

/** Focusable, so that keyboard users can scroll a wide block. */
const Pre = React.forwardRef<HTMLPreElement, ComponentProps<'pre'>>(
  (props, ref) => (
    <pre
      ref={ref}
      // A scrollable region must be reachable by keyboard (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      {...props}
      className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
    />
  ),
);

function Code({
  lineNumbersStart,
  ...props
}: ComponentProps<'code'> & {lineNumbersStart: number | undefined}) {
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          lineNumbersStart === undefined
            ? undefined
            : `line-count ${lineNumbersStart - 1}`,
      }}
    />
  );
}

/**
 * The classic theme's code block content, rendered again only when what it shows changes. Right
 * after hydration every code block re-rendered in one blocking task (the colour mode and the
 * word-wrap state settle then), highlighting and rebuilding every token although nothing had
 * changed; prism-react-renderer's `Highlight` memoises nothing but the tokens. The memo keys are
 * what the rendered code depends on: the Prism theme (a new one after a colour-mode change), the
 * code, its language and its line options.
 */
export default function CodeBlockContent({
  className: classNameProp,
}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  // The metadata object is rebuilt on every render of the code block; its line classes are a new
  // object each time even when they are the same.
  const lineClassKey = JSON.stringify(lineClassNames);
  const {codeBlockRef} = wordWrap;
  return useMemo(
    () => (
      <Highlight theme={prismTheme} code={code} language={language}>
        {({className, style, tokens: lines, getLineProps, getTokenProps}) => (
          <Pre
            ref={codeBlockRef}
            className={clsx(classNameProp, className)}
            style={style}>
            <Code lineNumbersStart={lineNumbersStart}>
              {lines.map((line, i) => (
                <Line
                  key={i}
                  line={line}
                  getLineProps={getLineProps}
                  getTokenProps={getTokenProps}
                  classNames={lineClassNames[i]}
                  showLineNumbers={lineNumbersStart !== undefined}
                />
              ))}
            </Code>
          </Pre>
        )}
      </Highlight>
    ),
    // lineClassNames is covered by lineClassKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      prismTheme,
      code,
      language,
      lineNumbersStart,
      lineClassKey,
      codeBlockRef,
      classNameProp,
    ],
  );
}
