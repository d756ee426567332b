/**
 * Where the published files come from: the site itself (`--site URL`) or a local build
 * (`--build DIR`). Either way, each file is read by its path on the site; nothing else is asked.
 */
import {readFile, realpath} from 'node:fs/promises';
import path from 'node:path';

export const PRODUCTION_SITE = 'https://docs.fsc.nlx.io';

/** A path on the site could not be read: not there (`missing`) or the site is unreachable. */
export class SiteError extends Error {
  constructor(
    message: string,
    readonly missing: boolean,
  ) {
    super(message);
  }
}

export interface SiteSource {
  /** What the server answers from, for messages (`https://docs.fsc.nlx.io`, `build/`). */
  readonly label: string;
  /** The file at `sitePath` (`/llms.txt`) as text. */
  read(sitePath: string): Promise<string>;
}

export function siteSource(siteUrl: string): SiteSource {
  const origin = new URL(siteUrl).origin;
  return {
    label: origin,
    async read(sitePath) {
      const url = new URL(sitePath, origin);
      // Only the site itself: a path must not lead anywhere else.
      if (url.origin !== origin) throw new SiteError(`${sitePath} is not on ${origin}`, true);
      let response: Response;
      try {
        response = await fetch(url, {redirect: 'follow'});
      } catch (error) {
        const reason = (error as {cause?: {message?: string}}).cause?.message;
        throw new SiteError(
          `The site ${origin} cannot be reached${reason ? ` (${reason})` : ''}`,
          false,
        );
      }
      if (response.status === 404) throw new SiteError(`${url.pathname} is not on ${origin}`, true);
      if (!response.ok) {
        throw new SiteError(`${url.href} answered HTTP ${response.status}`, false);
      }
      return response.text();
    },
  };
}

export function buildSource(buildDir: string): SiteSource {
  const root = path.resolve(buildDir);
  return {
    label: root,
    async read(sitePath) {
      const pathname = decodeURIComponent(new URL(sitePath, 'file:///').pathname);
      // A folder's page is its index.html, as the web server sends it.
      const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
      if (!file.startsWith(root + path.sep)) {
        throw new SiteError(`${sitePath} is not in the build ${root}`, true);
      }
      try {
        // A symlink in the build (the file or a folder on its way) could lead anywhere on this
        // machine: the file is read only when its real path is the path asked for, under the
        // build's real path.
        const real = await realpath(file);
        if (real !== path.join(await realpath(root), path.relative(root, file))) {
          throw new SiteError(
            `${sitePath} is a symbolic link in the build, which is not followed`,
            false,
          );
        }
        return await readFile(real, 'utf8');
      } catch (error) {
        if (error instanceof SiteError) throw error;
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        throw new SiteError(
          missing
            ? `${sitePath} is not in the build ${root}`
            : `${file}: ${(error as Error).message}`,
          missing,
        );
      }
    },
  };
}
