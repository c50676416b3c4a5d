import type { Page, TestInfo } from '@playwright/test';
import { linkIn, solveCaptcha, uniqueEmail, waitForMail } from '../anonymous-forms.ts';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { emailField, expect, pathOf, signIn, test } from '../fixtures.ts';

const PASSWORD = 'Jardin-Partage-Sur-Le-Toit-2026';
const NEW_PASSWORD = 'Compost-Collectif-Du-Quartier-2027';

/** A 1×1 PNG: a real image, as the server checks the content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A member of their own (these tests change the institution, the profile and the password),
 * signed up and confirmed like a visitor, then signed in.
 */
async function newMember(page: Page, testInfo: TestInfo, prefix: string) {
  const email = uniqueEmail(prefix, testInfo.project.name);
  await page.goto('/inscription');
  const main = page.getByRole('main');
  await main.getByText('Madame').click();
  await main.getByLabel('Nom', { exact: true }).fill('Lefèvre');
  await main.getByLabel('Prénom', { exact: true }).fill('Anne');
  await emailField(page).fill(email);
  await main.getByLabel('Fonction', { exact: true }).fill('Animatrice');
  await main.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await main.getByLabel('Confirmation du mot de passe', { exact: true }).fill(PASSWORD);
  await main.locator('label', { hasText: "J'accepte les" }).click({ position: { x: 8, y: 10 } });
  await solveCaptcha(page);
  await main.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(main.getByText('cliquez sur le lien que nous venons')).toBeVisible();
  const mail = await waitForMail(email, /^Confirmez votre adresse e-mail/);
  await page.goto(linkIn(mail, '/inscription/verification'));
  await page.getByRole('main').getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(page.getByText('Votre adresse e-mail est confirmée')).toBeVisible();
  await signIn(page, { email, password: PASSWORD });
  return { email, password: PASSWORD };
}

