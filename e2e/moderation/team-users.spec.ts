import type { Page } from '@playwright/test';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '@ad/contract/account/team-users';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { emailField, expect, hydrated, passwordField, pathOf, signIn, test } from '../fixtures.ts';

/**
 * « Utilisateurs » and « Historique » of the back office (issue 10). The member changed here is
 * the demo account that no other spec uses (seed: member-spare), left active at the end.
 */

const ADMIN = { email: 'admin@exemple.fr', password: 'Demo-Admin-2026!' } as const;
const SPARE = { email: 'elodie.garnier@exemple.fr', password: 'Demo-Membre-2026!' } as const;

const main = (page: Page) => page.getByRole('main');

test('@desktop-only an admin finds a member, deactivates and reactivates them; axe on Utilisateurs and Historique', async ({
  page,
  browser,
}) => {
  await page.goto('/connexion');
  await signIn(page, ADMIN);
  await page.goto('/moderation/utilisateurs');
  await expect(page.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible();
  await expect(main(page).getByRole('table')).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'Utilisateurs');

  // Accents and case ignored.
  await main(page)
    .getByRole('searchbox', { name: /^Rechercher un compte/ })
    .fill('ELODIE garnier');
  await main(page).getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('ELODIE garnier');
  const rows = main(page).getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2); // the header and Élodie
  const row = rows.filter({ hasText: SPARE.email });
  await expect(row).toContainText('Élodie Garnier');
  await expect(row).toContainText('Actif');

  await row.getByRole('button', { name: 'Désactiver le compte de Élodie Garnier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Désactiver le compte' });
  await expect(dialog).toContainText(SPARE.email);
  await expectNoSeriousAxeViolation(page, 'Utilisateurs: deactivation modal');
  await dialog.getByRole('button', { name: 'Désactiver le compte' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page)).toContainText(
    'Le compte de Élodie Garnier est désactivé : ses sessions sont fermées',
  );
  await expect(row).toContainText('Désactivé le');
  // The focus stays on the row's button, now « Réactiver ».
  await expect(
    row.getByRole('button', { name: 'Réactiver le compte de Élodie Garnier' }),
  ).toBeFocused();

  // The member can no longer sign in, and is told why.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto('/connexion');
  await hydrated(other);
  await emailField(other).fill(SPARE.email);
  await passwordField(other).fill(SPARE.password);
  await other.getByRole('button', { name: /se connecter/i }).click();
  await expect(other.getByRole('main')).toContainText(ACCOUNT_DEACTIVATED_MESSAGE);
  await visitor.close();

  await row.getByRole('button', { name: 'Réactiver le compte de Élodie Garnier' }).click();
  const reactivation = page.getByRole('dialog', { name: 'Réactiver le compte' });
  await reactivation.getByRole('button', { name: 'Réactiver le compte' }).click();
  await expect(reactivation).toBeHidden();
  await expect(main(page)).toContainText('Le compte de Élodie Garnier est réactivé.');
  await expect(row).toContainText('Actif');
  await expect(
    row.getByRole('button', { name: 'Désactiver le compte de Élodie Garnier' }),
  ).toBeFocused();

  // The account's history: both changes, by the admin.
  await row.getByRole('link', { name: "Voir l'historique de Élodie Garnier" }).click();
  await expect.poll(() => pathOf(page)).toBe('/moderation/historique');
  await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
  await expect(main(page)).toContainText('Historique de : utilisateur « Élodie Garnier »');
  const events = main(page).getByRole('table').getByRole('row');
  await expect(events.nth(1)).toContainText('Compte réactivé');
  await expect(events.nth(1)).toContainText('Sophie Laborde');
  await expect(events.nth(2)).toContainText('Compte désactivé');
  await expectNoSeriousAxeViolation(page, 'Historique of one account');

  // The whole history, filtered by action group.
  await main(page)
    .getByRole('link', { name: /Effacer les filtres/ })
    .click();
  await main(page).getByLabel('Action').selectOption('user.');
  await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('user.');
  await expect(main(page).getByRole('table')).toContainText('Compte désactivé');
  await expectNoSeriousAxeViolation(page, 'Historique');
});
