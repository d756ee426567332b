import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

/** Throws while rendering in the browser, with a cause, so the crash page can show both messages. */
function Thrower(): ReactNode {
  if (typeof window !== 'undefined') {
    throw new Error('Test page failed on purpose', {
      cause: new Error('Root cause for the crash test'),
    });
  }
  return <p>Rendering on the server only.</p>;
}

export default function CrashOnRender(): ReactNode {
  return (
    <Layout title="Crash test">
      <main>
        <Thrower />
      </main>
    </Layout>
  );
}
