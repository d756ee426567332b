/**
 * Development server side of search: one doc's Markdown source -> the HTML of its content
 * container, as the theme renders it, so that the build's own extractor (`docContentRecords` in
 * extractRecords.ts) gives the records the built page gives.
 *
 * The Markdown goes through Docusaurus's own MDX pipeline (compileDocSource of
 * @fsc-docs/doc-source: the same remark/rehype plugins, heading ids, admonitions and the site's
 * rehype plugins); a last rehype plugin keeps the finished HTML tree, and the few MDX components the
 * docs use are written out as the elements the theme renders for them (tab panels, admonition
 * bodies, details, code blocks with their title and lines). What the indexer leaves out anyway (diagrams, tab labels,
 * admonition titles) is not rendered.
 *
 * The search README ("Search in the development server") names the check that keeps this honest:
 * every page's development records equal the build's.
 */
import {compileDocSource, type MarkdownPipeline} from '@fsc-docs/doc-source';
import type {Element, ElementContent, Properties, Root, RootContent} from 'hast';
import {toHtml} from 'hast-util-to-html';

const HAST_KEY = 'fscSearchHast';

/** The last rehype step: keep the tree mdx-loader would turn into JavaScript. */
function keepHast() {
  return (tree: Root, file: {data: Record<string, unknown>}) => {
    file.data[HAST_KEY] = structuredClone(tree);
  };
}

/** MDX JSX nodes as hast-util-to-html cannot print them. */
interface MdxJsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: {type: string; name?: string; value?: unknown}[];
  children: RootContent[];
}

/** MDX components -> the element the theme renders around their content; null drops the component. */
const COMPONENT_ELEMENTS: Record<string, {tagName: string; properties: Properties} | null> = {
  Tabs: {tagName: 'div', properties: {className: ['tabs-container']}},
  TabItem: {tagName: 'div', properties: {role: 'tabpanel'}},
  admonition: {tagName: 'div', properties: {className: ['theme-admonition']}},
  details: {tagName: 'details', properties: {}},
  summary: {tagName: 'summary', properties: {}},
  // Diagrams render in the browser; the indexer skips their container.
  mermaid: null,
};

function stringAttributes(node: MdxJsxNode): Properties {
  const properties: Properties = {};
  for (const attribute of node.attributes) {
    if (
      attribute.type === 'mdxJsxAttribute' &&
      attribute.name &&
      typeof attribute.value === 'string'
    ) {
      properties[attribute.name] = attribute.value;
    }
  }
  return properties;
}

function toElement(node: MdxJsxNode): Element | null {
  const name = node.name ?? 'div';
  const children = toPlainChildren(node.children);
  if (name in COMPONENT_ELEMENTS) {
    const known = COMPONENT_ELEMENTS[name];
    return known
      ? {type: 'element', tagName: known.tagName, properties: {...known.properties}, children}
      : null;
  }
  // A lower-case name is an HTML element written as JSX; any other component keeps its content.
  const isHtml = /^[a-z]/.test(name);
  return {
    type: 'element',
    tagName: isHtml ? name : 'div',
    properties: isHtml ? stringAttributes(node) : {},
    children,
  };
}

/** The theme's CodeBlock reads a fence's title this way (theme-common's `parseCodeBlockTitle`). */
const CODE_BLOCK_TITLE = /title=(?<quote>["'])(?<title>.*?)\k<quote>/;

const hastElement = (tagName: string, className: string, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties: {className: [className]},
  children,
});

/**
 * A fence (`<pre><code class="language-x" metastring>`) as the theme renders it: a container with
 * the language's class, the title, and a span per line; null for any other element.
 */
function codeBlockElement(pre: Element): Element | null {
  const code = pre.children[0];
  if (pre.tagName !== 'pre' || code?.type !== 'element' || code.tagName !== 'code') return null;
  const classes = (code.properties.className as string[] | undefined) ?? [];
  const language = classes.find((name) => name.startsWith('language-')) ?? 'language-text';
  const title = CODE_BLOCK_TITLE.exec(String(code.properties.metastring ?? ''))?.groups?.title;
  const text = code.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
  const lines = text.replace(/\n$/, '').split('\n');
  return hastElement('div', `${language} theme-code-block`, [
    ...(title ? [hastElement('div', 'codeBlockTitle', [{type: 'text', value: title}])] : []),
    hastElement('pre', 'prism-code', [
      hastElement(
        'code',
        'codeBlockLines',
        lines.map((line) => hastElement('span', 'token-line', [{type: 'text', value: line}])),
      ),
    ]),
  ]);
}

function toPlainChildren(nodes: readonly RootContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes as (RootContent | MdxJsxNode | {type: string})[]) {
    switch (node.type) {
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const element = toElement(node as MdxJsxNode);
        if (element) out.push(element);
        break;
      }
      case 'element': {
        const element = node as Element;
        out.push(
          codeBlockElement(element) ?? {...element, children: toPlainChildren(element.children)},
        );
        break;
      }
      case 'text':
      case 'comment':
        out.push(node as ElementContent);
        break;
      default:
        // mdxjsEsm (imports), expressions, doctype: nothing a reader sees as text.
        break;
    }
  }
  return out;
}

/**
 * Markdown source -> the HTML of its content container, as the theme renders the doc's Markdown
 * (without the page around it: the development server passes the page's facts to the extractor).
 */
export async function renderDocContent(
  filePath: string,
  pipeline: MarkdownPipeline,
): Promise<string> {
  const data = await compileDocSource(filePath, pipeline, {rehypePlugins: [keepHast]});
  const tree = data[HAST_KEY] as Root | undefined;
  if (!tree) throw new Error(`[search-index] ${filePath}: the MDX pipeline returned no HTML tree`);
  return toHtml({type: 'root', children: toPlainChildren(tree.children)});
}
