import { expect, hrefTo, pathOf, signIn, test } from '../fixtures.ts';

test('anonymous visitors of the dashboard end on /connexion', async ({ page }) => {
  await page.goto('/mon-compte/tableau-de-bord');
  await expect.poll(() => pathOf(page)).toBe('/connexion');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon tableau de bord' })).toHaveCount(0);
});

test('a signed-in member sees the dashboard', async ({ page }) => {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  await expect(page).toHaveURL('/mon-compte/tableau-de-bord');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon tableau de bord' })).toBeVisible();
});

test('the dashboard breadcrumb @desktop-only', async ({ page }) => {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  const entries = page.getByRole('navigation', { name: 'vous êtes ici :' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute(
    'href',
    hrefTo('/'),
  );
  await expect(entries.last()).toHaveText('Mon tableau de bord');
  await expect(entries.last().getByRole('link')).toHaveCount(0);
});
