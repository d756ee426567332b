/**
 * Tokenising and normalising shared by indexing, querying and highlighting,
 * so that a highlighted word is exactly a word the engine matched.
 */

/** A word: letters, digits and underscore (Algolia indexes '_' in DocSearch). */
const WORD = /[\p{L}\p{N}_]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

export interface Token {
  /** Normalised form (lower case, no diacritics). */
  term: string;
  /** Offsets of the word in the original text. */
  start: number;
  end: number;
}

/** @public loaded by a script through jiti, which the unused-code check cannot follow */
export function normalizeTerm(word: string): string {
  const lower = word.toLowerCase();
  // Fast path: plain ASCII needs no decomposition.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/** Words of `text` with their offsets. */
export function tokenizeWithOffsets(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    const term = normalizeTerm(m[0]);
    if (term) tokens.push({term, start, end: start + m[0].length});
  }
  return tokens;
}

/** Raw words of `text` (MiniSearch `tokenize`; `normalizeTerm` is its `processTerm`).
 * @public loaded by a script through jiti, which the unused-code check cannot follow
 */
export function tokenizeWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Normalised terms of `text`. */
export function terms(text: string): string[] {
  return tokenizeWords(text)
    .map(normalizeTerm)
    .filter((t) => t.length > 0);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Characters escapeHtml replaces. */
const ESCAPABLE = /[&<>"']/;

/** Escapes text for use as HTML element content or attribute value. */
export function escapeHtml(text: string): string {
  if (!ESCAPABLE.test(text)) return text;
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const UNESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(ESCAPES).map(([character, entity]) => [entity, character]),
);

/** Text that escapeHtml escaped, read back: its five entities only (any other stays as written). */
export function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => UNESCAPES[entity] ?? entity);
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent
 * transpositions, which Algolia counts as one typo), stopping early once the
 * distance is known to exceed `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev: number[] = Array.from({length: lb + 1}, (_, j) => j);
  for (let i = 1; i <= la; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        v = Math.min(v, (prevPrev[j - 2] ?? 0) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = cur;
  }
  return prev[lb] ?? max + 1;
}
