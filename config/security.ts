import type {Env} from './site';

/**
 * Where to report a vulnerability: the Contact of /.well-known/security.txt (RFC 9116) and of
 * SECURITY.md. A mailbox on the project's own domain, the domain of the default SITE_URL; set
 * SECURITY_CONTACT for a deployment whose reports go elsewhere.
 */
export const DEFAULT_SECURITY_CONTACT = 'mailto:security@fsc.nlx.io';

/**
 * SECURITY_CONTACT: a `mailto:` address or an `https:` URL, on one line (it is written into a
 * line-based file, where a line break would add fields of its own).
 */
export function resolveSecurityContact(env: Env): string {
  const contact = env.SECURITY_CONTACT?.trim() || DEFAULT_SECURITY_CONTACT;
  let url: URL | undefined;
  try {
    url = new URL(contact);
  } catch {
    // reported below
  }
  const mailbox =
    url?.protocol === 'mailto:' && /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[a-z]{2,}$/i.test(url.pathname);
  const https = url?.protocol === 'https:' && url.hostname !== '';
  if (/[\s\p{Cc}]/u.test(contact) || !(mailbox || https)) {
    throw new Error(
      `SECURITY_CONTACT must be a mailto: address (mailto:security@example.org) or an https: URL, on one line: "${contact}"`,
    );
  }
  return contact;
}
