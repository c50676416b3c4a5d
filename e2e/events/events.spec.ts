import type { Page } from '@playwright/test';
import { FRENCH_MONTHS, pathTo } from '@ad/contract';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

const APP = 'Alimentation durable Nouvelle-Aquitaine';

interface AgendaEvent {
  id: number;
  title: string;
  started_at: string;
  ended_at: string | null;
  more_infos_type: 'post' | 'other' | null;
  post: { slug: string } | null;
  external_url: string | null;
}
interface EventsPage {
  data: AgendaEvent[];
  meta: { total: number; last_page: number };
}
interface Filters {
  categories: { id: number; name: string }[];
  events: { started_at: string; ended_at: string | null }[];
  min_date: string;
}

async function apiJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

const calendar = (page: Page) => page.getByRole('table', { name: /^\p{Lu}\p{Ll}+ \d{4}$/u });
const dayButtons = (page: Page) =>
  calendar(page).getByRole('button', { name: /, évènements ce jour$/ });
const cardTitles = (page: Page) => page.getByRole('main').locator('.fr-card__title');

/** The month shown by the calendar ('Novembre 2026'), as YYYYMM. */
async function shownMonth(page: Page): Promise<string> {
  const title = await page.locator('.app-calendar [aria-live]').textContent();
  const [, name, year] = /^(\S+) (\d{4})$/.exec(title ?? '') ?? [];
  const index = (FRENCH_MONTHS as readonly string[]).indexOf((name ?? '').toLowerCase());
  expect(index, `calendar title ${title}`).toBeGreaterThanOrEqual(0);
  return `${year}${String(index + 1).padStart(2, '0')}`;
}

/** Moves the calendar forward until it shows a day with events (late in a month, none left). */
async function monthWithEvents(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await dayButtons(page).count()) === 0; i += 1) {
    await page.getByRole('button', { name: 'Mois suivant' }).click();
  }
  await expect(dayButtons(page).first()).toBeVisible();
}

