import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { csrfToken, expect, header, signIn, test } from '../fixtures.ts';

/**
 * « Listes de référence » (issue 10): an admin renames a post category from the back office and
 * the public filter shows the new name; a category in use cannot be deleted. The category gets
 * its name back at the end, whatever happened, so that the other specs find it.
 */

const ADMIN = { email: 'admin@exemple.fr', password: 'Demo-Admin-2026!' } as const;
const SETTINGS_API = '/api/moderation/settings';

const main = (page: Page) => page.getByRole('main');

interface Category {
  id: number;
  name: string;
}

/** A category of the public filter: it has published posts, so it is in use. */
async function usedCategory(page: Page): Promise<Category> {
  const response = await page.request.get('/api/posts/filters');
  expect(response.ok()).toBe(true);
  const { categories } = (await response.json()) as { categories: Category[] };
  const category = categories[0];
  if (!category) throw new Error('no post category in the public filter');
  return category;
}

async function rename(page: Page, id: number, name: string) {
  const response = await page.request.put(`${SETTINGS_API}/post_categories/${id}`, {
    data: { name },
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': await csrfToken(page),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('reference lists @desktop-only', () => {
  test('an admin renames a post category and the public filter shows it', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/connexion');
    await signIn(page, ADMIN);
    const category = await usedCategory(page);
    const renamed = `${category.name} (renommée ${Date.now().toString(36)})`;

    try {
      await header(page).getByRole('button', { name: 'Mon Espace', exact: true }).click();
      await header(page).getByRole('link', { name: 'Modération', exact: true }).click();
      await page.getByRole('link', { name: 'Listes de référence' }).first().click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Listes de référence' }),
      ).toBeVisible();
      await expect(main(page).getByRole('table')).toContainText('Économie alimentaire');
      await expectNoSeriousAxeViolation(page, 'Listes de référence (thématiques)');

      await main(page)
        .getByRole('navigation', { name: 'Choisir une liste' })
        .getByRole('link', { name: 'Catégories des actualités' })
        .click();
      await expect(
        main(page).getByRole('heading', { level: 2, name: 'Catégories des actualités' }),
      ).toBeVisible();
      const row = main(page).getByRole('row').filter({ hasText: category.name }).first();
      await expect(row).toContainText(/\d+ actualités?/);

      // A category in use is not deleted: the modal says why.
      pageErrors.allowStatus(422, `${SETTINGS_API}/post_categories/${category.id}`);
      await row.getByRole('button', { name: `Supprimer « ${category.name} »` }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await expect(confirm.getByRole('alert')).toContainText(
        `Impossible de supprimer la catégorie « ${category.name} » : elle est utilisée par`,
      );
      await confirm.getByRole('button', { name: 'Annuler' }).click();
      await expect(confirm).toBeHidden();

      await row.getByRole('button', { name: `Modifier « ${category.name} »` }).click();
      const dialog = page.getByRole('dialog', {
        name: `Modifier la catégorie « ${category.name} »`,
      });
      await expect(dialog).toBeVisible();
      await expectNoSeriousAxeViolation(page, 'Listes de référence (modifier une catégorie)');
      const name = dialog.getByRole('textbox', { name: /^Nom/ });
      await name.fill('');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog.getByText('Le nom est obligatoire.')).toBeVisible();
      await expect(name).toBeFocused();
      await name.fill(renamed);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog).toBeHidden();
      await expect(main(page).getByRole('status')).toContainText(
        `La catégorie « ${renamed} » a bien été modifiée.`,
      );
      // The notice takes the focus, so that it is read; its close button gives it to the list.
      await expect(page.locator(':focus')).toContainText(
        `La catégorie « ${renamed} » a bien été modifiée.`,
      );
      await expect(main(page).getByRole('table')).toContainText(renamed);
      await main(page).getByRole('button', { name: 'Masquer le message' }).click();
      await expect(
        main(page).getByRole('heading', { level: 2, name: 'Catégories des actualités' }),
      ).toBeFocused();

      await page.goto('/actualites');
      await main(page).getByText('Catégories', { exact: true }).click();
      await expect(main(page).getByLabel(renamed, { exact: true })).toBeVisible();
      await expect(main(page).getByLabel(category.name, { exact: true })).toHaveCount(0);
    } finally {
      await rename(page, category.id, category.name);
    }
  });
});
