import type { Page } from '@playwright/test';
import {
  ensureScrollable,
  expect,
  hrefTo,
  scrollY,
  scrollToY,
  settle,
  signIn,
  test,
} from '../fixtures.ts';

const MENU_LINKS = [
  { name: 'À propos', path: '/a-propos' },
  { name: 'Initiatives', path: '/initiatives' },
  { name: 'Ressources', path: '/ressources' },
  { name: 'Actualités', path: '/actualites' },
  { name: 'Agenda', path: '/agenda' },
  { name: 'Nous contacter', path: '/nous-contacter' },
  { name: 'Glossaire', path: '/glossaire' },
  { name: 'Annuaire', path: '/annuaire' },
  { name: 'FAQ', path: '/foire-aux-questions' },
  { name: 'Connexion', path: '/connexion' },
  { name: "S'inscrire", path: '/inscription' },
] as const;

function menu(page: Page) {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('link', { name: 'Glossaire', exact: true }) });
}

async function wheelDown(page: Page) {
  const viewport = page.viewportSize() ?? { width: 375, height: 740 };
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await page.mouse.wheel(0, 400);
}

test.describe('mobile menu @mobile-only', () => {
  test('Menu opens a dialog with the main and secondary links', async ({ page }) => {
    await page.goto('/');
    await expect(menu(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(menu(page)).toBeVisible();
    for (const { name, path } of MENU_LINKS) {
      const link = menu(page).getByRole('link', { name, exact: true });
      await expect(link, name).toBeVisible();
      await expect(link, name).toHaveAttribute('href', hrefTo(path));
    }
    await menu(page).getByRole('button', { name: 'Fermer' }).click();
    await expect(menu(page)).toBeHidden();
  });

  test('the page does not scroll while the menu is open', async ({ page }) => {
    await page.goto('/politique-de-confidentialite');
    await ensureScrollable(page, 600);

    // Control: the same gesture scrolls the page when the menu is closed.
    await wheelDown(page);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await scrollToY(page, 0);
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(menu(page)).toBeVisible();
    await wheelDown(page);
    await page.keyboard.press('PageDown');
    await settle(page, 30);
    expect(await scrollY(page)).toBe(0);

    await menu(page).getByRole('button', { name: 'Fermer' }).click();
    await expect(menu(page)).toBeHidden();
    await wheelDown(page);
    await expect.poll(() => scrollY(page), { message: 'scrolling works again' }).toBeGreaterThan(0);
  });

  test('a menu link navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu(page).getByRole('link', { name: 'Glossaire', exact: true }).click();
    await expect(page).toHaveURL('/glossaire');
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Glossaire' })).toBeVisible();
  });

  test("signed in: the 'Mon espace' group shows the account links", async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(menu(page)).toBeVisible();
    const account = menu(page).getByRole('group', { name: 'Mon espace' });
    await expect(account).toBeVisible();
    await expect(account.getByRole('link')).toHaveText([
      'Tableau de bord',
      'Informations personnelles',
      'Ma structure',
      'Déconnexion',
    ]);
    await expect(menu(page).getByRole('link', { name: 'Connexion', exact: true })).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: "S'inscrire", exact: true })).toHaveCount(0);
  });
});
