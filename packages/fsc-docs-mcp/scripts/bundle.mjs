// Bundles the server into dist/cli.mjs for publishing (`npm pack` runs it as `prepack`): the
// TypeScript sources and the site's search code they reuse (the private workspace package
// @fsc-docs/search, which is never published) become one ES module; the npm packages stay
// dependencies.
import {chmod} from 'node:fs/promises';
import {fileURLToPath} from 'node:url';
import {build} from 'rolldown';

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));

await build({
  input: here('../src/cli.ts'),
  platform: 'node',
  external: (id) =>
    !id.startsWith('.') &&
    !id.startsWith('/') &&
    !id.startsWith('\0') &&
    !id.startsWith('@fsc-docs/search/'),
  output: {
    file: here('../dist/cli.mjs'),
    format: 'esm',
    banner: '#!/usr/bin/env node',
    codeSplitting: false,
  },
});
await chmod(here('../dist/cli.mjs'), 0o755);
