/** The prose of a page as sentences a reader reads, for the content guards that judge what a sentence says. */

type Sentence = {
  /** The line of the page where the sentence starts. */
  line: number;
  /** The text with Markdown links reduced to their text and emphasis marks removed; inline code keeps its backticks. */
  text: string;
  /** What the sentence is kind of: a heading, a table row, an item of a list, or running text. */
  kind: 'heading' | 'row' | 'item' | 'text';
  /** The number of the paragraph, list item, heading or table row the sentence is in, counted from the page's start. */
  paragraph: number;
  /**
   * What the sentence is under: the bold words that open its paragraph or list item (`**Helm says a value is
   * required.**`), or else the nearest heading above it. A heading is its own topic.
   */
  topic: string;
};

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf|\bapprox)\.$/i;

/** Links reduced to their text, emphasis and HTML tags removed; inline code stays as it is. */
function plain(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/\*\*|__/g, '')
            .replace(/(^|[\s(])[*_](\S[^*_]*?)[*_](?=[\s.,;:)]|$)/g, '$1$2')
            .replace(/\{#[\w-]+\}/g, ''),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Splits a paragraph's text at the end of each sentence: `.`, `!` or `?` outside inline code and outside a link's
 * text, before a new start.
 */
function split(text: string): {offset: number; text: string}[] {
  const sentences: {offset: number; text: string}[] = [];
  let start = 0;
  let inCode = false;
  let inLink = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '`') inCode = !inCode;
    if (!inCode && char === '[') inLink++;
    if (!inCode && char === ']') inLink = Math.max(0, inLink - 1);
    if (inCode || inLink > 0 || (char !== '.' && char !== '!' && char !== '?')) continue;
    // The end may be followed by closing marks: `.**`, `.)`, `."`.
    let end = i + 1;
    while (end < text.length && '*_)"\'’'.includes(text[end]!)) end++;
    if (end < text.length && !/\s/.test(text[end]!)) continue;
    let next = end;
    while (next < text.length && /\s/.test(text[next]!)) next++;
    if (next < text.length && !/[A-Z0-9`[("*_]/.test(text[next]!)) continue;
    if (char === '.' && ABBREVIATIONS.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
    sentences.push({offset: start, text: text.slice(start, end)});
    start = end;
    while (start < text.length && /\s/.test(text[start]!)) start++;
    i = start - 1;
  }
  if (start < text.length) sentences.push({offset: start, text: text.slice(start)});
  return sentences;
}

/**
 * The sentences of a page's prose: running text split into sentences, each heading, table row and list item on its
 * own (a list item may hold several sentences). Frontmatter, fenced code, HTML comments, MDX imports and exports and
 * admonition fences are left out.
 */
export function sentencesOf(source: string): Sentence[] {
  const known = cache.get(source);
  if (known) return known;
  const lines = source.split('\n');
  const sentences: Sentence[] = [];
  let heading = '';
  let unit: {kind: Sentence['kind']; parts: {line: number; text: string}[]} | undefined;
  let boldLead: string | undefined;
  let paragraph = 0;

  const flush = () => {
    if (!unit) return;
    paragraph++;
    // Each line's text with its line number, joined to one string with a space between lines.
    let joined = '';
    const starts: {offset: number; line: number}[] = [];
    for (const part of unit.parts) {
      starts.push({offset: joined.length, line: part.line});
      joined += `${part.text} `;
    }
    const lineAt = (offset: number) =>
      starts.filter((start) => start.offset <= offset).at(-1)!.line;
    const lead = /^\s*\*\*([^*]+)\*\*/.exec(joined)?.[1];
    const ownLead = lead === undefined ? undefined : plain(lead);
    // A paragraph's bold lead is the topic of the paragraphs after it, up to the next paragraph or heading; an item's
    // is the topic of that item only.
    if (unit.kind === 'text') boldLead = ownLead;
    const topic = unit.kind === 'item' ? (ownLead ?? boldLead ?? heading) : (boldLead ?? heading);
    const pieces =
      unit.kind === 'heading' || unit.kind === 'row' ? [{offset: 0, text: joined}] : split(joined);
    for (const piece of pieces) {
      const text = plain(piece.text);
      if (!text) continue;
      sentences.push({
        line: lineAt(piece.offset),
        text,
        kind: unit.kind,
        paragraph,
        topic: unit.kind === 'heading' ? text : topic,
      });
    }
    unit = undefined;
  };

  let fence: string | undefined;
  let inComment = false;
  let inFrontmatter = lines[0] === '---';
  for (let index = inFrontmatter ? 1 : 0; index < lines.length; index++) {
    const text = lines[index]!;
    const line = index + 1;
    if (inFrontmatter) {
      if (text === '---') inFrontmatter = false;
      continue;
    }
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (fenceMark && text.trim() === fence) fence = undefined;
      continue;
    }
    if (fenceMark) {
      flush();
      fence = fenceMark;
      continue;
    }
    if (inComment) {
      if (text.includes('-->')) inComment = false;
      continue;
    }
    if (/^\s*<!--/.test(text)) {
      flush();
      inComment = !text.includes('-->');
      continue;
    }
    if (/^\s*$/.test(text) || /^\s*:::/.test(text) || /^(?:import|export)\s/.test(text)) {
      flush();
      continue;
    }
    const headingText = /^#{1,6}\s+(.*)$/.exec(text)?.[1];
    if (headingText !== undefined) {
      flush();
      heading = plain(headingText);
      boldLead = undefined;
      unit = {kind: 'heading', parts: [{line, text: headingText}]};
      flush();
      continue;
    }
    if (/^\s*\|/.test(text)) {
      flush();
      // The line under a table's head holds only dashes and colons.
      if (/^[\s|:-]+$/.test(text)) continue;
      unit = {kind: 'row', parts: [{line, text: text.replace(/\|/g, ' | ')}]};
      flush();
      continue;
    }
    const item = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(text);
    if (item) {
      flush();
      unit = {kind: 'item', parts: [{line, text: item[1]!}]};
      continue;
    }
    if (!unit) unit = {kind: 'text', parts: []};
    unit.parts.push({line, text: text.trim()});
  }
  flush();
  cache.set(source, sentences);
  return sentences;
}

/** Several guards read the sentences of the same page. */
const cache = new Map<string, Sentence[]>();
