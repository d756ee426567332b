/**
 * Values that the site configuration reads from the environment, validated in one place so that a
 * wrong value fails the build with a message that names it.
 */
export type AnnouncementBar = {
  id: string;
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
};

export type Env = Record<string, string | undefined>;

const DEFAULT_SITE_URL = 'https://docs.fsc.nlx.io';

export function resolveSiteUrl(env: Env): string {
  const raw = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL is not a valid absolute URL: "${raw}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_URL must be an origin without a path (the site is served from "/"): "${raw}"`,
    );
  }
  return url.origin;
}

/** The announcement bar is off unless ANNOUNCEMENT_CONTENT is set. */
export function resolveAnnouncementBar(env: Env): AnnouncementBar | undefined {
  const content = env.ANNOUNCEMENT_CONTENT?.trim();
  if (!content) {
    return undefined;
  }
  const id = env.ANNOUNCEMENT_ID?.trim();
  if (!id) {
    throw new Error(
      'ANNOUNCEMENT_ID is required when ANNOUNCEMENT_CONTENT is set: a new id shows the bar again to visitors who dismissed the previous one.',
    );
  }
  const closeable = env.ANNOUNCEMENT_CLOSEABLE?.trim() || 'true';
  if (closeable !== 'true' && closeable !== 'false') {
    throw new Error(`ANNOUNCEMENT_CLOSEABLE must be "true" or "false", not "${closeable}"`);
  }
  return {
    id,
    content,
    backgroundColor: env.ANNOUNCEMENT_BACKGROUND_COLOR?.trim() || '#ffd33d',
    textColor: env.ANNOUNCEMENT_TEXT_COLOR?.trim() || '#1c1e21',
    isCloseable: closeable === 'true',
  };
}
