import {createServer} from '../../packages/fsc-docs-mcp/src/server';
export const server = createServer();
