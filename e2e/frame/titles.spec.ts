import { DEFAULT_APP_NAME, META_DESCRIPTION_LENGTH } from '@ad/contract';
import { expect, pathOf, test } from '../fixtures.ts';
import { staticPublicRoutes, UNKNOWN_PATH } from '../routes.ts';

test.describe('page titles and meta description', () => {
  for (const route of staticPublicRoutes) {
    test(`${route.path} is titled "${route.title}"`, async ({ page, pageErrors }) => {
      // /404 answers with the 404 status, which Chromium reports as a failed resource.
      if (route.path === '/404') pageErrors.allowStatus(404, route.path);
      await page.goto(route.path);
      await expect(page).toHaveTitle(`${DEFAULT_APP_NAME} - ${route.title}`);
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
    await expect(page).toHaveTitle(`${DEFAULT_APP_NAME} - Erreur 404`);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(page).toHaveTitle(`${DEFAULT_APP_NAME} - Accueil`);
  });
});

test('the terms and conditions redirect to the privacy policy', async ({ page }) => {
  await page.goto('/conditions-generales-d-utilisation');
  await expect.poll(() => pathOf(page)).toBe('/politique-de-confidentialite');
  await expect(page).toHaveTitle(`${DEFAULT_APP_NAME} - Politique de confidentialité`);
});
