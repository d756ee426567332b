import type {Disposable, Page} from 'playwright-core';

/**
 * From the next document on, local and session storage throw on every read and write, as they do
 * where a browser's privacy settings block site data: for `visit`'s `initScripts`.
 */
export function throwingStorage(page: Page): Promise<Disposable> {
  return page.addInitScript(() => {
    const fail = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Storage.prototype.getItem = fail;
    Storage.prototype.setItem = fail;
    Storage.prototype.removeItem = fail;
  });
}
