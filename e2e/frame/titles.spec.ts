import { expect, pathOf, test } from '../fixtures.ts';
import { UNKNOWN_PATH } from '../routes.ts';

/** Spec §2: the page title is the app name plus the route title. */
const APP_NAME = 'Alimentation durable Nouvelle-Aquitaine';
/** Spec §9: meta description length. */
const META_DESCRIPTION_LENGTH = 160;

const ROUTE_TITLES = [
  { path: '/', title: 'Accueil' },
  { path: '/a-propos', title: 'À propos' },
  { path: '/initiatives', title: 'Initiatives' },
  { path: '/ressources', title: 'Ressources' },
  { path: '/actualites', title: 'Actualités' },
  { path: '/agenda', title: 'Agenda' },
  { path: '/annuaire', title: 'Annuaire' },
  { path: '/glossaire', title: 'Glossaire' },
  { path: '/foire-aux-questions', title: 'FAQ' },
  { path: '/nous-contacter', title: 'Nous contacter' },
  { path: '/recherche', title: 'Recherche' },
  { path: '/mentions-legales', title: 'Mentions légales' },
  { path: '/politique-de-confidentialite', title: 'Politique de confidentialité' },
] as const;

test.describe('page titles and meta description', () => {
  for (const { path, title } of ROUTE_TITLES) {
    test(`${path} is titled "${title}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(`${APP_NAME} - ${title}`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description, 'meta description').toBeTruthy();
      expect(description?.length ?? 0).toBeLessThanOrEqual(META_DESCRIPTION_LENGTH);
    });
  }
});

test.describe('404 page', () => {
  test('an unknown path answers 404 and links back to the homepage', async ({
    page,
    pageErrors,
  }) => {
    // Chromium reports the 404 of the document itself as a failed resource.
    pageErrors.allowStatus(404, UNKNOWN_PATH);
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
    await expect(page.getByText("La page que vous cherchez n'existe pas.")).toBeVisible();
    await expect(page).toHaveTitle(`${APP_NAME} - Erreur 404`);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(page).toHaveTitle(`${APP_NAME} - Accueil`);
  });
});

test('the terms and conditions redirect to the privacy policy', async ({ page }) => {
  await page.goto('/conditions-generales-d-utilisation');
  await expect.poll(() => pathOf(page)).toBe('/politique-de-confidentialite');
  await expect(page).toHaveTitle(`${APP_NAME} - Politique de confidentialité`);
});
