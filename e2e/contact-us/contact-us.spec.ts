import { solveCaptcha, uniqueEmail, waitForMail } from '../anonymous-forms.ts';
import { expect, test } from '../fixtures.ts';

const SENT = 'Votre message a bien été envoyé.';

test.describe('Nous contacter', () => {
  test("'Autre' asks for 'Objet*'; a message sent opens the success modal and resets the form", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('visiteur', testInfo.project.name);
    await page.goto('/nous-contacter');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Nous contacter' })).toBeVisible();
    const thematic = main.getByLabel('Votre demande concerne*');
    await expect(thematic).toHaveValue('');
    await expect(main.getByLabel('Objet*')).toHaveCount(0);

    await thematic.selectOption({ label: 'Autre' });
    const subject = main.getByLabel('Objet*');
    await expect(subject).toBeVisible();

    await main.getByLabel('Nom*', { exact: true }).fill('Durand');
    await main.getByLabel('Prénom*', { exact: true }).fill('Élise');
    await main.getByLabel('Votre e-mail*').fill(email);
    await subject.fill('Une question sur la carte');
    await main.getByLabel('Votre message*').fill('Bonjour,\ncomment proposer une démarche ?');
    await solveCaptcha(page);
    await main.getByRole('button', { name: 'Envoyer' }).click();

    const dialog = page.getByRole('dialog', { name: SENT });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByLabel('Nom*', { exact: true })).toHaveValue('');
    await expect(main.getByLabel('Votre message*')).toHaveValue('');
    await expect(thematic).toHaveValue('');
    await expect(main.getByLabel('Objet*')).toHaveCount(0);

    const acknowledgement = await waitForMail(email, /^Votre message a bien été envoyé/);
    expect(acknowledgement.text).toContain('sur le thème « Autre »');
  });

  test('?thematic=4 preselects the ideas box and shows its address', async ({ page }) => {
    await page.goto('/nous-contacter?thematic=4');
    const main = page.getByRole('main');
    await expect(main.getByLabel('Votre demande concerne*')).toHaveValue('4');
    await expect(main.getByLabel('Votre demande concerne*').locator('option:checked')).toHaveText(
      'Boîte à idées',
    );
    const addresses = page.getByRole('complementary', { name: 'Nos coordonnées' });
    await expect(addresses.getByRole('listitem')).not.toHaveCount(0);
  });

  test('the server errors show under their fields; the captcha is not asked again', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allowStatus(422, '/api/contact-us');
    await page.goto('/nous-contacter');
    const main = page.getByRole('main');
    await main.getByLabel('Votre e-mail*').fill('pas-une-adresse');
    await solveCaptcha(page);
    await main.getByRole('button', { name: 'Envoyer' }).click();

    await expect(main.getByLabel('Nom*', { exact: true })).toHaveAccessibleDescription(
      /^Le champ nom est obligatoire\./,
    );
    await expect(main.getByLabel('Votre e-mail*')).toHaveAccessibleDescription(
      /^Le champ adresse e-mail doit être une adresse e-mail valide\./,
    );
    await expect(main.getByText('Veuillez sélectionner une thématique.')).toBeVisible();
    await expect(main.getByText('Vérification anti-robot déjà effectuée.')).toBeVisible();
    await expect(main.getByLabel('Votre e-mail*')).toHaveValue('pas-une-adresse');
  });
});
