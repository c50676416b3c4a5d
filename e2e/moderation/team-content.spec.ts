import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { csrfToken, expect, header, signIn, test } from '../fixtures.ts';

/**
 * The team's content and settings (issue 10): the team adds a glossary term from the back
 * office and the public glossary shows it at once; every screen of these settings passes axe,
 * its list and its form. The term is deleted at the end, whatever happened.
 */

const ADMIN = { email: 'admin@exemple.fr', password: 'Demo-Admin-2026!' } as const;
const MODERATOR = { email: 'moderation@exemple.fr', password: 'Demo-Moderation-2026!' } as const;
const API = '/api/moderation/content';

const main = (page: Page) => page.getByRole('main');
/** The back office's side menu (a DSFR side menu, without a name of its own). */
const sideMenu = (page: Page) => page.locator('nav.fr-sidemenu');

async function openBackOffice(page: Page) {
  await header(page).getByRole('button', { name: 'Mon Espace', exact: true }).click();
  await header(page).getByRole('link', { name: 'Modération', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modération' })).toBeVisible();
}

/** Removes the test's term through the API, if it is still there. */
async function deleteTerm(page: Page, title: string) {
  const response = await page.request.get(`${API}/glossary`);
  if (!response.ok()) return;
  const { data } = (await response.json()) as { data: { id: number; title: string }[] };
  const entry = data.find((row) => row.title === title);
  if (!entry) return;
  await page.request.delete(`${API}/glossary/${entry.id}`, {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': await csrfToken(page),
    },
  });
}

test.describe('the team’s content @desktop-only', () => {
  test('the team adds a glossary entry and sees it on /glossaire', async ({ page }) => {
    test.setTimeout(90_000);
    const title = `Circuit court ${Date.now().toString(36)}`;
    const definition =
      'Vente directe du producteur au consommateur, ou avec un seul intermédiaire.';
    await page.goto('/connexion');
    await signIn(page, MODERATOR);
    try {
      await openBackOffice(page);
      await sideMenu(page).getByRole('link', { name: 'Glossaire' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Glossaire' })).toBeVisible();
      await expect(main(page).getByRole('table')).toContainText('Agroécologie');

      await main(page).getByRole('button', { name: 'Ajouter un terme' }).click();
      const heading = main(page).getByRole('heading', { level: 3, name: 'Ajouter un terme' });
      await expect(heading).toBeFocused();

      // Checked in the browser by the contract's schema: the message under the field, focused.
      const term = main(page).getByRole('textbox', { name: /^Terme/ });
      await main(page).getByRole('button', { name: 'Enregistrer' }).click();
      await expect(main(page).getByText('Le champ terme est obligatoire.')).toBeVisible();
      await expect(term).toBeFocused();

      await term.fill(title);
      await main(page)
        .getByRole('textbox', { name: /^Définition/ })
        .fill(definition);
      await main(page).getByRole('button', { name: 'Enregistrer' }).click();
      const status = main(page).getByRole('status');
      await expect(status).toContainText(`Le terme « ${title} » a bien été ajouté.`);
      await expect(status).toBeFocused();
      const row = main(page).getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(definition);

      // Cancelling an edit gives the focus back to its button.
      await row.getByRole('button', { name: `Modifier « ${title} »` }).click();
      await expect(
        main(page).getByRole('heading', { level: 3, name: `Modifier le terme « ${title} »` }),
      ).toBeFocused();
      await main(page).getByRole('button', { name: 'Annuler et revenir à la liste' }).click();
      await expect(row.getByRole('button', { name: `Modifier « ${title} »` })).toBeFocused();

      await page.goto('/glossaire');
      const entry = main(page).locator('dt', { hasText: title });
      await expect(entry).toBeVisible();
      await expect(main(page).locator('dd', { hasText: definition })).toBeVisible();

      // Deleted through the confirmation modal: gone from the public page.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Glossaire' })).toBeVisible();
      await main(page)
        .getByRole('row')
        .filter({ hasText: title })
        .getByRole('button', { name: `Supprimer « ${title} »` })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Terme du glossaire : suppression');
      await dialog.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await expect(dialog).toBeHidden();
      await expect(main(page).getByRole('status')).toContainText(
        `Le terme « ${title} » a bien été supprimé.`,
      );
      await page.goto('/glossaire');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Glossaire' })).toBeVisible();
      await expect(main(page).locator('dt', { hasText: title })).toHaveCount(0);
    } finally {
      await deleteTerm(page, title);
    }
  });

  test('every screen of the team’s content passes axe, list and form', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/connexion');
    await signIn(page, ADMIN);
    const screens = [
      { menu: 'Glossaire', h1: 'Glossaire', add: 'Ajouter un terme', shows: 'Agroécologie' },
      {
        menu: 'Foire aux questions',
        h1: 'Foire aux questions',
        add: 'Ajouter une question',
        shows: 'La plateforme est-elle gratuite ?',
      },
      { menu: 'Équipe', h1: 'Équipe', add: 'Ajouter une personne', shows: 'Sophie Laborde' },
      {
        menu: 'Thématiques de contact',
        h1: 'Thématiques de contact',
        add: 'Ajouter une thématique',
        shows: 'Boîte à idées',
      },
    ];
    await openBackOffice(page);
    for (const screen of screens) {
      await sideMenu(page).getByRole('link', { name: screen.menu, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: screen.h1 })).toBeVisible();
      await expect(main(page).getByRole('table').last()).toContainText(screen.shows);
      await expectNoSeriousAxeViolation(page, `${screen.h1} (liste)`);
      await main(page).getByRole('button', { name: screen.add }).click();
      await expect(main(page).getByRole('heading', { level: 3, name: screen.add })).toBeFocused();
      if (screen.menu === 'Foire aux questions') {
        await expect(main(page).getByRole('textbox', { name: /^Réponse/ })).toBeVisible();
      }
      await expectNoSeriousAxeViolation(page, `${screen.h1} (formulaire)`);
      await main(page).getByRole('button', { name: 'Annuler et revenir à la liste' }).click();
    }
  });
});
