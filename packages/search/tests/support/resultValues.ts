/**
 * A hit's `_highlightResult` or `_snippetResult` as one entry per attribute:
 * `{content: {value}, hierarchy: {lvl1: {value}}}` becomes `{content: value, 'hierarchy.lvl1': value}`.
 */
export function resultValues(result: object | undefined, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(result ?? {}) as [string, unknown][]) {
    if (entry === null || typeof entry !== 'object') continue;
    if ('value' in entry && typeof entry.value === 'string') out[prefix + key] = entry.value;
    else Object.assign(out, resultValues(entry, `${prefix}${key}.`));
  }
  return out;
}
