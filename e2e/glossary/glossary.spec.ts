import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

const APP = 'Alimentation durable Nouvelle-Aquitaine';
/** Spec §9: tablet is under 1024 px. */
const TABLET = { width: 800, height: 1000 };
const DESKTOP = { width: 1280, height: 900 };

/** A letter's group: its <section> (the target of the letter index). */
const group = (page: Page, letter: string) =>
  page.getByRole('main').locator(`section#lettre-${letter.toLowerCase()}`);
const toggle = (page: Page, letter: string) =>
  group(page, letter).getByRole('button', { name: letter, exact: true });

test.describe('Glossaire', () => {
  test('groups the entries by letter, an accented title under its plain letter', async ({
    page,
  }) => {
    await page.goto('/glossaire');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Glossaire' })).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - Glossaire`);

    // Letters in order, each a level-2 heading; the index links to every letter present.
    const index = main.getByRole('navigation', { name: 'Index alphabétique' });
    await expect(index.getByRole('link')).toHaveText([
      'A',
      'B',
      'C',
      'D',
      'E',
      'G',
      'L',
      'M',
      'P',
      'R',
      'S',
      'Z',
    ]);
    await expect(index.getByRole('link', { name: 'E', exact: true })).toHaveAttribute(
      'href',
      '#lettre-e',
    );

    // 'Épicerie solidaire' is under E, between 'Dénutrition' (D) and 'Espace-test agricole'.
    const e = group(page, 'E');
    await expect(e.locator('dt')).toHaveText(['Épicerie solidaire', 'Espace-test agricole']);
    await expect(group(page, 'A').locator('dt')).toHaveText(['Agroécologie', 'AMAP', 'AOP']);
    await expect(group(page, 'R').locator('dt')).toHaveText([
      'Résilience alimentaire',
      'Restauration collective',
    ]);
    await expect(main.getByRole('heading', { level: 2 })).toHaveCount(12);
  });

  test('desktop: every group is shown, without accordion buttons @desktop-only', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/glossaire');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'A', exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Z', exact: true })).toBeVisible();
    await expect(main.getByText('Zone agricole protégée', { exact: true })).toBeVisible();
    await expect(main.getByText('Épicerie solidaire', { exact: true })).toBeVisible();
    await expect(main.locator('section.fr-accordion').getByRole('button')).toHaveCount(0);
    await expectNoSeriousAxeViolation(page, '/glossaire (desktop)');
  });

  test('tablet: collapsible groups, the first open, the others closed @desktop-only', async ({
    page,
  }) => {
    await page.setViewportSize(TABLET);
    await page.goto('/glossaire');
    await expectCollapsible(page);

    // Back to desktop width: everything shows again, whatever was toggled.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByText('Zone agricole protégée', { exact: true })).toBeVisible();
    await expect(page.getByText('Biodéchets', { exact: true })).toBeVisible();
  });

  test('mobile: collapsible groups, the index opens a letter @mobile-only', async ({ page }) => {
    await page.goto('/glossaire');
    await expectCollapsible(page);
    await expectNoSeriousAxeViolation(page, '/glossaire (mobile)');

    const zone = page.getByText('Zone agricole protégée', { exact: true });
    await expect(zone).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Index alphabétique' })
      .getByRole('link', { name: 'Z', exact: true })
      .click();
    await expect(toggle(page, 'Z')).toHaveAttribute('aria-expanded', 'true');
    await expect(zone).toBeVisible();
    await expect(zone).toBeInViewport();
  });

  test('an anchor in the address opens its group', async ({ page }) => {
    await page.goto('/glossaire#lettre-s');
    await expect(
      page.getByText('Sécurité sociale de l’alimentation', { exact: true }),
    ).toBeVisible();
  });

  test("a search result's anchor opens the group of its entry", async ({ page }) => {
    await page.goto('/glossaire#circuit-court');
    await expect(page.getByText('Circuit court', { exact: true })).toBeVisible();
    await expect(page.locator('#circuit-court')).toBeInViewport();
  });
});

async function expectCollapsible(page: Page) {
  const first = toggle(page, 'A');
  const second = toggle(page, 'B');
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Agroécologie', { exact: true })).toBeVisible();
  for (const letter of ['B', 'C', 'E', 'Z']) {
    await expect(toggle(page, letter)).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(page.getByText('Biodéchets', { exact: true })).toBeHidden();
  await expect(page.getByText('Épicerie solidaire', { exact: true })).toBeHidden();

  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Biodéchets', { exact: true })).toBeVisible();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Agroécologie', { exact: true })).toBeHidden();
}

test.describe('Glossaire without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the letter index still opens a closed group @mobile-only', async ({ page }) => {
    await page.goto('/glossaire');
    await expect(page.getByText('Agroécologie', { exact: true })).toBeVisible();
    await expect(page.getByText('Biodéchets', { exact: true })).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Index alphabétique' })
      .getByRole('link', { name: 'B', exact: true })
      .click();
    await expect(page.getByText('Biodéchets', { exact: true })).toBeVisible();
  });

  test('every group is readable on desktop @desktop-only', async ({ page }) => {
    await page.goto('/glossaire');
    await expect(page.getByText('Zone agricole protégée', { exact: true })).toBeVisible();
    await expect(page.getByText('Biodéchets', { exact: true })).toBeVisible();
  });
});
