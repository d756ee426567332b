// @ts-check
// Makes the published build in build/ current (support/builds.mjs builtSite: built only when the
// site's sources changed since), for the search package's commands that read it (search:explain,
// search:evidence): the package takes the build from build/ and imports nothing of the site.
import {builtSite} from '../support/builds.mjs';

await builtSite('published');