test.describe('Ma structure', () => {
  test('a new member fills in their institution with an image; the dashboard then lets them propose initiatives', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await newMember(page, testInfo, 'structure');
    await page.goto('/mon-compte/tableau-de-bord');
    const welcome = page.getByRole('dialog', { name: 'Bienvenue sur votre espace' });
    await welcome.getByRole('link', { name: 'Renseigner ma structure' }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/structure');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Ma structure' })).toBeVisible();
    await main.getByLabel('Type de structure *').selectOption({ index: 1 });
    await main.getByLabel('Nom de la structure *').fill('La Cantine Verte');
    await main.getByLabel('Adresse e-mail de la structure *').fill('contact@cantine-verte.fr');
    await main.getByLabel('Adresse *', { exact: true }).fill('3 place du Marché');
    await expect(main.getByLabel('Complément (facultatif)')).toBeVisible();
    await main.getByLabel('Code postal').fill('33000');
    await main.getByLabel('Ville').fill('Bordeaux');
    await main.getByLabel('Site internet').fill('https://cantine-verte.fr');
    await main.getByLabel(/^Image ou logo de la structure/).setInputFiles({
      name: 'logo-cantine.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(main.getByText('logo-cantine.png')).toBeVisible();
    await main.getByText("Afficher ma structure dans l'annuaire").click();
    await main.getByRole('button', { name: 'Enregistrer' }).click();

    const success = page.getByRole('dialog', { name: 'Votre structure a bien été modifiée.' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');

    // The institution counts at once: no gate any more, the initiatives card loads.
    await expect(main.getByRole('link', { name: 'Proposer une initiative' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Proposer une démarche' })).toBeVisible();
    await expect(main.getByText(/Merci de d'abord renseigner votre structure/)).toHaveCount(0);

    // The form starts from what was saved.
    await page.goto('/mon-compte/structure');
    await expect(main.getByLabel('Nom de la structure *')).toHaveValue('La Cantine Verte');
    await expect(main.getByLabel('Code postal')).toHaveValue('33000');
    await expect(main.getByText('logo-cantine.png')).toBeVisible();
    await expect(main.getByLabel("Afficher ma structure dans l'annuaire")).toBeChecked();
  });

  test('an incomplete institution shows the error banner and the field messages', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allowStatus(422, '/api/user/institution');
    await signIn(page, { email: 'membre@exemple.fr', password: 'Demo-Membre-2026!' });
    await page.goto('/mon-compte/structure');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      main.getByRole('alert').filter({ hasText: 'Votre saisie comporte des erreurs.' }),
    ).toBeVisible();
    await expect(main.getByText('Le champ nom de la structure est obligatoire.')).toBeVisible();
    await expect(main.getByText('Le champ type de structure est obligatoire.')).toBeVisible();
    // The first field in error takes the focus.
    await expect(main.getByLabel('Type de structure *')).toBeFocused();
  });
});

test.describe('Informations personnelles', () => {
  test('the profile is saved', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const member = await newMember(page, testInfo, 'profil');
    await page.goto('/mon-compte/informations-personnelles');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Informations personnelles' }),
    ).toBeVisible();
    await expect(main.getByLabel('Nom *', { exact: true })).toHaveValue('Lefèvre');
    await expect(main.getByLabel('Adresse e-mail *')).toHaveValue(member.email);
    await expect(main.getByLabel('Madame')).toBeChecked();

    await main.getByText('Monsieur').click();
    await main.getByLabel('Prénom *').fill('Antoine');
    await main.getByLabel('Fonction *').fill('Chargé de mission alimentation');
    await main.getByRole('button', { name: 'Enregistrer' }).click();
    const success = page.getByRole('dialog', {
      name: 'Vos informations personnelles ont bien été modifiées.',
    });
    await expect(success).toBeVisible();
    // Closing goes back to the dashboard (spec §2).
    await success.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');

    await page.goto('/mon-compte/informations-personnelles');
    await expect(main.getByLabel('Prénom *')).toHaveValue('Antoine');
    await expect(main.getByLabel('Fonction *')).toHaveValue('Chargé de mission alimentation');
    await expect(main.getByLabel('Monsieur')).toBeChecked();
  });

  test('a new address is used once the link sent to it is opened', async ({
    page,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(90_000);
    pageErrors.allowStatus(422, '/api/user/profile');
    const member = await newMember(page, testInfo, 'nouvelle-adresse');
    await page.goto('/mon-compte/informations-personnelles');
    const main = page.getByRole('main');
    const next = uniqueEmail('nouvelle', testInfo.project.name);
    await main.getByLabel(/^Adresse e-mail \*/).fill(next);
    // A new address asks for the current password.
    await main.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      main.getByText("Saisissez votre mot de passe actuel pour changer d'adresse e-mail."),
    ).toBeVisible();
    await page
      .getByRole('region', { name: 'Mes informations' })
      .getByLabel(/^Mot de passe actuel \*/)
      .fill(member.password);
    await main.getByRole('button', { name: 'Enregistrer' }).click();
    const success = page.getByRole('dialog', {
      name: /^Vos informations personnelles ont bien été modifiées\./,
    });
    await expect(success).toContainText(`Un lien de confirmation a été envoyé à ${next}`);
    await success.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');

    // Until the link is opened, the account keeps its address; the form says so.
    await page.goto('/mon-compte/informations-personnelles');
    await expect(main.getByLabel(/^Adresse e-mail \*/)).toHaveValue(next);
    await expect(main.getByText(`votre compte garde l'adresse ${member.email}`)).toBeVisible();
    const mail = await waitForMail(next, /^Confirmez votre nouvelle adresse e-mail/);
    await page.goto(linkIn(mail, '/adresse-electronique/confirmation'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirmer ma nouvelle adresse e-mail' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirmer cette adresse', exact: true }).click();
    await expect(main.getByText('Votre nouvelle adresse e-mail est confirmée.')).toBeVisible();
    await expect(main.getByText(/votre compte garde l'adresse/)).toHaveCount(0);
    await expect(main.getByLabel(/^Adresse e-mail \*/)).toHaveValue(next);
  });

  test('an address of another account is refused', async ({ page, pageErrors }, testInfo) => {
    test.setTimeout(90_000);
    pageErrors.allowStatus(422, '/api/user/profile');
    await newMember(page, testInfo, 'profil-pris');
    await page.goto('/mon-compte/informations-personnelles');
    const main = page.getByRole('main');
    await main.getByLabel('Adresse e-mail *').fill('MEMBRE@exemple.fr');
    await main.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(main.getByText('Votre saisie comporte des erreurs.')).toBeVisible();
    await expect(main.getByText('Cette adresse e-mail est déjà utilisée.')).toBeVisible();
  });

  test('the password: one error at a time, then a success that clears the form', async ({
    page,
    pageErrors,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    pageErrors.allowStatus(422, '/api/user/profile/password');
    const member = await newMember(page, testInfo, 'mot-de-passe');
    await page.goto('/mon-compte/informations-personnelles');
    const section = page.getByRole('region', { name: 'Modifier mon mot de passe' });
    const current = section.getByLabel('Mot de passe actuel *', { exact: true });
    const password = section.getByLabel(/^Nouveau mot de passe \*/);
    const confirmation = section.getByLabel('Confirmation du mot de passe *', { exact: true });

    // Too short and not confirmed: only the first of their errors shows; the current password,
    // not given, has its own under it.
    await password.fill('court');
    await confirmation.fill('autre');
    await section.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
    await expect(section.getByText('Votre saisie comporte des erreurs.')).toBeVisible();
    await expect(
      section.getByText('Le mot de passe doit contenir au moins 12 caractères.'),
    ).toBeVisible();
    await expect(section.getByText('Saisissez votre mot de passe actuel.')).toBeVisible();
    await expect(section.locator('.fr-message--error')).toHaveCount(2);
    await current.fill('pas mon mot de passe');
    await section.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
    await expect(section.getByText('Saisissez votre mot de passe actuel.')).toHaveCount(0);
    await expect(section.locator('.fr-message--error')).toHaveCount(1);

    // A session left open is not enough: the current password is checked.
    await password.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
    await expect(section.getByText('Le mot de passe actuel est incorrect.')).toBeVisible();
    await expect(section.locator('.fr-message--error')).toHaveCount(1);
    await expect(password).toHaveValue(NEW_PASSWORD);

    await current.fill(member.password);
    await section.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
    const success = page.getByRole('dialog', { name: 'Votre mot de passe a bien été modifié.' });
    await expect(success).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(password).toHaveValue('');
    await expect(confirmation).toHaveValue('');
    await expect(section.getByText('Votre saisie comporte des erreurs.')).toHaveCount(0);
    await success.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');

    // This session stays open; the new password opens another one.
    await page.goto('/mon-compte/informations-personnelles');
    await expect(page).toHaveURL('/mon-compte/informations-personnelles');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/connexion');
    await signIn(otherPage, { email: member.email, password: NEW_PASSWORD });
    await other.close();
  });
});

test('accessibility of the dashboard, Ma structure and Informations personnelles @mobile', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/mon-compte/tableau-de-bord');
  await expect(page.getByRole('link', { name: 'Proposer une actualité' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);
  await expectNoSeriousAxeViolation(page, 'Mon tableau de bord');

  await page.goto('/mon-compte/structure');
  await expect(page.getByRole('main').getByLabel('Nom de la structure *')).not.toHaveValue('');
  await expectNoSeriousAxeViolation(page, 'Ma structure');

  await page.goto('/mon-compte/informations-personnelles');
  await expect(page.getByRole('main').getByLabel('Nom *', { exact: true })).not.toHaveValue('');
  await expectNoSeriousAxeViolation(page, 'Informations personnelles');
});
