import { expectNoSeriousAxeViolation } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_FAQ_ITEM, staticPublicRoutes, UNKNOWN_PATH } from './routes.ts';

const PATHS = [
  ...new Set([
    ...staticPublicRoutes.map((route) => route.path),
    DEMO_FAQ_ITEM.path,
    // The contact form with its 'Objet*' field (thematic 'Autre').
    '/nous-contacter?thematic=999',
    UNKNOWN_PATH,
    '/connexion',
  ]),
];

test.describe('accessibility (axe, WCAG 2 A and AA) @mobile', () => {
  for (const path of PATHS) {
    test(`${path} has no serious or critical violation`, async ({ page, pageErrors }) => {
      if (path === UNKNOWN_PATH || path === '/404') pageErrors.allowStatus(404, path);
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);

      await expectNoSeriousAxeViolation(page, path);
    });
  }
});
