import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, pathOf, signIn, test } from '../fixtures.ts';

/** The member's initiatives and démarches: create, preview, edit, delete (spec account-area §2, §4). */

const PNG = {
  name: 'logo-du-projet.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const PDF = {
  name: 'plan-alimentaire.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n'),
};

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const main = (page: Page) => page.getByRole('main');

/** Picks the first suggestion of a combobox (address, communes, multi-selects). */
async function pickFirst(page: Page, name: RegExp, text?: string) {
  const input = main(page).getByRole('combobox', { name });
  if (text === undefined) await input.click();
  else await input.fill(text);
  const option = page.getByRole('listbox').getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
}

/** DSFR radios and checkboxes hide their input under the label: the member clicks the label. */
async function checkByLabel(page: Page, input: Locator) {
  const id = await input.getAttribute('id');
  await main(page).locator(`label[for="${id}"]`).click();
  await expect(input).toBeChecked();
}

const chooseRadio = (page: Page, name: string) =>
  checkByLabel(page, main(page).getByRole('radio', { name, exact: true }));

async function chooseAddress(page: Page) {
  await pickFirst(page, /^Adresse/, '12 rue des Lilas 33000 Bordeaux');
  await expect(main(page).getByText('Adresse choisie :')).toBeVisible();
}

async function fillSummary(page: Page, text: string) {
  const editor = main(page).getByRole('textbox', { name: /^Résumé/ });
  await editor.click();
  await editor.fill(text);
}

/** The fields both forms share and require, in communities-of-communes mode. */
async function fillRequiredCommonFields(page: Page, title: string) {
  await main(page).getByLabel('Titre *').fill(title);
  await fillSummary(page, 'Un résumé de test.');
  await chooseAddress(page);
  await main(page).getByLabel("Zone d'influence *").selectOption({ index: 1 });
  await main(page).getByLabel('Territoire de réalisation *').fill('Bordeaux Métropole');
  await pickFirst(page, /^Communautés de communes/, 'Bordeaux');
  await main(page).getByLabel('Date de lancement *').fill('2027-03-03');
  await main(page).getByLabel("État d'avancement *").selectOption({ index: 1 });
  await main(page).getByLabel('Contexte *').fill('Contexte');
  await main(page).getByLabel('Objectifs *').fill('Objectifs');
  await main(page).getByLabel('Mise en œuvre des actions *').fill('Mise en œuvre');
  await main(page).getByLabel('Clés de réussite *').fill('Clés');
}

/** Closes the success modal and finds the item on its dashboard card. */
async function expectOnDashboard(page: Page, message: RegExp, card: string, name: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  const item = page
    .getByRole('region', { name: new RegExp(`^${card}`) })
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
  const confirm = page.getByRole('dialog').filter({ hasText: 'Confirmez-vous cette action ?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Confirmer la suppression' }).click();
  const done = page.getByRole('dialog').filter({ hasText: success });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Fermer' }).click();
  await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  await expect(
    page.getByRole('region', { name: new RegExp(`^${card}`) }).getByText(name, { exact: true }),
  ).toHaveCount(0);
}

