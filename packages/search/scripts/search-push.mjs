#!/usr/bin/env node
// @ts-check
// npm run search:push [-- --dir build]
// Replaces the hosted Algolia index with the records of the last build.
// Env: ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY, ALGOLIA_INDEX_NAME (default docs-fsc).
import {createJiti} from 'jiti';

// Loads the project's TypeScript modules (jiti transpiles them; `npm run typecheck` checks them).
const jiti = createJiti(import.meta.url);

const {main} = /** @type {typeof import('../src/build/push')} */ (
  await jiti.import('../src/build/push.ts')
);
process.exitCode = await main(process.argv.slice(2), process.env);
