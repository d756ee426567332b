import {describe, expect, it} from 'vitest';
import {reusedPage} from './support/reusedPage';
import {serveBuildForTests} from './support/servedSite';

const site = serveBuildForTests('published');
/** The page every case navigates, reset before each. */
const visit = reusedPage(() => site.browser);

describe('home page', () => {
  it('leads first to the introduction, then to the tutorials, production guides and support', async () => {
    const {page, problems} = await visit(site.origin, '/');
    await expect
      .poll(() => page.locator('main h1').textContent())
      .toBe('Federated Service Connectivity');
    const mainLinks = await page
      .locator('main a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(mainLinks[0]).toBe('/introduction/');
    for (const target of [
      '/try-fsc/docker/introduction',
      '/try-fsc/helm/introduction',
      '/fsc-in-production/deployment-strategies',
      '/support/contact',
    ]) {
      expect(mainLinks).toContain(target);
    }
    await page.locator('main a', {hasText: 'Read the introduction'}).first().click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Introduction');
    expect(problems.errors).toEqual([]);
  });
});

describe('navbar', () => {
  it('has Docs, Directory, FSC and Contact, the search button and the colour-mode toggle', async () => {
    const {page} = await visit(site.origin, '/introduction/components');
    const navbar = page.locator('nav.navbar');
    const items = navbar.locator('.navbar__items:not(.navbar__items--right) > a.navbar__item');
    expect(await items.allInnerTexts()).toEqual(['Docs', 'Directory', 'FSC', 'Contact']);
    expect(
      await items.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([
      '/try-fsc/docker/introduction',
      'https://directory-ui.demo.fsc.nlx.io',
      'https://fsc-standaard.nl',
      '/support/contact',
    ]);
    for (const external of await items.filter({hasText: /Directory|FSC/}).all()) {
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Docs is the active item anywhere in the documentation.
    expect(await items.first().getAttribute('class')).toContain('navbar__link--active');
    await expect.poll(() => navbar.locator('button.DocSearch-Button').count()).toBe(1);
    await expect
      .poll(() =>
        navbar.locator('button[title*="color mode" i], button[aria-label*="mode" i]').count(),
      )
      .toBeGreaterThan(0);
  });

  it('Docs leads to the Docker introduction and Contact to the contact page', async () => {
    const {page} = await visit(site.origin, '/');
    await page.locator('nav.navbar a.navbar__item', {hasText: 'Docs'}).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/try-fsc/docker/introduction');
    await page.locator('nav.navbar a.navbar__item', {hasText: 'Contact'}).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/support/contact');
  });
});

describe('footer', () => {
  it('has three link columns, a logo for each colour mode and the 2025 copyright line', async () => {
    const {page} = await visit(site.origin, '/');
    const footer = page.locator('footer.footer');
    expect(await footer.locator('.footer__title').allInnerTexts()).toEqual([
      'Docs',
      'Standard',
      'More',
    ]);
    const hrefs = await footer
      .locator('a.footer__link-item')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/introduction/',
        '/try-fsc/helm/introduction',
        'https://fsc-standaard.nl',
        '/support/contact',
      ]),
    );
    const visibleLogo = () => footer.locator('img.footer__logo:visible').getAttribute('src');
    await expect.poll(visibleLogo).toBe('/img/logo.svg');
    await page.emulateMedia({colorScheme: 'dark'});
    await page.reload();
    await expect.poll(visibleLogo).toBe('/img/logo-dark.svg');
    expect(await footer.locator('.footer__copyright').innerText()).toMatch(/Copyright © 2025/);
  });
});
