import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, pathOf, test } from '../fixtures.ts';
import type { Locator, Page } from '@playwright/test';

const REFERENT = 'Contacter la personne référente';

/** The directory card of a structure (an article named by its title). */
function card(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('article', { name });
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test.describe('Annuaire', () => {
  test('lists the directory with its filters, cards and actions', async ({ page }) => {
    await page.goto('/annuaire');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Annuaire' })).toBeVisible();
    await expect(main.getByText('Types de contact', { exact: true })).toBeVisible();
    await expect(main.getByText('Localisations', { exact: true })).toBeVisible();

    const jardins = card(page, 'Association Les Jardins de Garonne');
    await expect(jardins).toBeVisible();
    await expect(jardins.getByText('14 quai de la Barre')).toBeVisible();
    await expect(jardins.getByRole('link', { name: '05 36 49 10 01' })).toHaveAttribute(
      'href',
      'tel:0536491001',
    );
    await expect(jardins.getByText('Accessibilité sociale')).toBeVisible();
    await expect(jardins.getByRole('button', { name: REFERENT })).toBeVisible();
    const website = jardins.getByRole('link', { name: 'Site web' });
    await expect(website).toHaveAttribute('href', 'https://jardins-garonne.exemple.fr');
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', /noopener/);
    await expect(website).toHaveAttribute('title', /nouvelle fenêtre/);
    // Contacts hidden from the directory never show.
    await expect(main.getByText('SCIC Saveurs du Plateau')).toHaveCount(0);

    await expectNoSeriousAxeViolation(page, '/annuaire');
  });

  test('the referent button only shows on cards with an e-mail, and links to the map', async ({
    page,
  }) => {
    await page.goto('/annuaire?locations=19');
    const tulle = card(page, 'Tulle Agglo — service développement rural');
    const civam = card(page, 'CIVAM de la Montagne corrézienne');
    await expect(tulle).toBeVisible();
    await expect(civam).toBeVisible();
    await expect(tulle.getByRole('button', { name: REFERENT })).toHaveCount(0);
    await expect(civam.getByRole('button', { name: REFERENT })).toBeVisible();

    // Spec §2: every card links to the map filtered by its contact.
    for (const contact of [tulle, civam]) {
      await expect(contact.getByRole('link', { name: /^Voir ses initiatives/ })).toHaveAttribute(
        'href',
        /^\/initiatives\?contactId=\d+$/,
      );
    }
  });

  test('filters change the URL and the results', async ({ page }) => {
    await page.goto('/annuaire');
    const main = page.getByRole('main');
    await main.getByText('Types de contact', { exact: true }).click();
    // A visitor clicks the label (the DSFR draws the box on it).
    await main.locator('.app-filter__panel').getByText('Association', { exact: true }).click();
    await expect.poll(() => searchOf(page).getAll('types')).toHaveLength(1);
    await expect(card(page, 'Association Les Jardins de Garonne')).toBeVisible();
    await expect(card(page, 'Grand Angoulême — service Alimentation')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await main.getByText('Localisations', { exact: true }).click();
    // A visitor clicks the label (the DSFR draws the box on it).
    await main.locator('.app-filter__panel').getByText('Deux-Sèvres (79)', { exact: true }).click();
    await expect.poll(() => searchOf(page).getAll('locations')).toEqual(['79']);
    await expect(card(page, 'Gâtine Solidaire')).toBeVisible();
    await expect(card(page, 'Association Les Jardins de Garonne')).toHaveCount(0);
    await expect(main.getByRole('article')).toHaveCount(1);

    // The URL alone gives the same list (shared link, reload).
    await page.reload();
    await expect(card(page, 'Gâtine Solidaire')).toBeVisible();
    await expect(main.getByRole('article')).toHaveCount(1);
  });

  test('a mistyped type in the address shows the directory without it', async ({ page }) => {
    await page.goto('/annuaire?types=association');
    await expect(card(page, 'Association Les Jardins de Garonne')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  test("'Aucun résultat' when nothing matches", async ({ page }) => {
    await page.goto('/annuaire?locations=2A');
    await expect(page.getByRole('main').getByText('Aucun résultat')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  });

  test('pagination goes to the next page and back to the top', async ({ page }) => {
    await page.goto('/annuaire');
    const main = page.getByRole('main');
    const pagination = main.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: '1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const firstOnPage1 = await main.getByRole('article').first().getAttribute('aria-labelledby');
    await pagination.getByRole('link', { name: 'Page suivante' }).click();
    await expect.poll(() => searchOf(page).get('page')).toBe('2');
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect
      .poll(() => main.getByRole('article').first().getAttribute('aria-labelledby'))
      .not.toBe(firstOnPage1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(pathOf(page)).toBe('/annuaire');
  });

  test('the referent form opens in a modal, closes with Escape and resets', async ({ page }) => {
    await page.goto('/annuaire?locations=19');
    const button = card(page, 'CIVAM de la Montagne corrézienne').getByRole('button', {
      name: REFERENT,
    });
    await button.click();
    const dialog = page.getByRole('dialog', { name: REFERENT });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('CIVAM de la Montagne corrézienne')).toBeVisible();
    await dialog.getByLabel('Votre nom').fill('Élise Durand');
    await expectNoSeriousAxeViolation(page, 'referent modal');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Votre nom')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a message to the referent is sent and thanked', async ({ page }) => {
    await page.goto('/annuaire?locations=19');
    await card(page, 'CIVAM de la Montagne corrézienne')
      .getByRole('button', { name: REFERENT })
      .click();
    const dialog = page.getByRole('dialog', { name: REFERENT });
    await dialog.getByLabel('Votre nom').fill('Élise Durand');
    await dialog.getByLabel('Votre e-mail').fill('elise.durand@exemple.fr');
    await dialog.getByLabel('Votre message*').fill('Bonjour, proposez-vous des visites ?');
    await dialog.locator('altcha-widget').getByRole('checkbox').click();
    await expect(dialog.getByText('Vérification anti-robot réussie.')).toBeAttached({
      timeout: 20_000,
    });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(dialog.getByText('Merci, votre demande a bien été envoyée.')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: REFERENT })).toBeFocused();

    // Closing resets the form and its success state.
    await page.keyboard.press('Escape');
    await card(page, 'CIVAM de la Montagne corrézienne')
      .getByRole('button', { name: REFERENT })
      .click();
    await expect(dialog.getByLabel('Votre nom')).toHaveValue('');
    await expect(dialog.getByText('Merci, votre demande a bien été envoyée.')).toHaveCount(0);
  });
});
