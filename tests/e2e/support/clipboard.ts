import type {Page} from 'playwright-core';

/**
 * Makes Chromium refuse clipboard writes to the page's origin, as a browser does when the reader
 * or a policy denies them (Playwright can only grant permissions, so this goes through CDP).
 */
export async function refuseClipboard(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Without its context's id, the setting would apply to the browser's default context only.
  const {targetInfo} = (await cdp.send('Target.getTargetInfo')) as {
    targetInfo: {browserContextId: string};
  };
  for (const name of ['clipboard-write', 'clipboard-read']) {
    await cdp.send('Browser.setPermission', {
      origin,
      browserContextId: targetInfo.browserContextId,
      permission: {name},
      setting: 'denied',
    } as never);
  }
  await cdp.detach();
}
