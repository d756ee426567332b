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
  /**
   * What the server answers from, for messages to the agent (`https://docs.fsc.nlx.io`, `the local
   * build`): never a path on this machine.
   */
  readonly label: string;
  /** The file at `sitePath` (`/llms.txt`) as text. */
  read(sitePath: string): Promise<string>;
}

/** What one read of a served site may take. */
export interface ReadLimits {
  /** Redirects followed, each within the site's origin. */
  maxRedirects: number;
  /** For the whole read: every redirect, the headers and the body. */
  timeoutMs: number;
  /** Of the body as decoded (after gzip or brotli): the search index is a few megabytes. */
  maxBytes: number;
}

const READ_LIMITS: ReadLimits = {
  maxRedirects: 5,
  timeoutMs: 20_000,
  maxBytes: 16 * 1024 * 1024,
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The body as text, or null once it passes `maxBytes` (the rest is never downloaded). */
async function cappedText(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function siteSource(siteUrl: string, limits: ReadLimits = READ_LIMITS): SiteSource {
  const origin = new URL(siteUrl).origin;
  const fail = (message: string) => new SiteError(message, false);
  return {
    label: origin,
    async read(sitePath) {
      let url = new URL(sitePath, origin);
      // Only the site itself: a path must not lead anywhere else.
      if (url.origin !== origin) throw new SiteError(`${sitePath} is not on ${origin}`, true);
      const signal = AbortSignal.timeout(limits.timeoutMs);
      try {
        // Redirects by hand: fetch would follow one to any host (a site, or whoever answers for
        // it, could send the agent the body of a URL only this machine may reach).
        for (let redirects = 0; ; redirects++) {
          const response = await fetch(url, {redirect: 'manual', signal});
          if (REDIRECT_STATUSES.has(response.status)) {
            await response.body?.cancel();
            const location = response.headers.get('location');
            const next = location === null ? null : new URL(location, url);
            if (next?.origin !== origin) {
              throw fail(
                `${origin} redirected ${url.pathname} off the site, which is not followed`,
              );
            }
            if (redirects === limits.maxRedirects) {
              throw fail(`${origin} redirected ${sitePath} more than ${limits.maxRedirects} times`);
            }
            url = next;
            continue;
          }
          if (response.status === 404) {
            await response.body?.cancel();
            throw new SiteError(`${url.pathname} is not on ${origin}`, true);
          }
          if (!response.ok) {
            await response.body?.cancel();
            throw fail(`${url.href} answered HTTP ${response.status}`);
          }
          const text = await cappedText(response, limits.maxBytes);
          if (text === null) {
            throw fail(
              `${url.href} is larger than ${limits.maxBytes} bytes, the most this server reads`,
            );
          }
          return text;
        }
      } catch (error) {
        if (error instanceof SiteError) throw error;
        if (signal.aborted) {
          throw fail(
            `${origin} did not send ${url.pathname} within ${limits.timeoutMs / 1000} seconds`,
          );
        }
        const reason = (error as {cause?: {message?: string}}).cause?.message;
        throw fail(`The site ${origin} cannot be reached${reason ? ` (${reason})` : ''}`);
      }
    },
  };
}

export function buildSource(buildDir: string): SiteSource {
  const root = path.resolve(buildDir);
  return {
    label: 'the local build',
    async read(sitePath) {
      const pathname = decodeURIComponent(new URL(sitePath, 'file:///').pathname);
      // A folder's page is its index.html, as the web server sends it.
      const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
      if (!file.startsWith(root + path.sep)) {
        throw new SiteError(`${sitePath} is not in the local build`, true);
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
        // The error's own message names the file's path on this machine: only its code is kept.
        const code = (error as NodeJS.ErrnoException).code;
        throw new SiteError(
          code === 'ENOENT'
            ? `${sitePath} is not in the local build`
            : `${sitePath} cannot be read from the local build (${code ?? 'unknown error'})`,
          code === 'ENOENT',
        );
      }
    },
  };
}
