/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 */

/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (src/theme/ejected.json; `npm run diff:ejected`
 * shows it against the installed upstream). What differs, and why:
 * no remount after hydration (upstream keys the block on `isBrowser`), which rebuilt and
 * re-highlighted every code block in one blocking task.
 */

import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** As the theme does: plain string children, so that the code can be copied. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (
    React.Children.toArray(children).some((element) => isValidElement(element))
  )
    return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * The theme's CodeBlock without its remount after hydration (`key={String(isBrowser)}`), which
 * rebuilt and re-highlighted every code block in one blocking task (about 150 ms on a page with
 * nine blocks under Lighthouse's CPU slowdown). The remount was there to apply the dark Prism
 * theme over the server's light one; the colour mode now reaches components only after hydration
 * (theme-common's useColorModeState), so that switch is an ordinary re-render that updates the
 * inline styles (tested in tests/e2e/pages.test.ts).
 */
export default function CodeBlock({
  children: rawChildren,
  ...props
}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children === 'string')
    return <StringContent {...props}>{children}</StringContent>;
  return <ElementContent {...props}>{children}</ElementContent>;
}
