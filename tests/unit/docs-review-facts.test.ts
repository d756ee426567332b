import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS} from './support/docsCodeBlocks';

/**
 * Statements a content review (issue 35) found missing or wrong on one page, each checked where it must stand. The
 * classes of mistake that can recur on any page are guarded in docs-guards.test.ts; these are the page-specific facts
 * that a later edit could drop again without any other test noticing.
 */

/** A page's Markdown without its code blocks, so that only what the reader is told counts. */
function prose(page: string): string {
  return fs
    .readFileSync(path.join(DOCS, page), 'utf8')
    .replace(/^(```+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(page: string, heading: string): string {
  const text = prose(page);
  const match = new RegExp(
    `^(#+) ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b.*$`,
    'm',
  ).exec(text);
  if (!match) return '';
  const rest = text.slice((match.index ?? 0) + match[0].length);
  const next = new RegExp(`^#{1,${match[1]!.length}} `, 'm').exec(rest);
  return rest.slice(0, next?.index ?? rest.length);
}

type Fact = {finding: string; page: string; heading?: string; says: RegExp[]; saysNot?: RegExp[]};

const MOVE_TO_2X: RegExp[] = [
  /Contracts? (?:and their signatures )?cannot be carried over/,
  /empty database/,
  /Contract tables/,
  /(?:negotiate|Renegotiate)[^.]*\bevery partner/i,
  /date[^.]*Group|Group[^.]*date/,
  /[Bb]ack up/,
  /only go forward/,
  /`migrate up` fails|`manager migrate up` fails/,
  /third party/,
  /changelog/i,
];

const FACTS: Fact[] = [
  {
    finding: 'N1',
    page: 'support/release-strategy.md',
    heading: 'Moving from 1.x to 2.x',
    says: MOVE_TO_2X,
  },
  {
    finding: 'N1',
    page: 'fsc-in-production/deployment-strategies.md',
    heading: 'Moving from 1.x to 2.x',
    says: MOVE_TO_2X,
  },
];

describe('facts a review required on a page', () => {
  it.each(FACTS.map((fact) => [`${fact.finding} ${fact.page}`, fact]))('%s', (_, fact) => {
    const {page, heading, says, saysNot = []} = fact as Fact;
    const text = heading ? section(page, heading) : prose(page);
    expect(text, `${page} has ${heading ?? 'prose'}`).not.toBe('');
    expect(says.filter((pattern) => !pattern.test(text)).map(String)).toEqual([]);
    expect(saysNot.filter((pattern) => pattern.test(text)).map(String)).toEqual([]);
  });
});
