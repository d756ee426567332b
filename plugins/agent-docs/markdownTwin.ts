/**
 * One doc page -> its Markdown twin, for coding agents and LLM assistants.
 *
 * The doc's source goes through Docusaurus's own MDX pipeline (`compileDocSource` of
 * @fsc-docs/doc-source: the same remark plugins, so admonitions, diagrams, heading text and links to
 * other docs are what the page shows); a last remark plugin keeps the finished Markdown tree, which
 * is rewritten here into plain Markdown and printed with remark-stringify:
 *
 * - front matter and imports dropped, the title as the only `#` heading;
 * - admonitions as blockquotes that start with their label ("Warning: title");
 * - every tab of a Tabs block written out under its label, so nothing is hidden;
 * - Mermaid diagrams as their text alternative (accTitle, accDescr) and their source in a fence;
 * - links and images absolute to the site's URL;
 * - any other JSX or MDX component replaced by its content, and an element readers never see
 *   (`hidden`, or an inline style with `display: none` or `visibility: hidden`) left out with its
 *   content: the twin holds what the page shows, nothing an author hid in it.
 *
 * What cannot be written faithfully (a diagram without a text alternative, a tab without a label,
 * a node Markdown has no form for) throws, naming the file: the build then fails.
 */
import type {
  Blockquote,
  Code,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Text,
} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {markdownLine} from '../../src/agentDocs/markdownLine';
import {LLMS_TXT} from '../../src/agentDocs/twinPath';
import {compileDocSource, type MarkdownPipeline} from '@fsc-docs/doc-source';

export interface TwinDoc {
  /** Absolute path of the Markdown source. */
  filePath: string;
  title: string;
  /** The page's route (`/try-fsc/helm/6-manager`, `/introduction/`). */
  permalink: string;
}

export interface TwinContext {
  pipeline: MarkdownPipeline;
  /** The site's public origin (`SITE_URL`). */
  siteUrl: string;
  /** Absolute source path of every doc -> its route, for links between docs. */
  routesBySource: ReadonlyMap<string, string>;
}

const MDAST_KEY = 'fscMarkdownTwin';

/** The last remark step: keep the tree as Docusaurus's plugins left it. */
function keepMdast() {
  return (tree: Root, file: {data: Record<string, unknown>}) => {
    file.data[MDAST_KEY] = structuredClone(tree);
  };
}

interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: {type: string; name?: string; value?: unknown}[];
  children: RootContent[];
}

/** A node as Docusaurus's remark plugins leave it (some carry their rendering in `data`). */
type AnyNode = RootContent & {
  children?: AnyNode[];
  data?: {hName?: string; hProperties?: Record<string, unknown>};
  url?: string;
};

const text = (value: string): Text => ({type: 'text', value});
const strong = (value: string): Strong => ({type: 'strong', children: [text(value)]});
const paragraph = (children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});

