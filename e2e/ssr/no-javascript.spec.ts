import { expect, hrefTo, test } from '../fixtures.ts';

// The pages are rendered by the server: a visitor (or a crawler) without JavaScript reads them.
test.use({ javaScriptEnabled: false });

test.describe('without JavaScript', () => {
  test("About shows its sections, the team and the footer's links", async ({ page }) => {
    await page.goto('/a-propos');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
    for (const heading of ['Les initiateurs', 'Les boosters', 'Tous acteurs', 'Vos contacts']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // The demo team ('Vos contacts') comes from the database, rendered by the server.
    for (const name of ['Sophie Laborde', 'Thomas Mercier', 'Aurélie Bessière', 'Karim Haddad']) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    for (const [name, path] of [
      ['Glossaire', '/glossaire'],
      ['Annuaire', '/annuaire'],
      ['FAQ', '/foire-aux-questions'],
      ['Mentions légales', '/mentions-legales'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        hrefTo(path),
      );
    }
  });

  test('the initiatives page lists the items, each a link to its server-rendered detail', async ({
    page,
  }) => {
    const title = 'Projet alimentaire territorial du Grand Angoulême';
    await page.goto('/initiatives?resourceType=foodProcedures');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: "Les initiatives d'alimentation saine et durable",
      }),
    ).toBeVisible();
    const item = page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`^${title}`) });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(/\/initiatives\/demarche\/\d+\?resourceType=foodProcedures$/);
    await expect(page).toHaveTitle(new RegExp(title));
    // The detail, a dialog opened by script with JavaScript, is shown in the page.
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByText("État d'avancement")).toBeVisible();
  });

  test("on a phone, the header shows the menu's links, the account links and a working search", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    // The buttons that would open the menu and the search do nothing without JavaScript.
    await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = header.getByRole('navigation', { name: 'Menu principal' });
    for (const name of ['À propos', 'Initiatives', 'Ressources', 'Actualités', 'Agenda']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(header.getByRole('link', { name: "S'inscrire" })).toBeVisible();
    const search = header.getByRole('searchbox', { name: 'Rechercher sur le site' });
    await search.fill('circuits courts');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/recherche\?q=circuits\+courts$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Résultats de votre recherche' }),
    ).toBeVisible();
  });

  test('the legal notice and the 404 page are readable', async ({ page, pageErrors }) => {
    await page.goto('/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Hébergement' })).toBeVisible();

    pageErrors.allowStatus(404);
    await page.goto('/une-page-qui-n-existe-pas');
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
