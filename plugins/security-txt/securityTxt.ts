/**
 * The text of /.well-known/security.txt (RFC 9116): where to report a vulnerability in the site,
 * until when that holds, in which languages, and where the file itself lives.
 */

/** How long a build's file stays valid: the RFC asks for less than a year; rebuild within it. */
export const VALID_DAYS = 180;

export function securityTxt({
  contact,
  siteUrl,
  now,
}: {
  /** config/security.ts: a mailto: address or an https: URL */
  contact: string;
  /** the site's origin (config/site.ts) */
  siteUrl: string;
  /** the time of the build */
  now: Date;
}): string {
  const expires = new Date(now.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000);
  return [
    `Contact: ${contact}`,
    // RFC 3339 in UTC, to the second.
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: nl, en',
    `Canonical: ${new URL('/.well-known/security.txt', siteUrl).href}`,
    '',
  ].join('\n');
}
