#!/usr/bin/env node
// npm run search:push [-- --dir build]
// Replaces the hosted Algolia index with the records of the last build.
// Env: ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY, ALGOLIA_INDEX_NAME (default docs-fsc).
import './lib/register-ts.mjs';

const {main} = await import('../plugins/search-index/push.ts');
process.exitCode = await main(process.argv.slice(2), process.env);
