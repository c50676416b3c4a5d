import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { DEMO_MEMBER, expect, header, hydrated, pathOf, signIn, test } from '../fixtures.ts';

/**
 * The team's moderation back office (issue 10): the queue, the review page, decisions, and the
 * reserved message for members. Tests that change data work on items they create, or leave a
 * demo item as it was (a refused edit never touches the published version).
 */

const MODERATOR = { email: 'moderation@exemple.fr', password: 'Demo-Moderation-2026!' } as const;
const ADMIN = { email: 'admin@exemple.fr', password: 'Demo-Admin-2026!' } as const;

/** A published demo post of the member with an institution (seed content/posts.ts). */
const DEMO_PUBLISHED_POST = 'Première récolte de courges au jardin solidaire de Tonneins';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const main = (page: Page) => page.getByRole('main');

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/connexion');
  await signIn(page, account);
}

/** Through the account menu of the header, like a visitor (desktop layout). */
async function signOut(page: Page) {
  await header(page).getByRole('button', { name: 'Mon Espace', exact: true }).click();
  await header(page)
    .getByRole('button', { name: 'Déconnexion', exact: true })
    .or(header(page).getByRole('link', { name: 'Déconnexion', exact: true }))
    .click();
  await expect.poll(() => pathOf(page)).toBe('/connexion');
}

