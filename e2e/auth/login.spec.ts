import {
  DEMO_MEMBER,
  emailField,
  escapeRegExp,
  expect,
  passwordField,
  pathOf,
  test,
} from '../fixtures.ts';

const WRONG_CREDENTIALS = 'Ces identifiants ne correspondent pas à nos enregistrements.';

test.describe('login page', () => {
  test('a wrong password shows the error under the e-mail field and keeps the e-mail', async ({
    page,
    pageErrors,
  }) => {
    // Chromium reports the 422 answer of POST /connexion as a failed resource.
    pageErrors.allowStatus(422, '/connexion');
    await page.goto('/connexion');
    await emailField(page).fill(DEMO_MEMBER.email);
    await passwordField(page).fill('Pas-le-bon-mot-de-passe-1!');
    await page
      .getByRole('main')
      .getByRole('button', { name: /se connecter/i })
      .click();

    await expect(emailField(page)).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(WRONG_CREDENTIALS)),
    );
    await expect(emailField(page)).toHaveValue(DEMO_MEMBER.email);
    expect(pathOf(page)).toBe('/connexion');

    // The message sits between the e-mail field and the password field.
    const message = page.getByRole('main').getByText(WRONG_CREDENTIALS, { exact: true });
    await expect(message).toBeVisible();
    const [emailBox, messageBox, passwordBox] = await Promise.all([
      emailField(page).boundingBox(),
      message.boundingBox(),
      passwordField(page).boundingBox(),
    ]);
    expect(messageBox?.y ?? 0).toBeGreaterThan(emailBox?.y ?? Infinity);
    expect(messageBox?.y ?? Infinity).toBeLessThan(passwordBox?.y ?? 0);
  });

  test('the demo member signs in through the form @mobile', async ({ page }) => {
    await page.goto('/connexion');
    await emailField(page).fill(DEMO_MEMBER.email);
    await passwordField(page).fill(DEMO_MEMBER.password);
    await page
      .getByRole('main')
      .getByRole('button', { name: /se connecter/i })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/mon-compte/tableau-de-bord');
  });
});
