import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

const HEADING = 'Résultats de votre recherche';
const LEGUMERIE_POST = 'Parution du guide « Créer une légumerie de territoire »';

function results(page: Page) {
  return page.getByRole('region', { name: 'Résultats' });
}

/** The search field of the page (the header's dialog has one with the same label, hidden). */
function pageField(page: Page) {
  return page.getByRole('main').getByLabel('Rechercher sur le site', { exact: true });
}

function typeFilter(page: Page) {
  return page.getByRole('main').getByLabel('Types', { exact: true });
}

/** The result whose title link has this accessible name. */
function resultLink(page: Page, title: string) {
  return results(page).getByRole('link', { name: title, exact: true });
}

test.describe('search results', () => {
  test('the header search leads to the highlighted results', async ({ page }) => {
    await page.goto('/mentions-legales');
    await page
      .getByRole('button', { name: 'Rechercher', exact: true })
      .and(page.locator('xpath=//*[not(ancestor::*[@role="dialog"])]'))
      .click();
    const dialog = page.getByRole('dialog', { name: 'Rechercher sur le site' });
    await dialog.getByLabel('Rechercher sur le site', { exact: true }).fill('légumerie');
    await dialog.getByRole('button', { name: 'Rechercher', exact: true }).click();

    await expect(page).toHaveURL(/\/recherche\?q=l%C3%A9gumerie$/);
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page.getByText('« légumerie »')).toBeVisible();
    await expect(pageField(page)).toHaveValue('légumerie');
    const link = resultLink(page, LEGUMERIE_POST);
    await expect(link).toHaveAttribute('href', /^\/actualites\/[a-z0-9-]+$/);
    // The matched word is marked in the title and in the excerpt.
    await expect(link.locator('mark')).toHaveText('légumerie');
    const card = results(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: LEGUMERIE_POST, exact: true }) });
    await expect(card.getByText('Actualités', { exact: true })).toBeVisible();
    await expect(card.locator('.fr-card__desc')).toContainText(/\S/);

    // A second search from the header, on the results page: the focus goes to its heading.
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Rechercher', exact: true })
      .and(page.locator('xpath=//*[not(ancestor::*[@role="dialog"])]'))
      .click();
    await dialog.getByLabel('Rechercher sur le site', { exact: true }).fill('circuits');
    await dialog.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(/\/recherche\?q=circuits$/);
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeFocused();
    await expect(pageField(page)).toHaveValue('circuits');
    // The page's own field keeps the focus through its search.
    await pageField(page).fill('légumerie');
    await pageField(page).press('Enter');
    await expect(page).toHaveURL(/\/recherche\?q=l%C3%A9gumerie$/);
    await expect(link).toBeVisible();
    await expect(pageField(page)).toBeFocused();

    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: LEGUMERIE_POST })).toBeVisible();
    await expectNoSeriousAxeViolation(page);
  });

  test('the Types filter changes the address and the results', async ({ page }) => {
    await page.goto('/recherche?q=l%C3%A9gumerie');
    await expect(resultLink(page, LEGUMERIE_POST)).toBeVisible();
    const before = await results(page).getByRole('listitem').count();

    await typeFilter(page).selectOption({ label: 'Ressources' });
    await expect(page).toHaveURL(/[?&]type=resources(&|$)/);
    await expect(resultLink(page, LEGUMERIE_POST)).toBeHidden();
    await expect(resultLink(page, 'Une légumerie de territoire en quatre minutes')).toBeVisible();
    const details = results(page).locator('.fr-card__detail');
    await expect(details.first()).toHaveText('Ressources');
    for (const text of await details.allTextContents()) expect(text).toBe('Ressources');
    expect(await results(page).getByRole('listitem').count()).toBeLessThan(before);

    await typeFilter(page).selectOption({ label: 'Tous les types' });
    await expect(page).not.toHaveURL(/type=/);
    await expect(resultLink(page, LEGUMERIE_POST)).toBeVisible();
    await expectNoSeriousAxeViolation(page);
  });

  test('accents and one typo make no difference', async ({ page }) => {
    await page.goto('/recherche');
    for (const q of ['legumerie', 'LÉGUMERIE', 'legumeire', 'légumrie']) {
      await pageField(page).fill(q);
      await pageField(page).press('Enter');
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, '\\+')}`));
      await expect(resultLink(page, LEGUMERIE_POST)).toBeVisible();
    }
  });

  test('a documentary resource opens its external address in a new window', async ({ page }) => {
    await page.goto('/recherche?q=observatoire&type=documentary_resources');
    const link = results(page).getByRole('link', {
      name: /Observatoire national des projets alimentaires territoriaux/,
    });
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('title', /nouvelle fenêtre$/);
    await expect(
      results(page).getByText('Ressources documentaires', { exact: true }),
    ).toBeVisible();
  });

  test('pages through many results', async ({ page }) => {
    await page.goto('/recherche?q=alimentation');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toBeVisible();
    const firstTitle = await results(page).getByRole('heading', { level: 2 }).first().innerText();
    await pagination.getByRole('link', { name: 'Page suivante' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(results(page).getByRole('heading', { level: 2 }).first()).not.toHaveText(
      firstTitle,
    );
    // A new query starts again at page 1.
    await pageField(page).fill('cantine');
    await pageField(page).press('Enter');
    await expect(page).toHaveURL(/\/recherche\?q=cantine$/);
  });

  test('an empty query shows the form and searches nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') calls.push(request.url());
    });
    await page.goto('/recherche');
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page.getByText('Saisissez un ou plusieurs mots')).toBeVisible();
    await expect(pageField(page)).toHaveValue('');
    await pageField(page).press('Enter');
    await typeFilter(page).selectOption({ label: 'FAQ' });
    await expect(page).toHaveURL(/\/recherche\?type=faq$/);
    await expect(page.getByText('Saisissez un ou plusieurs mots')).toBeVisible();
    expect(calls).toEqual([]);
    await expectNoSeriousAxeViolation(page);
  });

  test('a query without results says so', async ({ page }) => {
    await page.goto('/recherche?q=zzzzzz');
    await expect(results(page).getByText('Aucun résultat')).toBeVisible();
    await expectNoSeriousAxeViolation(page);
  });

  test('the results are in the server-rendered page', async ({ page, request }) => {
    const html = await (await request.get('/recherche?q=l%C3%A9gumerie')).text();
    expect(html).toContain(HEADING);
    expect(html).toContain('<mark>légumerie</mark>');
    await page.goto('/recherche?q=l%C3%A9gumerie');
    await expect(resultLink(page, LEGUMERIE_POST)).toBeVisible();
  });
});
