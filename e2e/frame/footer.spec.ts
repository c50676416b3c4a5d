import type { Page } from '@playwright/test';
import { escapeRegExp, expect, hrefTo, settle, test } from '../fixtures.ts';

const FOOTER_LINKS = [
  { name: 'À propos', path: '/a-propos' },
  { name: 'Actualités', path: '/actualites' },
  { name: 'Glossaire', path: '/glossaire' },
  { name: 'Initiatives', path: '/initiatives' },
  { name: 'Agenda', path: '/agenda' },
  { name: 'Annuaire', path: '/annuaire' },
  { name: 'Ressources', path: '/ressources' },
  { name: 'Nous contacter', path: '/nous-contacter' },
  { name: 'FAQ', path: '/foire-aux-questions' },
  { name: 'Politique de confidentialité', path: '/politique-de-confidentialite' },
  { name: 'Mentions légales', path: '/mentions-legales' },
  { name: "Conditions générales d'utilisation", path: '/conditions-generales-d-utilisation' },
] as const;

/** Spec §2: 'I share this page from' in French, followed by the product's name. */
const SHARE_TEXT = 'Je partage cette page depuis Alimentation durable Nouvelle-Aquitaine';

const NETWORKS = ['Facebook', 'Twitter', 'LinkedIn'] as const;

function footer(page: Page) {
  return page.getByRole('contentinfo');
}

/** DSFR puts the share and newsletter block just above the contentinfo landmark. */
function shareLink(page: Page, network: string) {
  return page.getByRole('link', { name: new RegExp(`^Partager sur ${network}`) });
}

/** Every query value of the share link, decoded. */
async function shareParameters(page: Page, network: string): Promise<string> {
  const href = await shareLink(page, network).getAttribute('href');
  expect(href, `href of 'Partager sur ${network}'`).toBeTruthy();
  return [...new URL(href ?? '').searchParams.values()].join(' ');
}

async function expectShareLinksFor(page: Page, pageUrl: string) {
  for (const network of NETWORKS) {
    const link = shareLink(page, network);
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(escapeRegExp(encodeURIComponent(pageUrl))),
    );
    await expect.poll(() => shareParameters(page, network)).toContain(pageUrl);
  }
  await expect.poll(() => shareParameters(page, 'Twitter')).toContain(SHARE_TEXT);
}

test.describe('footer @mobile', () => {
  test('links to the site sections and legal pages', async ({ page }) => {
    await page.goto('/mentions-legales');
    for (const { name, path } of FOOTER_LINKS) {
      const link = footer(page).getByRole('link', { name, exact: true });
      await expect(link, name).toBeVisible();
      await expect(link, name).toHaveAttribute('href', hrefTo(path));
    }
    await expect(footer(page)).toContainText('© 2019');
  });

  test('share links carry the current page address', async ({ page, baseURL }) => {
    await page.goto('/mentions-legales');
    await expectShareLinksFor(page, `${baseURL}/mentions-legales`);

    await footer(page).getByRole('link', { name: 'Glossaire', exact: true }).click();
    await expect(page).toHaveURL('/glossaire');
    await expectShareLinksFor(page, `${baseURL}/glossaire`);
  });

  test('the newsletter form refuses an empty address', async ({ page }) => {
    await page.goto('/mentions-legales');
    const field = page.getByLabel('Votre adresse électronique (ex. : nom@domaine.fr)', {
      exact: true,
    });
    await expect(field).toBeVisible();
    await expect(field).toHaveValue('');
    await page.getByRole('button', { name: "S'abonner", exact: true }).click();
    await expect(page.getByText('Vous devez renseigner ce champ.')).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/Vous devez renseigner ce champ\./);
    await settle(page);
    await expect(page.getByText('Votre inscription est confirmée.')).toBeHidden();
    await expect(page.getByText('Votre inscription à la newsletter est confirmée.')).toBeHidden();
  });

  test('a valid address without a configured provider is asked to confirm by e-mail', async ({
    page,
  }, testInfo) => {
    await page.goto('/mentions-legales');
    const field = page.getByLabel('Votre adresse électronique (ex. : nom@domaine.fr)', {
      exact: true,
    });
    await field.fill(`visiteur.${testInfo.project.name}.${Date.now()}@exemple.fr`);
    await page.getByRole('button', { name: "S'abonner", exact: true }).click();
    // The built-in list (double opt-in): nothing is confirmed before the e-mail's link.
    await expect(
      page.getByText(/^Plus qu'une étape : .* un lien pour confirmer votre inscription\.$/),
    ).toBeVisible();
    await expect(page.getByText('Vous devez renseigner ce champ.')).toHaveCount(0);
    await expect(field).toHaveValue('');
    await settle(page);
    await expect(page.getByText("Nous n'avons pas pu confirmer votre inscription.")).toHaveCount(0);
    await expect(page.getByText('Votre inscription est confirmée.')).toHaveCount(0);
    await expect(page.getByText('Votre inscription à la newsletter est confirmée.')).toHaveCount(0);
  });
});
