#!/usr/bin/env node
// @ts-check
// npm run diff:ejected [-- --accept]
// Prints each ejected theme component (src/theme/ejected.json) against the upstream file it was
// ejected from, as installed now: a unified diff, upstream first. After a Docusaurus upgrade, the
// files marked "upstream changed" are those to look at: carry over what moved upstream, keep our
// changes (each file's first comment says what they are), then record the new upstream with
// --accept.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import {ejectedFiles, MANIFEST, readManifest, sha256} from '../support/ejectedTheme.mjs';

const accept = process.argv.includes('--accept');
const unknown = process.argv.slice(2).filter((arg) => arg !== '--accept');
if (unknown.length) {
  console.error(`Unknown argument ${unknown[0]} (only --accept)`);
  process.exit(2);
}

const files = ejectedFiles();
for (const file of files) {
  const state = file.upstreamMissing
    ? `upstream file GONE in ${file.installedVersion}`
    : file.upstreamChanged
      ? `upstream changed: ejected from ${file.version}, installed ${file.installedVersion}`
      : `upstream unchanged since ${file.version}`;
  console.log(`\n=== ${file.localName}  <-  ${file.upstream}  (${state})`);
  if (file.upstreamMissing) continue;
  const diff = spawnSync(
    'diff',
    [
      '-u',
      '--label',
      `upstream ${file.upstream}`,
      '--label',
      file.localName,
      file.installedFile,
      file.local,
    ],
    {
      encoding: 'utf8',
    },
  );
  if (diff.status === 2) throw new Error(`diff failed: ${diff.stderr}`);
  process.stdout.write(diff.stdout);
}

const changed = files.filter((file) => file.upstreamChanged);
console.log(
  `\n${files.length} ejected files; ${changed.length} with an upstream change since they were recorded.`,
);
if (accept) {
  const manifest = readManifest();
  for (const file of changed) {
    if (file.upstreamMissing)
      throw new Error(
        `${file.upstream} no longer exists: re-eject ${file.localName} from its new place and edit ${MANIFEST}`,
      );
    const key = file.localName.replace('src/theme/', '');
    manifest[key] = {
      ...manifest[key],
      version: file.installedVersion,
      sha256: sha256(file.installedFile),
    };
  }
  fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Recorded the installed upstream of ${changed.length} files in ${MANIFEST}.`);
} else if (changed.length) {
  console.log(
    'Carry over what moved, then record the new upstream: npm run diff:ejected -- --accept',
  );
}
