import type { Page } from '@playwright/test';
import { expect, pathOf, settle, test } from '../fixtures.ts';

const DIALOG = 'Rechercher sur le site';

/** The header's 'Rechercher' button, not the submit button of the open dialog. */
function opener(page: Page) {
  return page
    .getByRole('button', { name: 'Rechercher', exact: true })
    .and(page.locator('xpath=//*[not(ancestor::*[@role="dialog" or local-name()="dialog"])]'));
}

function dialog(page: Page) {
  return page.getByRole('dialog', { name: DIALOG });
}

function field(page: Page) {
  return dialog(page).getByLabel(DIALOG, { exact: true });
}

async function openSearch(page: Page) {
  await opener(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toBeVisible();
}

test.describe('header search @mobile', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/mentions-legales');
  });

  test('the Rechercher button opens the search dialog', async ({ page }) => {
    await expect(dialog(page)).toBeHidden();
    await openSearch(page);
    await expect(
      dialog(page).getByRole('button', { name: 'Rechercher', exact: true }),
    ).toBeVisible();
  });

  test('an empty or blank term does nothing', async ({ page }) => {
    await openSearch(page);
    const submit = dialog(page).getByRole('button', { name: 'Rechercher', exact: true });
    await submit.click();
    await settle(page);
    expect(pathOf(page)).toBe('/mentions-legales');
    await expect(dialog(page)).toBeVisible();

    await field(page).fill('   ');
    await submit.click();
    await settle(page);
    expect(pathOf(page)).toBe('/mentions-legales');
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  });

  test('Escape closes the dialog and re-opening shows an empty field', async ({ page }) => {
    await openSearch(page);
    await field(page).fill('circuits');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await openSearch(page);
    await expect(field(page)).toHaveValue('');
  });

  test('Fermer closes the dialog and re-opening shows an empty field', async ({ page }) => {
    await openSearch(page);
    await field(page).fill('circuits');
    await dialog(page).getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await openSearch(page);
    await expect(field(page)).toHaveValue('');
  });

  test('the Rechercher opener closes the open dialog and clears the field', async ({ page }) => {
    await openSearch(page);
    await field(page).fill('circuits');
    await opener(page).click();
    await expect(dialog(page)).toBeHidden();
    await openSearch(page);
    await expect(field(page)).toHaveValue('');
  });

  test('a term leads to the search page with q set', async ({ page }) => {
    await openSearch(page);
    await field(page).fill('circuits courts');
    await dialog(page).getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(/\/recherche\?q=circuits(\+|%20)courts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Recherche' })).toBeVisible();
  });

  test('Enter in the field submits the term', async ({ page }) => {
    await openSearch(page);
    await field(page).fill('circuits courts');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/recherche\?q=circuits(\+|%20)courts$/);
  });
});
