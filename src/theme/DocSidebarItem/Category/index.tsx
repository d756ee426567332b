import type {ReactNode} from 'react';
import clsx from 'clsx';
import Category from '@theme-original/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type {WrapperProps} from '@docusaurus/types';
import DocSidebarItems from '@theme/DocSidebarItems';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';

type Props = WrapperProps<typeof CategoryType>;

/**
 * The site's categories cannot collapse and have no page of their own. The theme still renders
 * their label as an anchor, without an address: an element that looks like a link but goes
 * nowhere, which crawlers flag and assistive technology announces as a link. Render such a label
 * as plain text; every other category is left to the theme.
 */
export default function CategoryWrapper(props: Props): ReactNode {
  const {item, activePath, onItemClick, level} = props;
  if (item.collapsible || item.href) {
    return <Category {...props} />;
  }
  return (
    <li
      className={clsx(
        ThemeClassNames.docs.docSidebarItemCategory,
        ThemeClassNames.docs.docSidebarItemCategoryLevel(level),
        'menu__list-item',
        item.className,
      )}>
      <div className="menu__list-item-collapsible">
        <span
          className={clsx('menu__link', 'fsc-sidebar-category-label', {
            'menu__link--active': isActiveSidebarItem(item, activePath),
          })}>
          {item.label}
        </span>
      </div>
      <ul className="menu__list">
        <DocSidebarItems
          items={item.items}
          activePath={activePath}
          onItemClick={onItemClick}
          level={level + 1}
        />
      </ul>
    </li>
  );
}