async function openModerationFromMenu(page: Page) {
  await header(page).getByRole('button', { name: 'Mon Espace', exact: true }).click();
  await header(page).getByRole('link', { name: 'Modération', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modération' })).toBeVisible();
}

/** The member proposes a post through the account form, as publications.spec.ts does. */
async function submitPost(page: Page, title: string) {
  await page.goto('/mon-compte/actualites/creation');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualité : ajouter' })).toBeVisible();
  await main(page)
    .getByLabel(/^Catégorie/)
    .selectOption({ index: 1 });
  await main(page)
    .getByRole('textbox', { name: /^Titre/ })
    .fill(title);
  await main(page)
    .getByRole('textbox', { name: /^Auteurs/ })
    .fill('Camille Dubreuil');
  const editor = main(page).getByRole('textbox', { name: /^Description/ });
  await editor.click();
  await editor.fill('Une actualité proposée pour la modération.');
  await main(page).getByRole('button', { name: 'Soumettre mon actualité' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Votre actualité a bien été ajoutée');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  // The dashboard has read the member's lists: a sign-out while they load answers them 401.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);
}

/** Opens the review page of a queued item from the queue (filtered to posts). */
async function openFromQueue(page: Page, title: string) {
  await main(page).getByLabel('Type de contenu').selectOption('posts');
  await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('posts');
  const row = main(page).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Actualité');
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The member proposes a post, then a moderator opens its review: returns the review's path. */
async function submitThenReview(page: Page, title: string): Promise<string> {
  await signInAs(page, DEMO_MEMBER);
  await submitPost(page, title);
  await signOut(page);
  await signIn(page, MODERATOR);
  await openModerationFromMenu(page);
  await openFromQueue(page, title);
  return pathOf(page);
}

async function decide(page: Page, decision: RegExp, comment?: string) {
  // The DSFR draws the radio on its label, which takes the click.
  await main(page).getByRole('radio', { name: decision }).check({ force: true });
  if (comment !== undefined) {
    await main(page)
      .getByLabel(/^Commentaire pour l'auteur/)
      .fill(comment);
  }
  await main(page).getByRole('button', { name: 'Valider la décision' }).click();
}

/** The public address of a published post, read from the public API's pages. */
async function publicPostPath(page: Page, title: string): Promise<string> {
  for (let number = 1; number <= 10; number += 1) {
    const response = await page.request.get(`/api/posts?page=${number}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as {
      data: { title: string; slug: string }[];
      meta: { last_page: number };
    };
    const post = body.data.find((candidate) => candidate.title === title);
    if (post) return `/actualites/${post.slug}`;
    if (number >= body.meta.last_page) break;
  }
  throw new Error(`No published post titled ${title}`);
}

test.describe('moderation of submissions @desktop-only', () => {
  test('a member submits a post, a moderator corrects its title, publishes it and it shows on /actualites', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = unique('Actualité à modérer');
    const corrected = `${title} corrigée`;
    const reviewPath = await submitThenReview(page, title);
    await expect(main(page).getByText('Nouvelle proposition')).toBeVisible();
    await expect(main(page).locator('dl')).toContainText(
      'Une actualité proposée pour la modération.',
    );
    await expect(main(page).getByRole('heading', { name: 'Historique' })).toBeVisible();
    await expect(main(page).getByText('Soumission par Camille Dubreuil')).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Aperçu public' })).toContainText(title);

    // The moderator corrects the title with the member's form before publishing.
    await main(page).getByRole('button', { name: 'Corriger' }).click();
    const titleField = main(page).getByRole('textbox', { name: /^Titre/ });
    await expect(titleField).toHaveValue(title);
    await expectNoSeriousAxeViolation(page, 'correction of a submission');
    await titleField.fill(corrected);
    await main(page).getByRole('button', { name: 'Enregistrer la correction' }).click();
    // The message takes the focus, so that it is read out.
    await expect(
      main(page).getByRole('status').filter({ hasText: 'La contribution a bien été corrigée.' }),
    ).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: corrected })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Aperçu public' })).toContainText(
      corrected,
    );
    await expect(main(page).getByText('Champs corrigés : Titre.')).toBeVisible();

    await decide(page, /^Publier/);
    await expect.poll(() => pathOf(page)).toBe('/moderation');
    await expect(main(page).getByText('La contribution a bien été publiée.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: title })).toHaveCount(0);

    await page.goto('/actualites');
    await expect(main(page).getByRole('link', { name: corrected })).toBeVisible();

    // Leaves the public lists as the demo data has them (other spec files count their cards).
    await page.goto(reviewPath);
    await expect(main(page).getByRole('heading', { name: 'Dépublier' })).toBeVisible();
    await expectNoSeriousAxeViolation(page, 'review of a published item');
    await main(page)
      .getByLabel(/^Motif de la dépublication/)
      .fill('Actualité de test retirée.');
    await main(page).getByRole('button', { name: 'Dépublier' }).click();
    await expect(main(page).getByText('La contribution a bien été dépubliée.')).toBeVisible();
    await page.goto('/actualites');
    await expect(main(page).getByRole('link', { name: title })).toHaveCount(0);
  });

  test('an edit of a published post is refused with a comment; the public page never changes', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    pageErrors.allowStatus(422);
    const edited = unique('Titre modifié refusé');
    await signInAs(page, DEMO_MEMBER);
    const publicPath = await publicPostPath(page, DEMO_PUBLISHED_POST);

    await page.goto('/mon-compte/tableau-de-bord');
    await page
      .getByRole('region', { name: 'Mes actualités' })
      .getByRole('link', { name: `Voir ${DEMO_PUBLISHED_POST}` })
      .click();
    await main(page).getByRole('link', { name: 'Modifier mon actualité' }).click();
    await expect(main(page).getByRole('textbox', { name: /^Titre/ })).toHaveValue(
      DEMO_PUBLISHED_POST,
    );
    await main(page)
      .getByRole('textbox', { name: /^Titre/ })
      .fill(edited);
    await main(page).getByRole('button', { name: 'Enregistrer mes modifications' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Votre actualité a bien été modifiée');
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    // While the edit waits, the published version stays online.
    await page.goto(publicPath);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_PUBLISHED_POST })).toBeVisible();
    await signOut(page);

    await signIn(page, MODERATOR);
    await page.goto('/moderation');
    await openFromQueue(page, edited);
    await expect(main(page).getByText('Modification', { exact: true })).toBeVisible();
    const changes = main(page).getByRole('table');
    const titleRow = changes.getByRole('row').filter({ hasText: 'Titre' });
    await expect(titleRow).toContainText(DEMO_PUBLISHED_POST);
    await expect(titleRow).toContainText(edited);
    await expectNoSeriousAxeViolation(page, 'moderation review of an edit');

    // Refusing needs a comment: the server's message shows under the field.
    await decide(page, /^Refuser/);
    await expect(main(page).getByText('Votre saisie comporte des erreurs.')).toBeVisible();
    await expect(main(page).getByText('Le champ commentaire est obligatoire.')).toBeVisible();
    await expect(main(page).getByLabel(/^Commentaire pour l'auteur/)).toBeFocused();
    await expectNoSeriousAxeViolation(page, 'decision form with an error');

    await decide(page, /^Refuser/, 'Le titre publié est plus précis : gardons-le.');
    await expect.poll(() => pathOf(page)).toBe('/moderation');
    await expect(main(page).getByText('La contribution a bien été refusée.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: edited })).toHaveCount(0);

    await page.goto(publicPath);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_PUBLISHED_POST })).toBeVisible();
    await expect(page.getByText(edited)).toHaveCount(0);
  });

  test('a decision on a review decided meanwhile by another moderator is refused, and the review read again', async ({
    page,
    browser,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    pageErrors.allowStatus(409);
    const title = unique('Actualité décidée deux fois');
    const reviewPath = await submitThenReview(page, title);

    // Another moderator, in another browser, refuses it first.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const second = await other.newPage();
      await second.goto('/connexion');
      await signIn(second, MODERATOR);
      await second.goto(reviewPath);
      await hydrated(second);
      await expect(second.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await decide(second, /^Refuser/, 'Déjà traitée par un autre modérateur.');
      await expect(main(second).getByText('La contribution a bien été refusée.')).toBeVisible();
    } finally {
      await other.close();
    }

    const refused = page.waitForResponse((response) => response.url().endsWith('/decision'));
    await decide(page, /^Publier/);
    expect((await refused).status()).toBe(409);
    // Read again: nothing waits any more, and the post was never published.
    await expect(
      main(page).getByText("Cet élément n'attend aucune décision de modération (statut : Refusé)."),
    ).toBeVisible();
    expect(pathOf(page)).toBe(reviewPath);
    await expect(main(page).getByRole('button', { name: 'Valider la décision' })).toHaveCount(0);
    await page.goto('/actualites');
    await expect(main(page).getByRole('link', { name: title })).toHaveCount(0);
  });
});

test.describe('access and accessibility', () => {
  test('a member visiting /moderation sees the reserved message only', async ({ page }) => {
    await signInAs(page, DEMO_MEMBER);
    await page.goto('/moderation');
    await expect(page.getByRole('heading', { level: 1, name: 'Modération' })).toBeVisible();
    await expect(
      main(page).getByText("Cette page est réservée à l'équipe de modération."),
    ).toBeVisible();
    await expect(main(page).getByRole('table')).toHaveCount(0);
    await expect(main(page).getByLabel('Type de contenu')).toHaveCount(0);
  });

  test('axe: the queue and a review page', async ({ page }) => {
    await signInAs(page, ADMIN);
    await page.goto('/moderation?type=posts');
    const table = main(page).getByRole('table');
    await expect(table).toBeVisible();
    await expect(main(page).getByRole('status', { name: 'Chargement' })).toHaveCount(0);
    await expectNoSeriousAxeViolation(page, 'moderation queue');

    await table.getByRole('row').nth(1).getByRole('link').click();
    await expect(main(page).getByRole('button', { name: 'Valider la décision' })).toBeVisible();
    await expectNoSeriousAxeViolation(page, 'moderation review');
  });
});
