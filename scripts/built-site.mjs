// @ts-check
// Makes the builds it names current (support/builds.mjs builtSite: built only when the site's
// sources changed since), the published one in build/ when it names none: for the search package's
// commands that read it (search:explain, search:evidence; the package takes the build from build/
// and imports nothing of the site), and for `npm test`, which makes the browser tests' builds
// while the unit tier runs.
import {builtSite} from '../support/builds.mjs';

const names = process.argv.slice(2);
for (const name of names.length === 0 ? ['published'] : names) {
  if (name !== 'published' && name !== 'variant') {
    console.error(`built-site: no build named '${name}' (published or variant)`);
    process.exit(2);
  }
  await builtSite(name);
}
