// @ts-check
// `npm run serve [-- --port 3000] [-- --dir build]`: the production build at http://127.0.0.1:3000,
// on loopback only (support/staticServer.mjs says why this is not `docusaurus serve`).
import path from 'node:path';
import {parseArgs} from 'node:util';
import {startStaticServer} from '../support/staticServer.mjs';

const {values} = parseArgs({
  options: {port: {type: 'string', default: '3000'}, dir: {type: 'string', default: 'build'}},
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number (0 to 65535), not "${values.port}"`);
  process.exit(2);
}
const server = await startStaticServer(path.resolve(values.dir), port);
console.log(`Serving ${values.dir}/ at ${server.origin}/ (loopback only; Ctrl+C stops it)`);