/** The labels of a preview's items, in page order. */
const previewLabels = (page: Page) => main(page).locator('dl dt');
const previewValue = (page: Page, label: string) =>
  main(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

// A missing control fails fast instead of waiting for the whole (long) test timeout.
test.use({ actionTimeout: 15_000 });

test.beforeEach(async ({ page }) => {
  await page.goto('/connexion');
  await signIn(page);
});

test('an initiative: create with a logo and a document, preview, edit, delete @mobile', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const title = unique('Initiative de test');
  await page.goto('/mon-compte/initiatives/creation');
  await expect(page.getByRole('heading', { level: 1, name: 'Initiative : ajouter' })).toBeVisible();

  await main(page).getByLabel('Titre *').fill(title);
  await fillSummary(page, 'Une cantine qui cuisine local.');
  await main(page).getByLabel('Porteur de projet (facultatif)').selectOption({ index: 1 });
  await chooseAddress(page);
  await main(page).getByLabel('Complément (facultatif)').fill('Bâtiment B');
  await main(page).getByLabel('Thématique *').selectOption({ index: 1 });
  await pickFirst(page, /^Sous-thématiques/);
  await main(page).getByLabel("Zone d'influence *").selectOption({ index: 1 });
  await pickFirst(page, /^Bénéficiaires/);
  await main(page).getByLabel('Territoire de réalisation *').fill('Bordeaux Métropole');
  await chooseRadio(page, 'Communes');
  await pickFirst(page, /^Communes/, 'Bordeaux');
  // « Ajouter » puts the focus in the new row; « Supprimer » on the row in its place, or back
  // on « Ajouter » when none is left.
  const addTechnical = main(page).getByRole('button', { name: 'Ajouter un partenaire technique' });
  await addTechnical.click();
  await expect(main(page).getByLabel('Partenaire technique 1')).toBeFocused();
  await main(page).getByRole('button', { name: 'Supprimer le partenaire technique 1' }).click();
  await expect(addTechnical).toBeFocused();
  await addTechnical.click();
  await main(page).getByLabel('Partenaire technique 1').fill('Chambre d’agriculture');
  await main(page).getByRole('button', { name: 'Ajouter un partenaire financier' }).click();
  await main(page).getByLabel('Partenaire financier 1', { exact: true }).fill('Région');
  await main(page)
    .getByLabel('Dispositif du partenaire financier 1 (facultatif)')
    .fill('Appel à projets');
  await main(page).getByLabel("Nombre de membres de l'équipe (facultatif)").fill('4');
  await main(page).getByLabel('Coût du projet en euros (facultatif)').fill('12000');
  await main(page).getByLabel('Date de lancement *').fill('2027-03-03');
  await main(page).getByLabel('Date de fin (facultatif)').fill('2028-06-30');
  await main(page).getByLabel("État d'avancement *").selectOption({ index: 1 });
  await main(page).getByLabel('Contexte *').fill('Le contexte du projet.');
  await main(page).getByLabel('Objectifs *').fill('Les objectifs.');
  await main(page).getByLabel('Mise en œuvre des actions *').fill('Les actions.');
  await main(page).getByLabel('Clés de réussite *').fill('Les clés.');
  await main(page).getByLabel('Perspectives (facultatif)').fill('Les perspectives.');
  await main(page).getByLabel('Freins potentiels (facultatif)').fill('Les freins.');
  await main(page).getByLabel('Originalité de la démarche (facultatif)').fill("L'originalité.");
  await checkByLabel(
    page,
    main(page)
      .getByRole('group', { name: /^Enjeux/ })
      .getByRole('checkbox')
      .first(),
  );
  await main(page).getByLabel('Description des enjeux (facultatif)').fill('Les enjeux.');
  await main(page).getByRole('button', { name: 'Ajouter un lien' }).click();
  await main(page).getByLabel('Lien 1').fill('https://exemple.fr/initiative');
  await main(page).locator('#field-logo_files').setInputFiles(PNG);
  await main(page)
    .getByRole('textbox', { name: /^Titre affiché \(facultatif\) pour logo-du-projet/ })
    .fill('Logo du projet');
  await main(page).locator('#field-document_files').setInputFiles(PDF);
  await main(page)
    .getByRole('textbox', { name: /^Titre affiché \(facultatif\) pour plan-alimentaire/ })
    .fill('Plan alimentaire');
  await checkByLabel(
    page,
    main(page).getByRole('checkbox', { name: 'Afficher les documents sur la fiche publique' }),
  );

  await main(page).getByRole('button', { name: 'Soumettre mon initiative' }).click();
  const item = await expectOnDashboard(
    page,
    /Votre initiative a bien été ajoutée, elle est maintenant en cours de modération/,
    'Mes initiatives',
    title,
  );

  await item.getByRole('link', { name: `Voir ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Initiative : aperçu' })).toBeVisible();
  await expect(previewLabels(page)).toHaveText([
    'Titre',
    'Résumé',
    'Porteur de projet',
    'Adresse',
    'Thématique',
    'Sous-thématiques',
    "Zone d'influence",
    'Bénéficiaires',
    'Territoire de réalisation',
    'Communes',
    'Partenaires techniques',
    'Partenaires financiers',
    "Nombre de membres de l'équipe",
    'Coût du projet',
    'Date de lancement',
    'Date de fin',
    "État d'avancement",
    'Contexte',
    'Objectifs',
    'Mise en œuvre des actions',
    'Clés de réussite',
    'Perspectives',
    'Freins potentiels',
    'Originalité de la démarche',
    'Enjeux',
    'Liens',
    'Afficher les documents',
    'Logos',
    'Documents',
  ]);
  await expect(previewValue(page, 'Adresse')).toContainText('Bâtiment B');
  await expect(previewValue(page, 'Adresse')).toContainText('33000 Bordeaux');
  await expect(previewValue(page, 'Communes')).toContainText('Bordeaux (33)');
  await expect(previewValue(page, 'Partenaires financiers')).toHaveText('Région (Appel à projets)');
  await expect(previewValue(page, 'Date de lancement')).toHaveText('03 mars 2027');
  await expect(previewValue(page, 'Date de fin')).toHaveText('30 juin 2028');
  await expect(previewValue(page, 'Afficher les documents')).toHaveText('Oui');
  await expect(
    previewValue(page, 'Liens').getByRole('link', { name: 'https://exemple.fr/initiative' }),
  ).toHaveAttribute('target', '_blank');
  // Lazy-loaded thumbnail: brought into view, then loaded.
  await previewValue(page, 'Logos').locator('img').scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      previewValue(page, 'Logos')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(previewValue(page, 'Logos')).toContainText('Logo du projet');
  await expect(
    previewValue(page, 'Documents').getByRole('link', {
      name: /^Plan alimentaire \/ plan-alimentaire\.pdf \(\d+ octets\)$/,
    }),
  ).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'initiative preview');

  await main(page).getByRole('link', { name: 'Modifier mon initiative' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Initiative : modifier' }),
  ).toBeVisible();
  await expect(main(page).getByLabel('Titre *')).toHaveValue(title);
  await expect(main(page).getByRole('radio', { name: 'Communes', exact: true })).toBeChecked();
  await expect(main(page).getByRole('button', { name: 'Retirer Bordeaux (33)' })).toBeVisible();
  await expect(main(page).getByLabel('Date de lancement *')).toHaveValue('2027-03-03');
  await expect(main(page).getByLabel('Partenaire financier 1', { exact: true })).toHaveValue(
    'Région',
  );
  await expect(
    main(page).getByRole('button', { name: 'Retirer logo-du-projet.png' }),
  ).toBeVisible();
  await expect(
    main(page).getByRole('button', { name: 'Retirer plan-alimentaire.pdf' }),
  ).toBeVisible();
  const edited = `${title} modifiée`;
  await main(page).getByLabel('Titre *').fill(edited);
  await main(page).getByRole('button', { name: 'Enregistrer mes modifications' }).click();
  const editedItem = await expectOnDashboard(
    page,
    /Votre initiative a bien été modifiée, elle est maintenant en cours de modération/,
    'Mes initiatives',
    edited,
  );

  await editedItem.getByRole('link', { name: `Voir ${edited}` }).click();
  await expect(previewValue(page, 'Titre')).toHaveText(edited);
  await expect(previewValue(page, 'Logos')).toContainText('Logo du projet');
  await expect(previewValue(page, 'Documents')).toContainText('plan-alimentaire.pdf');
  await deleteFromPreview(
    page,
    'Supprimer mon initiative',
    'Votre initiative a bien été supprimée.',
    'Mes initiatives',
    edited,
  );
});

test('the initiative form: communes or communities, draft restored after a reload, axe', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/mon-compte/initiatives/creation');
  await expect(page.getByRole('heading', { level: 1, name: 'Initiative : ajouter' })).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'initiative form');

  // Communities of communes is the default mode; switching empties the other list.
  await expect(main(page).getByRole('radio', { name: 'Communautés de communes' })).toBeChecked();
  await pickFirst(page, /^Communautés de communes/, 'Bordeaux');
  await expect(
    main(page).getByRole('button', { name: 'Retirer Bordeaux Métropole' }),
  ).toBeVisible();
  await chooseRadio(page, 'Communes');
  await expect(main(page).getByRole('button', { name: /^Retirer / })).toHaveCount(0);
  await pickFirst(page, /^Communes/, 'Bordeaux');
  await expect(main(page).getByRole('button', { name: 'Retirer Bordeaux (33)' })).toBeVisible();
  await chooseRadio(page, 'Communautés de communes');
  await expect(main(page).getByRole('button', { name: /^Retirer / })).toHaveCount(0);
  await chooseRadio(page, 'Communes');
  await expect(main(page).getByRole('button', { name: /^Retirer / })).toHaveCount(0);
  await pickFirst(page, /^Communes/, 'Bordeaux');

  const title = unique('Brouillon');
  await main(page).getByLabel('Titre *').fill(title);
  await main(page).getByLabel('Contexte *').fill('Un contexte à garder.');
  await expect
    .poll(() =>
      page.evaluate(() => {
        // The member's own draft: `ad:draft:<user id>:initiatives:new`.
        const key = Object.keys(localStorage).find((k) => /^ad:draft:\d+:initiatives:new$/.test(k));
        return key ? (localStorage.getItem(key) ?? '') : '';
      }),
    )
    .toContain('Un contexte à garder.');
  await page.reload();
  await expect(main(page).getByLabel('Titre *')).toHaveValue('');
  await main(page).getByRole('button', { name: 'Reprendre le brouillon' }).click();
  await expect(main(page).getByLabel('Titre *')).toHaveValue(title);
  await expect(main(page).getByLabel('Contexte *')).toHaveValue('Un contexte à garder.');
  await expect(main(page).getByRole('radio', { name: 'Communes', exact: true })).toBeChecked();
  await expect(main(page).getByRole('button', { name: 'Retirer Bordeaux (33)' })).toBeVisible();
  // Not offered again once taken.
  await expect(main(page).getByRole('button', { name: 'Reprendre le brouillon' })).toHaveCount(0);
});

test('a démarche: create with a document, preview, edit, delete', async ({ page }) => {
  test.setTimeout(120_000);
  const title = unique('Démarche de test');
  await page.goto('/mon-compte/demarches/creation');
  await expect(page.getByRole('heading', { level: 1, name: 'Démarche : ajouter' })).toBeVisible();
  await fillRequiredCommonFields(page, title);
  await pickFirst(page, /^Thématiques/, 'Nutrition');
  await chooseRadio(page, 'Oui');
  await main(page).locator('#field-document_files').setInputFiles(PDF);
  await main(page).getByRole('button', { name: 'Soumettre ma démarche' }).click();
  const item = await expectOnDashboard(
    page,
    /Votre démarche a bien été ajoutée, elle est maintenant en cours de modération/,
    'Mes démarches',
    title,
  );

  await item.getByRole('link', { name: `Voir ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Démarche : aperçu' })).toBeVisible();
  await expect(previewValue(page, 'Titre')).toHaveText(title);
  await expect(previewValue(page, 'PAT')).toHaveText('Oui');
  await expect(previewValue(page, 'Thématiques')).toContainText('Nutrition');
  await expect(previewValue(page, 'Communautés de communes')).toContainText('Bordeaux Métropole');
  await expect(previewValue(page, 'Date de lancement')).toHaveText('03 mars 2027');
  await expect(previewValue(page, 'Documents')).toContainText('plan-alimentaire.pdf');

  await main(page).getByRole('link', { name: 'Modifier ma démarche' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Démarche : modifier' })).toBeVisible();
  await expect(main(page).getByLabel('Titre *')).toHaveValue(title);
  await expect(
    main(page).getByRole('button', { name: 'Retirer plan-alimentaire.pdf' }),
  ).toBeVisible();
  const edited = `${title} modifiée`;
  await main(page).getByLabel('Titre *').fill(edited);
  await main(page).getByRole('button', { name: 'Enregistrer mes modifications' }).click();
  const editedItem = await expectOnDashboard(
    page,
    /Votre démarche a bien été modifiée, elle est maintenant en cours de modération/,
    'Mes démarches',
    edited,
  );
  await editedItem.getByRole('link', { name: `Voir ${edited}` }).click();
  await expect(previewValue(page, 'Titre')).toHaveText(edited);
  await expect(previewValue(page, 'Documents')).toContainText('plan-alimentaire.pdf');
  await expectNoSeriousAxeViolation(page, 'démarche preview');
  await deleteFromPreview(
    page,
    'Supprimer ma démarche',
    'Votre démarche a bien été supprimée.',
    'Mes démarches',
    edited,
  );
});

test('the thematic lists exclude each other and subthematics follow them', async ({ page }) => {
  await page.goto('/mon-compte/initiatives/creation');
  const primary = main(page).getByLabel('Thématique *');
  const secondary = main(page).getByLabel('Thématique secondaire (facultatif)');
  await primary.selectOption({ index: 1 });
  const chosen = await primary.inputValue();
  await expect(secondary.locator(`option[value="${chosen}"]`)).toHaveCount(0);
  await pickFirst(page, /^Sous-thématiques/);
  await expect(main(page).getByRole('button', { name: /^Retirer / })).toHaveCount(1);
  await primary.selectOption({ index: 2 });
  await expect(main(page).getByRole('button', { name: /^Retirer / })).toHaveCount(0);
});

test('an empty initiative shows the error banner', async ({ page, pageErrors }) => {
  pageErrors.allowStatus(422);
  await page.goto('/mon-compte/initiatives/creation');
  await main(page).getByRole('button', { name: 'Soumettre mon initiative' }).click();
  await expect(main(page).getByText('Votre saisie comporte des erreurs.')).toBeVisible();
  await expect(main(page).getByText('Le champ titre est obligatoire.')).toBeVisible();
});
