import type {Page} from 'playwright-core';

/**
 * Makes the browser refuse clipboard writes on the pages `page` opens from now on: each document
 * comes with a Permissions-Policy that forbids them, as a site or an administrator's policy can.
 * (Playwright can only grant permissions, and Chromium writes on a click without asking.)
 */
export async function refuseClipboard(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'permissions-policy': 'clipboard-write=(), clipboard-read=()',
      },
    });
  });
}
