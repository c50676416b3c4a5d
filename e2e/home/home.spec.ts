import type { Locator } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, hrefTo, pathOf, test } from '../fixtures.ts';

/**
 * The first day with events in the home calendar: in the current month, or a later one (at the
 * end of a month, its remaining days may have none).
 */
async function firstEventDay(agenda: Locator): Promise<Locator> {
  const days = agenda.getByRole('table').getByRole('button', { name: /évènements ce jour/ });
  const title = agenda.locator('.app-calendar__head p');
  await expect(agenda.getByRole('table')).toBeVisible();
  for (let month = 0; month < 3 && (await days.count()) === 0; month += 1) {
    const shown = (await title.textContent()) ?? '';
    await agenda.getByRole('button', { name: 'Mois suivant' }).click();
    await expect(title).not.toHaveText(shown);
  }
  await expect(days.first()).toBeVisible();
  return days.first();
}

test.describe('home page', () => {
  test('intro, calls to action, latest news and the blocks', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Agir ensemble pour une alimentation saine et durable',
      }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Découvrir les initiatives' })).toHaveAttribute(
      'href',
      hrefTo('/initiatives'),
    );
    await expect(page.getByRole('link', { name: 'Ajouter mon initiative' })).toHaveAttribute(
      'href',
      hrefTo('/mon-compte/tableau-de-bord'),
    );

    // 'Latest news': 2 posts, then 3 more, each with its 'Voir plus' link, none twice.
    const news = page.getByRole('region', { name: 'Les dernières actualités' });
    const titles = news.getByRole('heading', { level: 3 });
    await expect(titles).toHaveCount(5);
    expect(new Set(await titles.allInnerTexts()).size).toBe(5);
    await expect(news.getByText('Voir plus')).toHaveCount(5);
    await expect(news.getByRole('link', { name: 'Voir toutes les actualités' })).toHaveAttribute(
      'href',
      hrefTo('/actualites'),
    );
    await expect(news.getByRole('link', { name: 'Proposer une actualité' })).toHaveAttribute(
      'href',
      /\/mon-compte\//,
    );

    const agenda = page.getByRole('region', { name: "L'agenda" });
    await expect(agenda.getByRole('link', { name: 'Voir toutes les dates' })).toHaveAttribute(
      'href',
      hrefTo('/agenda'),
    );
    await expect(agenda.getByRole('link', { name: 'Proposer un évènement' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Soumettre mon idée' })).toHaveAttribute(
      'href',
      hrefTo('/nous-contacter?thematic=4'),
    );
    await expect(page.getByRole('link', { name: "Consulter l'annuaire" })).toHaveAttribute(
      'href',
      hrefTo('/annuaire'),
    );
    await expect(page.getByRole('link', { name: 'Voir les ressources' })).toHaveAttribute(
      'href',
      hrefTo('/ressources'),
    );
    await expectNoSeriousAxeViolation(page, '/');
  });

  test('a day of the calendar opens the agenda of that day @desktop-only', async ({ page }) => {
    await page.goto('/');
    const agenda = page.getByRole('region', { name: "L'agenda" });
    const calendar = agenda.getByRole('table');
    await expect(calendar).toBeVisible();
    // Weeks start on Monday.
    await expect(calendar.getByRole('columnheader').first()).toContainText(/lun/i);
    await (await firstEventDay(agenda)).click();
    await expect.poll(() => pathOf(page)).toBe('/agenda');
    expect(new URL(page.url()).searchParams.get('day')).toMatch(/^\d{8}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "L'agenda des évènements" }),
    ).toBeVisible();
  });

  test('the day of the URL is selected, and clicked again it is cleared @desktop-only', async ({
    page,
  }) => {
    await page.goto('/');
    const agenda = page.getByRole('region', { name: "L'agenda" });
    const calendar = agenda.getByRole('table');
    await (await firstEventDay(agenda)).click();
    await expect.poll(() => pathOf(page)).toBe('/agenda');
    const day = new URL(page.url()).searchParams.get('day')!;

    // Spec §4: the home calendar's selected day comes from `day`.
    await page.goto(`/?day=${day}`);
    const selected = calendar.locator('button[aria-pressed="true"]');
    await expect(selected).toHaveCount(1);
    await selected.click();
    await expect.poll(() => page.url()).not.toContain('day=');
    expect(pathOf(page)).toBe('/');
    await expect(calendar.locator('button[aria-pressed="true"]')).toHaveCount(0);
  });

  test('no calendar on a phone, the agenda links stay @mobile-only', async ({ page }) => {
    await page.goto('/');
    const agenda = page.getByRole('region', { name: "L'agenda" });
    await expect(agenda.getByRole('table')).toBeHidden();
    await expect(agenda.getByRole('link', { name: 'Voir toutes les dates' })).toBeVisible();
  });
});
