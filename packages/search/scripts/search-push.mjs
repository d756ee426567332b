#!/usr/bin/env node
// @ts-check
// npm run search:push [-- --dir build]
// Replaces the hosted Algolia index with the records of the last build.
// Env: ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY, ALGOLIA_INDEX_NAME (default docs-fsc).
import {loadSearch} from '../support/loadSearch.mjs';

const {main} = await loadSearch('build/push');
process.exitCode = await main(process.argv.slice(2), process.env);
