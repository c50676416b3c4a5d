import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

const MAIN_LINKS = [
  { name: 'À propos', path: '/a-propos' },
  { name: 'Initiatives', path: '/initiatives' },
  { name: 'Ressources', path: '/ressources' },
  { name: 'Actualités', path: '/actualites' },
  { name: 'Agenda', path: '/agenda' },
] as const;

/** The main navigation of the header (the breadcrumb also marks its last entry as current). */
function mainNav(page: Page) {
  return page
    .getByRole('banner')
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: 'Agenda', exact: true }) });
}

test.describe('main navigation @desktop-only', () => {
  for (const current of MAIN_LINKS) {
    test(`on ${current.path}, '${current.name}' is the current page`, async ({ page }) => {
      await page.goto(current.path);
      const nav = mainNav(page);
      for (const { name } of MAIN_LINKS) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        if (name === current.name) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current', 'page');
      }
    });
  }

  test('following a main link moves the current marker', async ({ page }) => {
    await page.goto('/a-propos');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Agenda', exact: true }).click();
    await expect(page).toHaveURL('/agenda');
    await expect(nav.getByRole('link', { name: 'Agenda', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'À propos', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the main links are exactly the five sections, without Nous contacter', async ({ page }) => {
    await page.goto('/mentions-legales');
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(MAIN_LINKS.map(({ name }) => name));
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Nous contacter', exact: true }),
    ).toHaveCount(0);
  });

  test('no main link is current on the homepage', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Agenda', exact: true })).toBeVisible();
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(0);
  });
});

test('in the mobile menu, the current page is marked @mobile-only', async ({ page }) => {
  await page.goto('/glossaire');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const glossary = menu.getByRole('link', { name: 'Glossaire', exact: true });
  await expect(glossary).toBeVisible();
  await expect(glossary).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Agenda', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});
