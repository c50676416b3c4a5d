import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, pathOf, signIn, test } from '../fixtures.ts';

/** The member's posts, events and resources: create, preview, edit, delete (spec account-area). */

const PNG = {
  name: 'visuel.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const PDF = {
  name: 'guide-pratique.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n'),
};

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function openSignedIn(page: Page, path: string) {
  await page.goto('/connexion');
  await signIn(page);
  await page.goto(path);
}

const main = (page: Page) => page.getByRole('main');

async function fillDescription(page: Page, text: string) {
  const editor = main(page).getByRole('textbox', { name: /^Description/ });
  await editor.click();
  await editor.fill(text);
}

async function chooseFirst(page: Page, label: RegExp) {
  await main(page).getByLabel(label).selectOption({ index: 1 });
}

/** Closes the success modal and checks the item on the dashboard card. */
async function expectOnDashboard(page: Page, message: RegExp, card: string, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  const item = page
    .getByRole('region', { name: card })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(item).toContainText('En cours de modération');
  return item;
}

async function deleteFromPreview(
  page: Page,
  button: string,
  success: string,
  card: string,
  name: string,
) {
  await main(page).getByRole('button', { name: button }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Confirmer la suppression' }).click();
  const done = page.getByRole('dialog').filter({ hasText: success });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Fermer' }).click();
  await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  await expect(
    page.getByRole('region', { name: card }).getByText(name, { exact: true }),
  ).toHaveCount(0);
}

test.describe('posts (actualités) @desktop-only', () => {
  test('create with an image, preview, edit, delete', async ({ page }) => {
    const title = unique('Actualité de test');
    await openSignedIn(page, '/mon-compte/actualites/creation');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Actualité : ajouter' }),
    ).toBeVisible();
    await chooseFirst(page, /^Catégorie/);
    await main(page)
      .getByRole('textbox', { name: /^Titre/ })
      .fill(title);
    await main(page)
      .getByRole('textbox', { name: /^Auteurs/ })
      .fill('Camille Martin');
    await fillDescription(page, 'Une nouvelle actualité du réseau.');
    await main(page)
      .getByRole('textbox', { name: /^Lien externe/ })
      .fill('https://exemple.fr/actualite');
    await page.locator('#field-image').setInputFiles(PNG);
    await main(page).getByRole('button', { name: 'Soumettre mon actualité' }).click();
    const item = await expectOnDashboard(
      page,
      /Votre actualité a bien été ajoutée/,
      'Mes actualités',
      title,
    );

    await item.getByRole('link', { name: `Voir ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Actualité : aperçu' })).toBeVisible();
    const preview = main(page).locator('dl');
    await expect(preview).toContainText('Camille Martin');
    await expect(preview).toContainText('Une nouvelle actualité du réseau.');
    await expect(preview.getByRole('img')).toBeVisible();
    await expectNoSeriousAxeViolation(page, 'post preview');

    await main(page).getByRole('link', { name: 'Modifier mon actualité' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Actualité : modifier' }),
    ).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: /^Titre/ })).toHaveValue(title);
    // The edit form says the item waits for the team (decision 0012).
    await expect(main(page).getByText('En cours de modération', { exact: true })).toBeVisible();
    const edited = `${title} modifiée`;
    await main(page)
      .getByRole('textbox', { name: /^Titre/ })
      .fill(edited);
    await main(page).getByRole('button', { name: 'Enregistrer mes modifications' }).click();
    await expectOnDashboard(page, /Votre actualité a bien été modifiée/, 'Mes actualités', edited);

    await page
      .getByRole('region', { name: 'Mes actualités' })
      .getByRole('link', { name: `Voir ${edited}` })
      .click();
    await deleteFromPreview(
      page,
      'Supprimer mon actualité',
      'Votre actualité a bien été supprimée.',
      'Mes actualités',
      edited,
    );
  });

  test('an empty submit shows the error banner and the messages under the fields', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allowStatus(422);
    await openSignedIn(page, '/mon-compte/actualites/creation');
    await main(page)
      .getByRole('textbox', { name: /^Titre/ })
      .fill('Gardé après erreur');
    await main(page).getByRole('button', { name: 'Soumettre mon actualité' }).click();
    await expect(main(page).getByText('Votre saisie comporte des erreurs.')).toBeVisible();
    await expect(main(page).getByText('Le champ auteurs est obligatoire.')).toBeVisible();
    await expect(main(page).getByText('Le champ catégorie est obligatoire.')).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: /^Titre/ })).toHaveValue(
      'Gardé après erreur',
    );
  });
});

test('Tab leaves the rich-text editor from a list item, which stays as it was @desktop-only', async ({
  page,
}) => {
  await openSignedIn(page, '/mon-compte/actualites/creation');
  const editor = main(page).getByRole('textbox', { name: /^Description/ });
  await editor.click();
  // « - » then a space starts a bulleted list.
  await page.keyboard.type('- Un');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Deux');
  await expect(editor.locator('ul > li')).toHaveCount(2);
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  await expect(editor.locator('li ul')).toHaveCount(0);
  await expect(editor.locator('ul > li')).toHaveCount(2);
  await page.keyboard.press('Shift+Tab');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(editor).not.toBeFocused();
  await expect(editor.locator('ul > li')).toHaveCount(2);
  await expect(editor.locator('p').filter({ hasText: 'Deux' })).toHaveCount(1);
  await expect(editor.locator('li').filter({ hasText: 'Deux' })).toHaveCount(1);
});

test.describe('events (évènements) @desktop-only', () => {
  test('create with an image, preview in French dates, edit, delete', async ({ page }) => {
    const title = unique('Atelier de test');
    await openSignedIn(page, '/mon-compte/evenements/creation');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Évènement : ajouter' }),
    ).toBeVisible();
    await page.locator('#field-image').setInputFiles(PNG);
    await chooseFirst(page, /^Catégorie/);
    await main(page)
      .getByRole('textbox', { name: /^Titre/ })
      .fill(title);
    await main(page)
      .getByLabel(/^Date de début/)
      .fill('2027-03-03');
    await main(page)
      .getByLabel(/^Date de fin/)
      .fill('2027-03-05');
    await main(page).getByRole('textbox', { name: /^Lieu/ }).fill('Bordeaux');
    await main(page)
      .getByRole('textbox', { name: /^Organisateur/ })
      .fill('Les Jardins de la Garonne');
    await fillDescription(page, 'Un atelier cuisine.');
    await main(page).getByRole('button', { name: 'Soumettre mon évènement' }).click();
    const item = await expectOnDashboard(
      page,
      /Votre évènement a bien été ajouté/,
      'Mes évènements',
      title,
    );

    await item.getByRole('link', { name: `Voir ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Évènement : aperçu' })).toBeVisible();
    await expect(main(page).locator('dl')).toContainText('03 mars 2027');
    await expect(main(page).locator('dl')).toContainText('05 mars 2027');
    await expect(main(page).locator('dl')).toContainText('Bordeaux');

    await main(page).getByRole('link', { name: 'Modifier mon évènement' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Évènement : modifier' }),
    ).toBeVisible();
    await expect(main(page).getByLabel(/^Date de début/)).toHaveValue('2027-03-03');
    await main(page).getByRole('textbox', { name: /^Lieu/ }).fill('Pau');
    await main(page).getByRole('button', { name: 'Enregistrer mes modifications' }).click();
    const editedItem = await expectOnDashboard(
      page,
      /Votre évènement a bien été modifié/,
      'Mes évènements',
      title,
    );
    await expect(editedItem).toContainText('Pau');

    await editedItem.getByRole('link', { name: `Voir ${title}` }).click();
    await deleteFromPreview(
      page,
      'Supprimer mon évènement',
      'Votre évènement a bien été supprimé.',
      'Mes évènements',
      title,
    );
  });
});

test.describe('resources (ressources) @desktop-only', () => {
  test('create with a PDF, preview the file, edit, delete', async ({ page }) => {
    const name = unique('Guide de test');
    await openSignedIn(page, '/mon-compte/ressources/creation');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ressource : ajouter' }),
    ).toBeVisible();
    await chooseFirst(page, /^Catégorie/);
    await chooseFirst(page, /^Thématique/);
    await main(page).getByRole('textbox', { name: /^Nom/ }).fill(name);
    await fillDescription(page, 'Un guide pratique.');
    await main(page)
      .getByLabel(/^Type de ressource/)
      .selectOption('file');
    await page.locator('#field-document').setInputFiles(PDF);
    await main(page).getByRole('button', { name: 'Soumettre ma ressource' }).click();
    const item = await expectOnDashboard(
      page,
      /Votre ressource a bien été ajoutée/,
      'Mes ressources',
      name,
    );

    await item.getByRole('link', { name: `Voir ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ressource : aperçu' })).toBeVisible();
    await expect(
      main(page).getByRole('link', { name: /guide-pratique\.pdf \(.+\)/ }),
    ).toBeVisible();

    await main(page).getByRole('link', { name: 'Modifier ma ressource' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ressource : modifier' }),
    ).toBeVisible();
    await main(page).getByRole('textbox', { name: /^Nom/ }).fill(`${name} v2`);
    await main(page).getByRole('button', { name: 'Enregistrer mes modifications' }).click();
    const edited = await expectOnDashboard(
      page,
      /Votre ressource a bien été modifiée/,
      'Mes ressources',
      `${name} v2`,
    );
    await edited.getByRole('link', { name: `Voir ${name} v2` }).click();
    await expect(main(page).getByRole('link', { name: /guide-pratique\.pdf/ })).toBeVisible();
    await deleteFromPreview(
      page,
      'Supprimer ma ressource',
      'Votre ressource a bien été supprimée.',
      'Mes ressources',
      `${name} v2`,
    );
  });

  test('changing the type keeps only the field of the new type', async ({ page }) => {
    await openSignedIn(page, '/mon-compte/ressources/creation');
    const type = main(page).getByLabel(/^Type de ressource/);
    await type.selectOption('external_url');
    await main(page)
      .getByRole('textbox', { name: /^Lien externe/ })
      .fill('https://exemple.fr/guide');
    await type.selectOption('video');
    await expect(main(page).getByRole('textbox', { name: /^Lien externe/ })).toHaveCount(0);
    await main(page)
      .getByRole('textbox', { name: /^Lien de la vidéo/ })
      .fill('https://video.exemple.fr/1');
    await type.selectOption('external_url');
    await expect(main(page).getByRole('textbox', { name: /^Lien externe/ })).toHaveValue('');
    await type.selectOption('file');
    await page.locator('#field-document').setInputFiles(PDF);
    await expect(main(page).getByText('guide-pratique.pdf')).toBeVisible();
    await type.selectOption('video');
    await expect(main(page).getByRole('textbox', { name: /^Lien de la vidéo/ })).toHaveValue('');
    await type.selectOption('file');
    await expect(main(page).getByText('guide-pratique.pdf')).toHaveCount(0);
  });
});

test('the create screens have no serious accessibility violation @mobile', async ({ page }) => {
  await openSignedIn(page, '/mon-compte/actualites/creation');
  for (const [path, title] of [
    ['/mon-compte/actualites/creation', 'Actualité : ajouter'],
    ['/mon-compte/evenements/creation', 'Évènement : ajouter'],
    ['/mon-compte/ressources/creation', 'Ressource : ajouter'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(page).getByRole('button', { name: /^Soumettre/ })).toBeVisible();
    await expectNoSeriousAxeViolation(page, title);
  }
});

test('a preview of an item that is not the member’s goes to the 404 page', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowStatus(404);
  await openSignedIn(page, '/mon-compte/actualites/999999');
  await expect(page.getByText("La page que vous cherchez n'existe pas.")).toBeVisible();
});
