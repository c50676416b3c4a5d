import type { Page } from '@playwright/test';
import { expect, hrefTo, hydrated, pathOf, signIn, test } from '../fixtures.ts';

function accountButton(page: Page) {
  return page.getByRole('button', { name: 'Mon Espace', exact: true });
}

function menuLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('link', { name, exact: true });
}

async function openAccountMenu(page: Page) {
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'false');
  await accountButton(page).click();
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'true');
}

test.describe("'Mon Espace' popover @desktop-only", () => {
  test('anonymous: Connexion and S’inscrire', async ({ page }) => {
    await page.goto('/');
    await openAccountMenu(page);
    await expect(menuLink(page, 'Connexion')).toBeVisible();
    await expect(menuLink(page, 'Connexion')).toHaveAttribute('href', hrefTo('/connexion'));
    await expect(menuLink(page, "S'inscrire")).toBeVisible();
    await expect(menuLink(page, "S'inscrire")).toHaveAttribute('href', hrefTo('/inscription'));
    await expect(menuLink(page, 'Tableau de bord')).toHaveCount(0);
  });

  test('signed in: account links, then Déconnexion ends on /connexion', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await openAccountMenu(page);
    for (const [name, path] of [
      ['Tableau de bord', '/mon-compte/tableau-de-bord'],
      ['Informations personnelles', '/mon-compte/informations-personnelles'],
      ['Ma structure', '/mon-compte/structure'],
    ] as const) {
      await expect(menuLink(page, name)).toBeVisible();
      await expect(menuLink(page, name)).toHaveAttribute('href', hrefTo(path));
    }
    await expect(menuLink(page, 'Connexion')).toHaveCount(0);

    const logout = page
      .getByRole('banner')
      .getByRole('button', { name: 'Déconnexion', exact: true })
      .or(menuLink(page, 'Déconnexion'));
    await expect(logout).toBeVisible();
    await logout.click();
    await expect.poll(() => pathOf(page)).toBe('/connexion');
    // The logout loads the login page as a new document.
    await hydrated(page);

    await openAccountMenu(page);
    await expect(menuLink(page, 'Connexion')).toBeVisible();
    await expect(menuLink(page, 'Tableau de bord')).toHaveCount(0);
    await expect(menuLink(page, 'Déconnexion')).toHaveCount(0);
  });

  test('signed in: Tableau de bord opens the dashboard', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await openAccountMenu(page);
    await menuLink(page, 'Tableau de bord').click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mon tableau de bord' }),
    ).toBeVisible();
  });
});
