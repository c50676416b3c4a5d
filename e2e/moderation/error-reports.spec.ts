import { solveCaptcha } from '../anonymous-forms.ts';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, signIn, test } from '../fixtures.ts';

/**
 * « Signaler une erreur » (issue 10): a visitor reports an error on an initiative's detail, the
 * team finds it under « Signalements » and next to the item on its review page, and marks it dealt
 * with. The validation, captcha, honeypot and access rules are covered by the API tests
 * (modules/error-reports).
 */

const MODERATOR = { email: 'moderation@exemple.fr', password: 'Demo-Moderation-2026!' } as const;
/** A published demo initiative in Charente (seed content/initiatives-part-1.ts). */
const DRIVE = 'Drive fermier charentais';

test('a visitor reports an error, the team deals with it under « Signalements » @desktop-only', async ({
  page,
  pageErrors,
}) => {
  const message = `Le drive est fermé le lundi (test ${Date.now().toString(36)}).`;

  await page.goto('/initiatives?resourceType=initiatives&locations=16');
  const href = await page
    .getByRole('tabpanel')
    .getByRole('link', { name: new RegExp(`^${DRIVE}`) })
    .getAttribute('href');
  await page.goto(href!);
  const detail = page.getByRole('dialog', { name: DRIVE });
  await detail.getByRole('button', { name: 'Signaler une erreur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler une erreur' });
  await expect(dialog).toBeVisible();
  await expect(detail).toBeHidden();
  await expect(dialog).toContainText(`Initiative : ${DRIVE}`);

  // The server's French error shows under its field; what was typed stays.
  const id = new URL(href!, 'http://localhost').pathname.split('/').pop();
  pageErrors.allowStatus(422, `/api/initiatives/${id}/error-reports`);
  await dialog.getByLabel(/^Votre e-mail/).fill('pas-une-adresse');
  await dialog.getByLabel(/^Votre message/).fill(message);
  await solveCaptcha(page);
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(
    dialog.getByText('Le champ adresse e-mail doit être une adresse e-mail valide.'),
  ).toBeVisible();
  await expect(dialog.getByLabel(/^Votre message/)).toHaveValue(message);
  await expectNoSeriousAxeViolation(page, 'Signaler une erreur (modal)');

  await dialog.getByLabel(/^Votre e-mail/).fill('visiteur.signalement@exemple.fr');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(
    dialog.getByText("Merci, votre signalement a bien été transmis à l'équipe de la plateforme."),
  ).toBeVisible();
  await dialog.getByRole('button', { name: /Fermer/ }).click();
  await expect(detail).toBeVisible();

  // The team: the side menu's « Signalements ».
  await page.goto('/connexion');
  await signIn(page, MODERATOR);
  await page.goto('/moderation');
  await page.getByRole('link', { name: 'Signalements', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signalements' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/moderation/signalements');
  const main = page.getByRole('main');
  const report = main
    .getByRole('article', { name: `Initiative : ${DRIVE}` })
    .filter({ hasText: message });
  await expect(report).toContainText('visiteur.signalement@exemple.fr');
  await expectNoSeriousAxeViolation(page, 'Signalements');

  // Next to the item, on its review page.
  await report.getByRole('link', { name: /^Ouvrir la fiche dans la modération/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: DRIVE })).toBeVisible();
  await expect(
    main.getByRole('region', { name: /erreurs? signalées?$/ }).getByText(message),
  ).toBeVisible();
  await page.goBack();

  await report.getByRole('button', { name: /^Marquer comme traité/ }).click();
  await expect(main.getByText('Le signalement est marqué comme traité.')).toBeVisible();
  await expect(main.getByText(message)).toHaveCount(0);
});
