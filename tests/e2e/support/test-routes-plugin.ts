import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Routes that exist only in the test build (FSC_TEST_ROUTES=true), never in the published site:
 * a page that throws while rendering, to prove the crash page.
 */
export default function testRoutesPlugin(): Plugin {
  return {
    name: 'fsc-test-routes',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/__test/crash',
        component: path.join(__dirname, 'CrashOnRender.tsx'),
        exact: true,
      });
    },
  };
}
