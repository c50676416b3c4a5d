import { expect, pathOf, test } from '../fixtures.ts';
import { DEMO_FAQ_ITEM } from '../routes.ts';

const APP = 'Alimentation durable Nouvelle-Aquitaine';

test.describe('FAQ item', () => {
  test('shows the question, its answer and a way back to the FAQ', async ({ page }) => {
    await page.goto(DEMO_FAQ_ITEM.path);
    await expect(
      page.getByRole('heading', { level: 1, name: DEMO_FAQ_ITEM.question }),
    ).toBeVisible();
    await expect(page.getByText('La consultation est libre')).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - ${DEMO_FAQ_ITEM.question}`);
    await page.getByRole('link', { name: 'Retour à la FAQ' }).click();
    await expect.poll(() => pathOf(page)).toBe('/foire-aux-questions');
  });

  test('the breadcrumb shows the question @desktop-only', async ({ page }) => {
    await page.goto(DEMO_FAQ_ITEM.path);
    const breadcrumb = page.getByRole('navigation', { name: 'vous êtes ici :' });
    await expect(breadcrumb.getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      '/foire-aux-questions',
    );
    await expect(breadcrumb.getByText(DEMO_FAQ_ITEM.question)).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('an unknown question leads to the 404 page', async ({ page, pageErrors }) => {
    pageErrors.allowStatus(404);
    await page.goto('/foire-aux-questions/question-inconnue');
    await expect.poll(() => pathOf(page)).toBe('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
  });
});
