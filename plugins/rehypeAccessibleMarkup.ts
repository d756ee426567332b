import type {Element, ElementContent, Root, RootContent} from 'hast';

/**
 * Two accessibility fixes to the HTML that Markdown produces (WCAG 2.1 AA, checked by axe):
 * - a task-list checkbox (`- [ ] step`) gets the item's text as its label;
 * - a table gets `tabindex="0"`, because the theme makes wide tables scroll sideways and a
 *   scrollable region must be reachable with the keyboard.
 */
type Node = Root | RootContent | ElementContent;

function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && (node.tagName === 'ul' || node.tagName === 'ol')) return '';
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function visit(node: Node, listItem: Element | null): void {
  if (node.type === 'element') {
    if (node.tagName === 'table') {
      node.properties.tabIndex = 0;
    }
    if (node.tagName === 'input' && node.properties.type === 'checkbox' && listItem) {
      node.properties.ariaLabel = textOf(listItem).replace(/\s+/g, ' ').trim();
    }
  }
  if ('children' in node) {
    const nearestListItem = node.type === 'element' && node.tagName === 'li' ? node : listItem;
    for (const child of node.children) {
      visit(child, nearestListItem);
    }
  }
}

export default function rehypeAccessibleMarkup() {
  return (tree: Root): void => visit(tree, null);
}
