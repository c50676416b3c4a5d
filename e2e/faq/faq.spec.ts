import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, pathOf, test } from '../fixtures.ts';
import { DEMO_FAQ_ITEM } from '../routes.ts';

const APP = 'Alimentation durable Nouvelle-Aquitaine';
const CATEGORIES = ['La plateforme', 'Publier un contenu', 'Mon compte et mes données'];

test.describe('Foire aux questions', () => {
  test('lists a card per category with its questions, in order', async ({ page }) => {
    await page.goto('/foire-aux-questions');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Foire aux questions' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - FAQ`);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES);

    const platform = main.getByRole('region', { name: 'La plateforme' });
    await expect(platform.getByRole('link')).toHaveText([
      'À quoi sert cette plateforme ?',
      'Qui porte la plateforme ?',
      'La plateforme est-elle gratuite ?',
      'Quelle différence entre une initiative et une démarche ?',
    ]);
    await expect(platform.getByRole('link', { name: DEMO_FAQ_ITEM.question })).toHaveAttribute(
      'href',
      DEMO_FAQ_ITEM.path,
    );
    await expect(
      main.getByRole('region', { name: 'Mon compte et mes données' }).getByRole('link'),
    ).toHaveCount(4);
    await expectNoSeriousAxeViolation(page, '/foire-aux-questions');
  });

  test('goes from a category card to a question and back with « Retour à la FAQ »', async ({
    page,
  }) => {
    await page.goto('/foire-aux-questions');
    const main = page.getByRole('main');
    await main
      .getByRole('region', { name: 'La plateforme' })
      .getByRole('link', { name: DEMO_FAQ_ITEM.question })
      .click();
    await expect.poll(() => pathOf(page)).toBe(DEMO_FAQ_ITEM.path);
    await expect(
      main.getByRole('heading', { level: 1, name: DEMO_FAQ_ITEM.question }),
    ).toBeVisible();
    await expect(main.getByText('La consultation est libre')).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - ${DEMO_FAQ_ITEM.question}`);
    await expectNoSeriousAxeViolation(page, DEMO_FAQ_ITEM.path);

    await main.getByRole('link', { name: 'Retour à la FAQ' }).click();
    await expect.poll(() => pathOf(page)).toBe('/foire-aux-questions');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Foire aux questions' }),
    ).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES);
  });

  test('the breadcrumb shows the question after a click from the FAQ @desktop-only', async ({
    page,
  }) => {
    await page.goto('/foire-aux-questions');
    const breadcrumb = page.getByRole('navigation', { name: 'vous êtes ici :' });
    await expect(breadcrumb.getByText('FAQ', { exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('main').getByRole('link', { name: DEMO_FAQ_ITEM.question }).click();
    await expect(breadcrumb.getByRole('link', { name: 'FAQ', exact: true })).toHaveAttribute(
      'href',
      '/foire-aux-questions',
    );
    await expect(breadcrumb.getByText(DEMO_FAQ_ITEM.question)).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
