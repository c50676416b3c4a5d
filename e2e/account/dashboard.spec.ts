import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, hrefTo, pathOf, settle, signIn, test } from '../fixtures.ts';

test('anonymous visitors of the dashboard end on /connexion', async ({ page }) => {
  await page.goto('/mon-compte/tableau-de-bord');
  await expect.poll(() => pathOf(page)).toBe('/connexion');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon tableau de bord' })).toHaveCount(0);
});

test('a signed-in member sees the dashboard', async ({ page }) => {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  await expect(page).toHaveURL('/mon-compte/tableau-de-bord');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon tableau de bord' })).toBeVisible();
});

test('the dashboard breadcrumb @desktop-only', async ({ page }) => {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  const entries = page.getByRole('navigation', { name: 'vous êtes ici :' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute(
    'href',
    hrefTo('/'),
  );
  await expect(entries.last()).toHaveText('Mon tableau de bord');
  await expect(entries.last().getByRole('link')).toHaveCount(0);
});

const CARDS = [
  ['Mes initiatives', 'Proposer une initiative', '/mon-compte/initiatives/creation'],
  ['Mes démarches', 'Proposer une démarche', '/mon-compte/demarches/creation'],
  ['Mes évènements', 'Proposer un évènement', '/mon-compte/evenements/creation'],
  ['Mes ressources', 'Proposer une ressource', '/mon-compte/ressources/creation'],
  ['Mes actualités', 'Proposer une actualité', '/mon-compte/actualites/creation'],
] as const;

const GATE = "Merci de d'abord renseigner votre structure pour pouvoir proposer une initiative.";

test('a member with an institution sees the five cards, their counts and items @mobile', async ({
  page,
}) => {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 }).filter({ hasText: /^Mes / })).toHaveText(
    CARDS.map(([title]) => new RegExp(`^${title}`)),
  );
  for (const [title, propose, path] of CARDS) {
    const card = main.getByRole('region', { name: new RegExp(`^${title}`) });
    await expect(card.getByRole('link', { name: propose })).toHaveAttribute('href', hrefTo(path));
    const badge = card.getByRole('heading', { level: 2 }).locator('.fr-badge');
    await expect(badge).toHaveText(/^\d+/);
    const count = Number.parseInt((await badge.textContent()) ?? '', 10);
    const items = card.locator('.app-dashboard-item');
    await expect(items).toHaveCount(count);
    if (count > 0) {
      const first = items.first();
      const name = (await first.locator('p').first().textContent()) ?? '';
      await expect(first.getByRole('link', { name: `Voir ${name}` })).toBeVisible();
      await expect(first.getByRole('link', { name: `Modifier ${name}` })).toBeVisible();
      await expect(first.getByRole('button', { name: `Supprimer ${name}` })).toBeVisible();
      await expect(first.locator('.fr-badge')).not.toBeEmpty();
    } else {
      await expect(card.getByText(/Vous n'avez encore proposé/)).toBeVisible();
    }
  }
  await expect(main.getByText(GATE)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Bienvenue sur votre espace' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'formulaire de contact' })).toHaveAttribute(
    'href',
    hrefTo('/nous-contacter?thematic=6'),
  );
});

test('the delete modal of a dashboard item can be cancelled', async ({ page }) => {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  const card = page.getByRole('main').getByRole('region', { name: /^Mes actualités/ });
  const first = card.locator('.app-dashboard-item').first();
  const name = (await first.locator('p').first().textContent()) ?? '';
  await first.getByRole('button', { name: `Supprimer ${name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Actualité : suppression' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(name, { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Annuler' }).click();
  await expect(modal).toHaveCount(0);
});

test('without an institution: the gate, the welcome modal, and no initiatives or démarches request', async ({
  page,
}) => {
  const gatedRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/user\/(initiatives|food_procedures)(\?|$)/.test(new URL(request.url()).pathname)) {
      gatedRequests.push(request.url());
    }
  });
  await page.goto('/connexion');
  await signIn(page, { email: 'membre@exemple.fr', password: 'Demo-Membre-2026!' });
  await page.goto('/mon-compte/tableau-de-bord');

  const welcome = page.getByRole('dialog', { name: 'Bienvenue sur votre espace' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Renseigner ma structure' })).toHaveAttribute(
    'href',
    hrefTo('/mon-compte/structure'),
  );
  await expectNoSeriousAxeViolation(page, 'Bienvenue sur votre espace');
  await welcome.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(welcome).toHaveCount(0);

  const main = page.getByRole('main');
  await expect(main.getByText(GATE)).toHaveCount(2);
  await expect(main.getByRole('link', { name: 'Renseigner ma structure' })).toHaveCount(2);
  await expect(main.getByRole('link', { name: 'Proposer une initiative' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Proposer une actualité' })).toBeVisible();

  // Shown once per browser session.
  await page.reload();
  await expect(main.getByText(GATE)).toHaveCount(2);
  await settle(page);
  await expect(welcome).toHaveCount(0);
  expect(gatedRequests).toEqual([]);

  // The creation pages say the same, instead of a form the server would refuse once filled in.
  for (const [path, title] of [
    ['/mon-compte/initiatives/creation', 'Initiative : ajouter'],
    ['/mon-compte/demarches/creation', 'Démarche : ajouter'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main.getByText(GATE)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Renseigner ma structure' })).toHaveAttribute(
      'href',
      hrefTo('/mon-compte/structure'),
    );
    await expect(main.getByRole('textbox')).toHaveCount(0);
  }
});
