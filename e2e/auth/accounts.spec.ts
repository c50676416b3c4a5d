import {
  DEMO_MEMBER,
  emailField,
  expect,
  header,
  passwordField,
  pathOf,
  test,
} from '../fixtures.ts';
import { linkIn, solveCaptcha, uniqueEmail, waitForMail } from '../anonymous-forms.ts';

const PASSWORD = 'une phrase de passe bien longue';

test.describe('accounts', () => {
  test('a sign-in typed while the page loads keeps every field once it is hydrated', async ({
    page,
  }) => {
    // The page's scripts wait until both fields are filled in the server's HTML.
    let scriptsAllowed!: () => void;
    const typed = new Promise<void>((resolve) => (scriptsAllowed = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    const opened = page.goto('/connexion');
    await emailField(page).fill(DEMO_MEMBER.email);
    await passwordField(page).fill(DEMO_MEMBER.password);
    scriptsAllowed();
    await opened; // hydrated
    await expect(emailField(page)).toHaveValue(DEMO_MEMBER.email);
    await page
      .getByRole('main')
      .getByRole('button', { name: /se connecter/i })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  });

  test('sign up, confirm the address from the e-mail, sign in, see Mon Espace, sign out', async ({
    page,
    pageErrors,
  }, testInfo) => {
    // Chromium reports the 422 of the sign-in attempted before the address is confirmed.
    pageErrors.allowStatus(422, '/connexion');
    const email = uniqueEmail('inscription', testInfo.project.name);
    await page.goto('/inscription');
    const main = page.getByRole('main');
    await main.getByText('Madame').click();
    await main.getByLabel('Nom', { exact: true }).fill('Durand');
    await main.getByLabel('Prénom', { exact: true }).fill('Élise');
    await emailField(page).fill(email);
    await main.getByLabel('Fonction', { exact: true }).fill('Chargée de mission');
    await main.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await main.getByLabel('Confirmation du mot de passe', { exact: true }).fill(PASSWORD);
    // On the drawn box, left of the label's text (the text holds a link).
    await main.locator('label', { hasText: "J'accepte les" }).click({ position: { x: 8, y: 10 } });
    await solveCaptcha(page);
    await main.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(
      main.getByText(`cliquez sur le lien que nous venons d'envoyer à ${email}`),
    ).toBeVisible();

    const mail = await waitForMail(email, /^Confirmez votre adresse e-mail/);
    expect(mail.text).toContain('Vous venez de créer votre compte');

    // Not confirmed yet: no session.
    await page.goto('/connexion');
    await emailField(page).fill(email);
    await passwordField(page).fill(PASSWORD);
    await main.getByRole('button', { name: /se connecter/i }).click();
    await expect(main.getByText(/n'a pas encore été confirmée/)).toBeVisible();

    // The link opens a page whose button activates the account.
    await page.goto(linkIn(mail, '/inscription/verification'));
    await expect(main.getByRole('heading', { level: 1, name: 'Activer mon compte' })).toBeVisible();
    await main.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect.poll(() => pathOf(page)).toBe('/connexion');
    await expect(main.getByText('Votre adresse e-mail est confirmée')).toBeVisible();
    await emailField(page).fill(email);
    await passwordField(page).fill(PASSWORD);
    await main.getByRole('button', { name: /se connecter/i }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
    // A new member has no institution yet: the dashboard welcomes them first.
    const welcome = page.getByRole('dialog', { name: 'Bienvenue sur votre espace' });
    await welcome.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(welcome).toBeHidden();

    if (testInfo.project.name === 'desktop') {
      await header(page).getByRole('button', { name: 'Mon Espace', exact: true }).click();
      const menu = header(page);
      await expect(menu.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Informations personnelles' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Ma structure' })).toBeVisible();
      await menu
        .getByRole('button', { name: 'Déconnexion', exact: true })
        .or(menu.getByRole('link', { name: 'Déconnexion', exact: true }))
        .click();
      await expect.poll(() => pathOf(page)).toBe('/connexion');
    }
  });

  test('forgotten password: the e-mailed link sets a new one, used once', async ({
    page,
    pageErrors,
  }, testInfo) => {
    pageErrors.allowStatus(422, '/mot-de-passe-oublie/nouveau');
    // A confirmed account made through the sign-up flow's API would need a captcha: use the form.
    const email = uniqueEmail('oubli', testInfo.project.name);
    await page.goto('/inscription');
    const main = page.getByRole('main');
    await main.getByText('Monsieur').click();
    await main.getByLabel('Nom', { exact: true }).fill('Martin');
    await main.getByLabel('Prénom', { exact: true }).fill('Paul');
    await emailField(page).fill(email);
    await main.getByLabel('Fonction', { exact: true }).fill('Maraîcher');
    await main.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await main.getByLabel('Confirmation du mot de passe', { exact: true }).fill(PASSWORD);
    // On the drawn box, left of the label's text (the text holds a link).
    await main.locator('label', { hasText: "J'accepte les" }).click({ position: { x: 8, y: 10 } });
    await solveCaptcha(page);
    await main.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(main.getByText('Vérifiez votre messagerie')).toBeVisible();

    await page.goto('/connexion');
    await main.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect.poll(() => pathOf(page)).toBe('/mot-de-passe-oublie');
    await emailField(page).fill(email);
    await solveCaptcha(page);
    await main.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(main.getByText(/valable 60 minutes/)).toBeVisible();

    const mail = await waitForMail(email, /^Réinitialisation de votre mot de passe/);
    const link = linkIn(mail, '/mot-de-passe-oublie/nouveau');
    const NEW_PASSWORD = 'mon nouveau mot de passe secret';
    await page.goto(link);
    await main.getByLabel(/^Nouveau mot de passe/).fill(NEW_PASSWORD);
    await main.getByLabel('Confirmation du nouveau mot de passe').fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
    await expect(main.getByText('Votre mot de passe a été modifié')).toBeVisible();

    // The reset link also proves the address: the new password opens the account.
    await main.getByRole('link', { name: 'Se connecter' }).click();
    await emailField(page).fill(email);
    await passwordField(page).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: /se connecter/i }).click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');

    // Used once.
    await page.goto(link);
    await main.getByLabel(/^Nouveau mot de passe/).fill('encore un autre mot de passe');
    await main
      .getByLabel('Confirmation du nouveau mot de passe')
      .fill('encore un autre mot de passe');
    await main.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
    await expect(main.getByText(/invalide, a déjà servi ou a expiré/)).toBeVisible();
  });
});
