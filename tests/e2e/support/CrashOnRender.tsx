import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

/** Throws while rendering in the browser, with a cause, so the crash page can show both messages. */
export default function CrashOnRender(): ReactNode {
  if (typeof window !== 'undefined') {
    throw new Error('Test page failed on purpose', {cause: new Error('Root cause for the crash test')});
  }
  return <Layout title="Crash test">Rendering on the server only.</Layout>;
}
