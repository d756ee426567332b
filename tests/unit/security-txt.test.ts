// /.well-known/security.txt (RFC 9116): its text from the configured contact and the build's time,
// and the SECURITY_CONTACT setting. The served file is checked in tests/e2e/serving.test.ts.
import {describe, expect, it} from 'vitest';
import {DEFAULT_SECURITY_CONTACT, resolveSecurityContact} from '../../config/security';
import {securityTxt, VALID_DAYS} from '../../plugins/security-txt/securityTxt';

describe('security.txt', () => {
  it('names the contact, an expiry less than a year after the build, the languages and its own address', () => {
    const text = securityTxt({
      contact: 'mailto:security@example.org',
      siteUrl: 'https://docs.example.org',
      now: new Date('2026-11-28T10:15:30.250Z'),
    });
    expect(text).toBe(
      [
        'Contact: mailto:security@example.org',
        'Expires: 2027-05-27T10:15:30Z',
        'Preferred-Languages: nl, en',
        'Canonical: https://docs.example.org/.well-known/security.txt',
        '',
      ].join('\n'),
    );
    expect(VALID_DAYS).toBeLessThan(365);
  });
});

describe('resolveSecurityContact', () => {
  it("defaults to the project's mailbox and takes a mailto: address or an https: URL", () => {
    expect(resolveSecurityContact({})).toBe(DEFAULT_SECURITY_CONTACT);
    expect(resolveSecurityContact({SECURITY_CONTACT: ' '})).toBe(DEFAULT_SECURITY_CONTACT);
    expect(resolveSecurityContact({SECURITY_CONTACT: 'mailto:cert@example.org'})).toBe(
      'mailto:cert@example.org',
    );
    expect(
      resolveSecurityContact({SECURITY_CONTACT: 'https://example.org/security/advisories/new'}),
    ).toBe('https://example.org/security/advisories/new');
  });

  it.each([
    'security@example.org',
    'http://example.org/report',
    'mailto:nobody',
    'javascript:alert(1)',
    'mailto:a@example.org\nContact: https://evil.example',
    'https://example.org/a b',
  ])('rejects %j, naming the variable', (contact) => {
    expect(() => resolveSecurityContact({SECURITY_CONTACT: contact})).toThrow(
      /^SECURITY_CONTACT must be a mailto: address .* or an https: URL, on one line/,
    );
  });
});
