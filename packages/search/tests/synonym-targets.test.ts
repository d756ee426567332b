/**
 * The build fails, naming the entry, when a synonym leads to words no page holds: real entries of
 * packages/search/data/synonyms.json over records that lack their targets.
 */
import {mkdtemp, readFile, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSearchFiles, SYNONYMS_FILE} from '../src/build/searchFiles';
import type {SynonymEntry} from '../src/synonyms';
import {rec} from './support/records';

const ROOT = path.resolve(__dirname, '../../..');

/** The site's own entries of these objectIDs, in a synonyms file of their own. */
async function synonymsFileOf(...ids: string[]): Promise<string> {
  const all = JSON.parse(await readFile(path.join(ROOT, SYNONYMS_FILE), 'utf8')) as SynonymEntry[];
  const entries = ids.map((id) => all.find((entry) => entry.objectID === id));
  expect(entries.every(Boolean)).toBe(true);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'synonyms-')), 'synonyms.json');
  await writeFile(file, JSON.stringify(entries));
  return file;
}

const page = (content: string) => [
  rec({path: '/page', type: 'lvl1', lvl0: 'Docs', lvl1: 'A page', position: 0}),
  rec({path: '/page', type: 'content', lvl0: 'Docs', lvl1: 'A page', position: 1, content}),
];

describe("a synonym's targets", () => {
  it('fail the build, naming the entry and the target, when no page holds a one-way target', async () => {
    const searchData = await readSearchFiles({
      synonymsFile: await synonymsFileOf('concept-namespace'),
    });
    expect(() => searchData(page('Install FSC in its own Kubernetes project.'), '/')).toThrow(
      /synonym "concept-namespace" leads to "namespace", which no page holds/,
    );
    // found as a word of a record, in either number
    expect(searchData(page('Pick the namespaces first.'), '/').synonyms).toHaveLength(1);
  });

  it('need the words of a phrase side by side, and one word of a two-way entry', async () => {
    const searchData = await readSearchFiles({
      synonymsFile: await synonymsFileOf('high-availability'),
    });
    expect(() => searchData(page('High and available: nothing else.'), '/')).toThrow(
      /synonym "high-availability" leads to "ha", "highly available", "high availability", which no page holds/,
    );
    expect(searchData(page('Run it highly available.'), '/').synonyms).toHaveLength(1);
  });
});