function attribute(node: JsxNode, name: string): string | undefined {
  const found = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

/** `style="display: none"` and the like. */
const HIDING_CSS = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(!important\s*)?(;|$)/i;
/** `style={{display: 'none'}}` and the like: the object's source text. */
const HIDING_STYLE_OBJECT =
  /(['"]?)(display\1\s*:\s*(['"`])none\3|visibility\1\s*:\s*(['"`])hidden\4)/;

/**
 * Whether readers never see an element: it has `hidden` (unless `hidden={false}`; content that is
 * `hidden="until-found"` shows when the browser's find reaches it), or an inline style that hides it.
 */
function hiddenFromReaders(node: JsxNode): boolean {
  return node.attributes.some((a) => {
    if (a.type !== 'mdxJsxAttribute') return false;
    const expression =
      typeof a.value === 'object' && a.value !== null
        ? String((a.value as {value?: unknown}).value)
        : null;
    if (a.name === 'hidden') {
      return expression === null ? a.value !== 'until-found' : expression.trim() !== 'false';
    }
    if (a.name === 'style') {
      return expression === null
        ? typeof a.value === 'string' && HIDING_CSS.test(a.value)
        : HIDING_STYLE_OBJECT.test(expression);
    }
    return false;
  });
}

/** mdast's phrasing content: what may not stand among blocks. */
const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'footnoteReference',
]);

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `accTitle: …` / `accDescr: …` or `accDescr { … }` of a Mermaid diagram. */
function diagramTextAlternative(source: string): {title?: string; description?: string} {
  const title = /^\s*accTitle\s*:\s*(.+)$/m.exec(source)?.[1]?.trim();
  const description =
    /^\s*accDescr\s*:\s*(.+)$/m.exec(source)?.[1]?.trim() ??
    /^\s*accDescr\s*\{([^}]*)\}/m.exec(source)?.[1]?.replace(/\s+/g, ' ').trim();
  return {...(title ? {title} : {}), ...(description ? {description} : {})};
}

class Converter {
  constructor(
    private readonly pageUrl: string,
    private readonly fail: (message: string) => never,
  ) {}

  nodes(nodes: readonly AnyNode[]): RootContent[] {
    return nodes.flatMap((node) => this.node(node));
  }

  private node(node: AnyNode): RootContent[] {
    switch (node.type as string) {
      case 'yaml':
      case 'toml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        // Front matter, imports and expressions (comments): nothing a reader sees as text.
        return [];
      case 'mermaidCodeBlock':
        return this.diagram(String(node.data?.hProperties?.value ?? ''));
      case 'containerDirective':
        if (node.data?.hName === 'admonition') return [this.admonition(node)];
        return this.fail(
          `the directive ":::${(node as {name?: string}).name}" has no Markdown form`,
        );
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.component(node as unknown as JsxNode);
      case 'link':
      case 'image':
      case 'definition':
        return [
          {...node, url: new URL(node.url ?? '', this.pageUrl).href, ...this.within(node)},
        ] as RootContent[];
      default:
        return [{...node, ...this.within(node)}] as RootContent[];
    }
  }

  private within(node: AnyNode): {children?: RootContent[]} {
    return node.children ? {children: this.nodes(node.children)} : {};
  }

  private diagram(source: string): RootContent[] {
    const {title, description} = diagramTextAlternative(source);
    if (!title || !description) {
      this.fail('a Mermaid diagram has no accTitle and accDescr (its text alternative)');
    }
    const code: Code = {type: 'code', lang: 'mermaid', meta: null, value: source};
    return [paragraph([strong(`Diagram: ${title}.`), text(` ${description}`)]), code];
  }

  private admonition(node: AnyNode): Blockquote {
    const type = capitalised(String(node.data?.hProperties?.type ?? 'note'));
    const title = node.data?.hProperties?.title;
    const children = node.children ?? [];
    const [first, ...rest] = children;
    // A title with markup comes as the first child (mdxAdmonitionTitle).
    const complexTitle = (first?.type as string) === 'mdxAdmonitionTitle' ? first : null;
    const label: PhrasingContent[] = complexTitle
      ? [strong(`${type}: `), ...(this.nodes(complexTitle.children ?? []) as PhrasingContent[])]
      : [strong(typeof title === 'string' ? `${type}: ${title}` : type)];
    return {
      type: 'blockquote',
      children: [paragraph(label), ...this.nodes(complexTitle ? rest : children)] as never[],
    };
  }

  private component(node: JsxNode): RootContent[] {
    if (hiddenFromReaders(node)) return [];
    if (node.name === 'Tabs') {
      return node.children.flatMap((child) => {
        const tab = child as unknown as JsxNode;
        if (tab.type !== 'mdxJsxFlowElement' || tab.name !== 'TabItem') return [];
        const label = attribute(tab, 'label') ?? attribute(tab, 'value');
        if (!label) this.fail('a TabItem has neither a label nor a value');
        return [paragraph([strong(`Tab: ${label}`)]), ...this.nodes(tab.children as AnyNode[])];
      });
    }
    // Docusaurus renames `<details>` to its Details component.
    if (node.name === 'Details' || node.name === 'details') {
      const summary = node.children.find(
        (child) => (child as unknown as JsxNode).name === 'summary',
      ) as unknown as JsxNode | undefined;
      const rest = node.children.filter((child) => child !== (summary as unknown));
      return [
        ...(summary ? [paragraph([{type: 'strong', children: this.phrasing(summary)}])] : []),
        ...this.flow(node, rest),
      ];
    }
    // Any other component or HTML element: its content, as the reader sees it.
    return this.flow(node, node.children);
  }

  /**
   * The content of a component. In a block of its own (`<x>text</x>` on a line), text comes as
   * phrasing among blocks: it becomes a paragraph, or Markdown would run it into its neighbours.
   */
  private flow(node: JsxNode, children: readonly RootContent[]): RootContent[] {
    const converted = this.nodes(children as AnyNode[]);
    if (node.type !== 'mdxJsxFlowElement') return converted;
    const out: RootContent[] = [];
    let gathering: Paragraph | null = null;
    for (const child of converted) {
      if (!PHRASING.has(child.type)) {
        gathering = null;
        out.push(child);
      } else if (gathering) {
        gathering.children.push(child as PhrasingContent);
      } else {
        gathering = paragraph([child as PhrasingContent]);
        out.push(gathering);
      }
    }
    return out;
  }

  private phrasing(node: JsxNode): PhrasingContent[] {
    return this.nodes(node.children as AnyNode[]).flatMap((child) =>
      child.type === 'paragraph' ? child.children : [child as PhrasingContent],
    );
  }
}

const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, {bullet: '-', emphasis: '_', fences: true, rule: '-'});

/** The line every twin starts with. */
function llmsTxtPointer(siteUrl: string): string {
  return `> The index of this documentation for agents: ${new URL(LLMS_TXT, siteUrl).href}`;
}

/** The twin of one doc, or an error naming the doc's file. */
export async function markdownTwin(doc: TwinDoc, context: TwinContext): Promise<string> {
  const fail = (message: string): never => {
    throw new Error(`[agent-docs] ${doc.filePath}: the Markdown twin cannot be made: ${message}`);
  };
  let data: Record<string, unknown>;
  try {
    data = await compileDocSource(doc.filePath, context.pipeline, {
      remarkPlugins: [keepMdast],
      resolveMarkdownLink: ({sourceFilePath, linkPathname}) =>
        context.routesBySource.get(new URL(linkPathname, `file://${sourceFilePath}`).pathname) ??
        null,
    });
  } catch (error) {
    return fail((error as Error).message.split('\n')[0] ?? 'the MDX pipeline failed');
  }
  const tree = data[MDAST_KEY] as Root | undefined;
  if (!tree) return fail('the MDX pipeline returned no Markdown tree');
  const pageUrl = new URL(doc.permalink, context.siteUrl).href;
  const body = new Converter(pageUrl, fail).nodes(tree.children as AnyNode[]);
  // The theme shows the title as the page's h1; a first heading of the source's own is the title.
  const withoutOwnTitle = body.filter((node) => !(node.type === 'heading' && node.depth === 1));
  let markdown: string;
  try {
    markdown = stringifier.stringify({type: 'root', children: withoutOwnTitle});
  } catch (error) {
    return fail((error as Error).message);
  }
  // The title comes from front matter: one line of text, whatever it holds.
  const title = `# ${markdownLine(doc.title)}\n`;
  return `${llmsTxtPointer(context.siteUrl)}\n\n${title}${markdown ? `\n${markdown}` : ''}`;
}
