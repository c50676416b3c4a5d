import { linkIn, uniqueEmail, waitForMail } from '../anonymous-forms.ts';
import { expect, pathOf, test } from '../fixtures.ts';

const CHECK_MAILBOX =
  "Plus qu'une étape : si cette adresse n'est pas déjà inscrite, vous allez recevoir un e-mail contenant un lien pour confirmer votre inscription.";

function newsletterField(page: import('@playwright/test').Page) {
  return page.getByLabel('Votre adresse électronique (ex. : nom@domaine.fr)', { exact: true });
}

test.describe('newsletter (built-in double opt-in)', () => {
  test('the confirmation e-mail lands on the pop-up; the unsubscribe link unsubscribes', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('lectrice', testInfo.project.name);
    await page.goto('/mentions-legales');
    await newsletterField(page).fill(email);
    await page.getByRole('button', { name: "S'abonner", exact: true }).click();
    await expect(page.getByText(CHECK_MAILBOX)).toBeVisible();
    await expect(newsletterField(page)).toHaveValue('');

    const confirmation = await waitForMail(email, /^Confirmez votre inscription à la newsletter/);
    await page.goto(linkIn(confirmation, '/newsletter/confirmation'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirmer mon inscription à la newsletter' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirmer mon inscription', exact: true }).click();
    const subscribed = page.getByRole('dialog', { name: 'Inscription à la newsletter' });
    await expect(subscribed).toBeVisible();
    await expect(subscribed).toContainText('Votre inscription à la newsletter est confirmée.');
    expect(pathOf(page)).toBe('/');
    await subscribed.getByRole('button', { name: 'Fermer' }).click();
    await expect(subscribed).toBeHidden();

    const welcome = await waitForMail(email, /^Votre inscription à la newsletter est confirmée/);
    await page.goto(linkIn(welcome, '/newsletter/desinscription'));
    await page.getByRole('button', { name: 'Me désinscrire', exact: true }).click();
    const unsubscribed = page.getByRole('dialog', { name: 'Désinscription de la newsletter' });
    await expect(unsubscribed).toContainText(
      'Votre désinscription est prise en compte : vous ne recevrez plus la newsletter.',
    );
  });

  test('a confirmation link that no longer works says so', async ({ page }) => {
    await page.goto('/newsletter/confirmation?token=lien-perime');
    await page.getByRole('button', { name: 'Confirmer mon inscription', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Inscription à la newsletter' });
    await expect(dialog).toContainText("Nous n'avons pas pu confirmer votre inscription.");
    expect(pathOf(page)).toBe('/');
  });
});
