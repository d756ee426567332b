import type {Page} from 'playwright-core';

/**
 * Makes Chromium refuse clipboard writes to the page's origin, as a browser does when the reader
 * or a policy denies them (Playwright can only grant permissions, so this goes through CDP).
 */
export async function refuseClipboard(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (const name of ['clipboard-write', 'clipboard-read']) {
    await cdp.send('Browser.setPermission', {
      origin,
      permission: {name},
      setting: 'denied',
    } as never);
  }
  await cdp.detach();
}
