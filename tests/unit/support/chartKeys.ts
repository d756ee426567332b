import fs from 'node:fs';
import path from 'node:path';

/** When the chart's templates refuse to render without a key (see tests/data/charts). */
type Requirement = {
  satisfiedByDefault?: boolean;
  unlessSet?: string[];
  orSet?: string[];
  when?: Record<string, string>;
  text: string;
};

export type ChartKeys = {
  chart: string;
  version: string;
  source: string;
  keys: {key: string; default: string; required?: Requirement}[];
};

const DATA = path.resolve(__dirname, '../../data/charts');

/** The key lists of the OpenFSC charts the tutorial installs, read from the project's test data. */
export function loadChartKeys(version: string): Map<string, ChartKeys> {
  const charts = new Map<string, ChartKeys>();
  for (const file of fs.readdirSync(DATA).filter((name) => name.endsWith(`-${version}.json`))) {
    const data = JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8')) as ChartKeys;
    charts.set(data.chart, data);
  }
  return charts;
}

/** Leaf paths of a YAML values document: lists and empty maps are leaves, as Helm sets them whole. */
export function leafPaths(value: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0
  ) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of leafPaths(child, prefix ? `${prefix}.${key}` : key))
        leaves.set(leaf, leafValue);
    }
  } else if (prefix) {
    leaves.set(prefix, value);
  }
  return leaves;
}

/**
 * Whether a chart has `key`: the key itself, or a place inside a key whose default is a free-form map or list
 * (`ingress.annotations`, `ingress.tls[0].secretName`).
 */
export function chartHasKey(chart: ChartKeys, key: string): boolean {
  const withoutIndex = key.replace(/\[\d+\].*$/, '');
  return chart.keys.some(
    ({key: known, default: fallback}) =>
      known === withoutIndex ||
      (['{}', '[]'].includes(fallback) && withoutIndex.startsWith(`${known}.`)),
  );
}

/** The required keys of `chart` that the values `set` leave without a value. */
export function missingRequired(chart: ChartKeys, set: Map<string, unknown>): string[] {
  const has = (key: string) => set.has(key) && set.get(key) !== '' && set.get(key) !== null;
  const valueOf = (key: string) =>
    set.has(key) ? String(set.get(key)) : chart.keys.find((entry) => entry.key === key)?.default;
  return chart.keys
    .filter(({key, required}) => {
      if (!required || has(key) || required.satisfiedByDefault) return false;
      if (
        required.when &&
        Object.entries(required.when).some(
          ([condition, expected]) => valueOf(condition) !== expected,
        )
      )
        return false;
      return ![...(required.unlessSet ?? []), ...(required.orSet ?? [])].some(has);
    })
    .map(({key, required}) => `${key} (${required!.text})`);
}
