/**
 * Docusaurus plugin: writes /.well-known/security.txt into the build, with its Expires counted from
 * the time of the build (securityTxt.ts), so that no fixed date goes stale in the repository.
 *
 * Options: `contact`, where to report a vulnerability (config/security.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {securityTxt} from './securityTxt';

export interface SecurityTxtOptions {
  contact: string;
}

export default function pluginSecurityTxt(
  context: LoadContext,
  options: SecurityTxtOptions,
): Plugin {
  return {
    name: 'fsc-security-txt',
    async postBuild({outDir}) {
      const file = path.join(outDir, '.well-known/security.txt');
      await fs.mkdir(path.dirname(file), {recursive: true});
      await fs.writeFile(
        file,
        securityTxt({contact: options.contact, siteUrl: context.siteConfig.url, now: new Date()}),
      );
    },
  };
}