test.describe('Agenda', () => {
  test('shows the title, the filter, the proposal button and the upcoming events', async ({
    page,
  }) => {
    await page.goto('/agenda');
    await expect(page).toHaveTitle(`${APP} - Agenda`);
    await expect(
      page.getByRole('heading', { level: 1, name: "L'agenda des évènements" }),
    ).toBeVisible();
    await expect(page.getByText('Catégories', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Déposer un évènement' })).toHaveAttribute(
      'href',
      pathTo('myaccount.events.create'),
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Évènements à venir' })).toBeVisible();

    const upcoming = await apiJson<EventsPage>(page, '/api/events');
    expect(upcoming.data.length).toBeGreaterThan(0);
    await expect(cardTitles(page)).toHaveText(upcoming.data.map((event) => event.title));

    // A card links to its post, or to its external page in an announced new window.
    const withPost = upcoming.data.find((event) => event.more_infos_type === 'post' && event.post);
    const external = upcoming.data.find((event) => event.more_infos_type === 'other');
    expect(withPost && external, 'the demo has both kinds of events').toBeTruthy();
    await expect(page.getByRole('link', { name: withPost!.title, exact: true })).toHaveAttribute(
      'href',
      pathTo('post', { slug: withPost!.post!.slug }),
    );
    const externalLink = page.getByRole('link', { name: external!.title, exact: true });
    await expect(externalLink).toHaveAttribute('href', external!.external_url!);
    await expect(externalLink).toHaveAttribute('target', '_blank');
    await expect(externalLink).toHaveAttribute('title', `${external!.title} - nouvelle fenêtre`);

    // The schema.org list of the page's events, in the server's HTML.
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')));
    const list = jsonLd.find((entry) => entry['@type'] === 'ItemList');
    expect(list.itemListElement[0].item).toMatchObject({
      '@type': 'Event',
      name: upcoming.data[0]!.title,
      startDate: upcoming.data[0]!.started_at,
    });

    await expectNoSeriousAxeViolation(page);
  });

  test('the calendar starts its weeks on Monday @desktop-only', async ({ page }) => {
    await page.goto('/agenda');
    const headings = calendar(page).getByRole('columnheader');
    await expect(headings).toHaveText([
      /^lun\.lundi$/,
      /^mar\.mardi$/,
      /^mer\.mercredi$/,
      /^jeu\.jeudi$/,
      /^ven\.vendredi$/,
      /^sam\.samedi$/,
      /^dim\.dimanche$/,
    ]);
    await expect(page.getByRole('button', { name: 'Mois précédent' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
    // The 1st of the month sits in its weekday's column, Monday being the first.
    const month = await shownMonth(page);
    const first = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1));
    const column = (first.getUTCDay() + 6) % 7;
    const firstRow = calendar(page).locator('tbody tr').first();
    await expect(firstRow.locator('td').nth(column)).toHaveText('1');
    const filters = await apiJson<Filters>(page, '/api/events/filters');
    expect(month).toBe(filters.min_date.slice(0, 6));
  });

  test('a day with events filters the list through ?day=, and choosing it again clears it @desktop-only', async ({
    page,
  }) => {
    await page.goto('/agenda');
    await monthWithEvents(page);
    const label = (await dayButtons(page).first().getAttribute('aria-label'))!;
    const button = calendar(page).getByRole('button', { name: label, exact: true });
    const month = await shownMonth(page);
    const day = `${month}${String(await button.textContent()).padStart(2, '0')}`;

    await button.click();
    await expect(page).toHaveURL(new RegExp(`/agenda\\?day=${day}$`));
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const dayLabel = label.replace(/, évènements ce jour$/, '');
    await expect(
      page.getByRole('heading', { level: 2, name: `Évènements du ${dayLabel}` }),
    ).toBeVisible();
    const ofDay = await apiJson<EventsPage>(page, `/api/events?day=${day}`);
    expect(ofDay.data.length).toBeGreaterThan(0);
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    for (const event of ofDay.data) {
      expect(event.started_at <= iso && (event.ended_at ?? event.started_at) >= iso).toBe(true);
    }
    await expect(cardTitles(page)).toHaveText(ofDay.data.map((event) => event.title));

    await button.click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { level: 2, name: 'Évènements à venir' })).toBeVisible();
    // The calendar stays on its month.
    expect(await shownMonth(page)).toBe(month);
  });

  test('a day of a multi-day event matches on each of its days', async ({ page }) => {
    const upcoming = await apiJson<EventsPage>(page, '/api/events');
    const long = upcoming.data.find((event) => event.ended_at && event.ended_at > event.started_at);
    expect(long, 'the demo has a multi-day event to come').toBeTruthy();
    const last = long!.ended_at!.replaceAll('-', '');
    await page.goto(`/agenda?day=${last}`);
    await expect(page.getByRole('link', { name: long!.title, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Évènements du / })).toBeVisible();
  });

  test('the category filter changes the URL and the results, and clears the day', async ({
    page,
  }) => {
    const filters = await apiJson<Filters>(page, '/api/events/filters');
    const upcoming = await apiJson<EventsPage>(page, '/api/events');
    const first = upcoming.data[0]!;
    const firstDay = first.started_at.replaceAll('-', '');
    // Any category with events to come.
    let chosen: { id: number; name: string; titles: string[] } | null = null;
    for (const category of filters.categories) {
      const list = await apiJson<EventsPage>(page, `/api/events?categories[]=${category.id}`);
      if (list.data.length && list.data.length < upcoming.data.length) {
        chosen = { ...category, titles: list.data.map((event) => event.title) };
        break;
      }
    }
    expect(chosen, 'a category with some of the events').toBeTruthy();

    await page.goto(`/agenda?day=${firstDay}`);
    await expect(page.getByRole('heading', { level: 2, name: /^Évènements du / })).toBeVisible();
    await page.getByText('Catégories', { exact: true }).click();
    // The DSFR checkbox is drawn by its label, which takes the click.
    await page.locator('.app-filter').getByText(chosen!.name, { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: chosen!.name })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/agenda\\?categories=${chosen!.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Évènements à venir' })).toBeVisible();
    await expect(cardTitles(page)).toHaveText(chosen!.titles);

    await page.locator('.app-filter').getByText(chosen!.name, { exact: true }).click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(cardTitles(page)).toHaveCount(upcoming.data.length);
  });

  test('an earlier month fetches the filters from that month and shows its days @desktop-only', async ({
    page,
  }) => {
    await page.goto('/agenda');
    const month = await shownMonth(page);
    const previous = (() => {
      const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 2, 1));
      return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    })();
    const request = page.waitForRequest((r) =>
      r.url().includes(`/api/events/filters?date=${previous}`),
    );
    await page.getByRole('button', { name: 'Mois précédent' }).click();
    await request;
    // The days of that month with events, as the API gives them.
    const filters = await apiJson<Filters>(page, `/api/events/filters?date=${previous}`);
    const prefix = `${previous.slice(0, 4)}-${previous.slice(4)}`;
    const days = new Set<number>();
    for (const range of filters.events) {
      const end = range.ended_at ?? range.started_at;
      for (
        let d = new Date(`${range.started_at}T00:00:00Z`);
        d <= new Date(`${end}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + 1)
      ) {
        const iso = d.toISOString().slice(0, 10);
        if (iso.startsWith(prefix)) days.add(Number(iso.slice(8)));
      }
    }
    await expect(dayButtons(page)).toHaveCount(days.size);
    await page.getByRole('button', { name: 'Mois suivant' }).click();
    expect(await shownMonth(page)).toBe(month);
  });

  test('pagination follows the server pages', async ({ page }) => {
    const upcoming = await apiJson<EventsPage>(page, '/api/events');
    await page.goto('/agenda');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    if (upcoming.meta.last_page === 1) {
      await expect(pagination).toHaveCount(0);
      return;
    }
    await pagination.getByRole('link', { name: 'Page suivante' }).click();
    await expect(page).toHaveURL(/\/agenda\?page=2$/);
    const second = await apiJson<EventsPage>(page, '/api/events?page=2');
    await expect(cardTitles(page)).toHaveText(second.data.map((event) => event.title));
  });

  test("'Voir l'agenda' shows and hides the calendar on small screens @mobile-only", async ({
    page,
  }) => {
    await page.goto('/agenda');
    const toggle = page.getByRole('button', { name: "Voir l'agenda" });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(calendar(page)).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(calendar(page)).toBeVisible();
    await expectNoSeriousAxeViolation(page, '/agenda (calendar open)');
    await monthWithEvents(page);
    await dayButtons(page).first().click();
    await expect(page).toHaveURL(/\/agenda\?day=\d{8}$/);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(calendar(page)).toBeHidden();
  });

  test('the calendar is always shown on large screens @desktop-only', async ({ page }) => {
    await page.goto('/agenda');
    await expect(page.getByRole('button', { name: "Voir l'agenda" })).toBeHidden();
    await expect(calendar(page)).toBeVisible();
  });
});
