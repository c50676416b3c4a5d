import { expect, hrefTo, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

function breadcrumb(page: Page) {
  return page.getByRole('navigation', { name: 'vous êtes ici :' });
}

test.describe('breadcrumb @desktop-only', () => {
  for (const { path, title } of [
    { path: '/a-propos', title: 'À propos' },
    { path: '/foire-aux-questions', title: 'FAQ' },
    { path: '/politique-de-confidentialite', title: 'Politique de confidentialité' },
  ]) {
    test(`${path}: Accueil then "${title}" (not a link)`, async ({ page }) => {
      await page.goto(path);
      const entries = breadcrumb(page).getByRole('listitem');
      await expect(entries).toHaveCount(2);
      const home = entries.first().getByRole('link', { name: 'Accueil', exact: true });
      await expect(home).toBeVisible();
      await expect(home).toHaveAttribute('href', hrefTo('/'));
      await expect(entries.last()).toHaveText(title);
      await expect(entries.last().getByRole('link')).toHaveCount(0);
    });
  }

  test('the home entry goes to the homepage', async ({ page }) => {
    await page.goto('/a-propos');
    await breadcrumb(page).getByRole('link', { name: 'Accueil', exact: true }).click();
    await expect(page).toHaveURL('/');
  });
});

test('breadcrumb is hidden on mobile @mobile-only', async ({ page }) => {
  await page.goto('/a-propos');
  await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  await expect(breadcrumb(page)).toBeHidden();
});

test('breadcrumb is for desktops: hidden under 1024 px (spec §9) @desktop-only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1023, height: 800 });
  await page.goto('/a-propos');
  await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  await expect(breadcrumb(page)).toBeHidden();
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(breadcrumb(page)).toBeVisible();
});

test('no breadcrumb on the homepage', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('nav[aria-label="vous êtes ici :"]')).toHaveCount(0);
  await expect(breadcrumb(page)).toHaveCount(0);
});
