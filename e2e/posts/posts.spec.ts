import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, pathOf, scrollToY, scrollY, test } from '../fixtures.ts';

const APP = 'Alimentation durable Nouvelle-Aquitaine';

/** Demo content (seed/content/posts.ts): 19 published posts, 12 a page, newest first. */
const NEWEST = 'La carte des initiatives s’enrichit';
const FIRST_OF_PAGE_2 = 'Des outils pédagogiques pour parler alimentation en classe';
const CALL = {
  path: '/actualites/appel-a-projets-regional-du-programme-national-pour-l-alimentation',
  title: 'Appel à projets régional du Programme national pour l’alimentation',
};
const OTHER_CALL = 'Appel à projets « Alimentation et lien social »';

const cardTitles = (page: Page, level = 2) =>
  page.getByRole('main').locator(`h${level}.fr-card__title`);

/** The head tags of search engines and shared links: of the page, or of HTML sent by the server. */
async function headOf(page: Page, html?: string) {
  return page.evaluate((source) => {
    const head = source ? new DOMParser().parseFromString(source, 'text/html').head : document.head;
    const meta = (selector: string) =>
      head.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      title: head.querySelector('title')?.textContent ?? '',
      description: meta('meta[name="description"]'),
      robots: meta('meta[name="robots"]'),
      canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogType: meta('meta[property="og:type"]'),
      ogImage: meta('meta[property="og:image"]'),
      ogUrl: meta('meta[property="og:url"]'),
      jsonLd: [...head.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent ?? '{}'),
      ),
    };
  }, html);
}

test.describe('Les actualités', () => {
  test('lists the newest posts as cards, with the way to propose one', async ({ page }) => {
    await page.goto('/actualites');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Les actualités' })).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - Actualités`);
    await expect(cardTitles(page)).toHaveCount(12);
    await expect(cardTitles(page).first()).toHaveText(NEWEST);
    // Each card: category, relative date and a 'Voir plus' link naming the post.
    const first = main.locator('.fr-card').first();
    await expect(first.getByText('Vie du réseau')).toBeVisible();
    // Counted in calendar days in Paris: the same post is 'hier' or 'avant-hier' by the hour.
    await expect(first.getByText(/^Mis à jour (il y a|hier|avant-hier)/)).toBeVisible();
    await expect(first.getByRole('link', { name: `Voir plus : ${NEWEST}` })).toHaveAttribute(
      'href',
      '/actualites/la-carte-des-initiatives-s-enrichit',
    );
    await expect(main.getByRole('link', { name: 'Déposer une actualité' })).toHaveAttribute(
      'href',
      '/mon-compte/actualites/creation',
    );
    await expectNoSeriousAxeViolation(page);
  });

  test("the 'Catégories' filter changes the URL and the results", async ({ page }) => {
    await page.goto('/actualites');
    const main = page.getByRole('main');
    await main.getByText('Catégories', { exact: true }).click();
    // A visitor clicks the label (the DSFR draws the box on it).
    const panel = main.locator('.app-filter__panel');
    await panel.getByText('Appel à projets', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]categories=\d+/);
    await expect(cardTitles(page)).toHaveText([CALL.title, OTHER_CALL]);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    // The state is the URL: a reload shows the same list, the filter still checked.
    await page.reload();
    await expect(cardTitles(page)).toHaveText([CALL.title, OTHER_CALL]);
    await main.locator('summary', { hasText: 'Catégories' }).click();
    await expect(main.getByRole('checkbox', { name: 'Appel à projets' })).toBeChecked();

    await panel.getByText('Appel à projets', { exact: true }).click();
    await expect(page).not.toHaveURL(/categories=/);
    await expect(cardTitles(page)).toHaveCount(12);
  });

  test('the next page is an address, and the page starts at its top', async ({ page }) => {
    await page.goto('/actualites');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: '1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toBeVisible();
    await expect(pagination.getByRole('link', { name: '3', exact: true })).toHaveCount(0);

    await scrollToY(page, 100_000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await pagination.getByRole('link', { name: 'Page suivante' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(cardTitles(page).first()).toHaveText(FIRST_OF_PAGE_2);
    await expect(cardTitles(page)).toHaveCount(7);
    await expect.poll(() => scrollY(page)).toBe(0);
    // The focus leaves the pagination for the top of the page.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await pagination.getByRole('link', { name: 'Page précédente' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cardTitles(page).first()).toHaveText(NEWEST);
  });

  test("'Aucun résultat' for a category without posts in the URL", async ({ page }) => {
    await page.goto('/actualites?categories=999999');
    await expect(page.getByRole('main').getByText('Aucun résultat')).toBeVisible();
  });

  test('a page past the last one offers the way back to the first', async ({ page }) => {
    await page.goto('/actualites?page=99');
    await expect(page.getByRole('main').getByText('Aucun résultat')).toBeVisible();
    await page.getByRole('link', { name: 'Voir la première page des résultats' }).click();
    await expect(page).toHaveURL(/\/actualites$/);
    await expect(cardTitles(page).first()).toHaveText(NEWEST);
  });
});

test.describe('Une actualité', () => {
  test('shows the post, its event, its link and related posts', async ({ page }) => {
    await page.goto(CALL.path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: CALL.title })).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - ${CALL.title}`);
    await expect(main.getByText('Appel à projets', { exact: true })).toBeVisible();
    await expect(main.getByText(/^Mis à jour le \d{2} \S+ \d{4} à \d{2}h\d{2}$/)).toBeVisible();

    const event = main.locator('.fr-callout');
    await expect(event.getByRole('heading', { name: 'Évènement' })).toBeVisible();
    await expect(event.getByText(/^Le \d{2} \S+ \d{4}$/)).toBeVisible();
    await expect(event.getByText('Heure : 10h00')).toBeVisible();
    await expect(event.getByText('Lieu : En ligne')).toBeVisible();

    await expect(main.getByText('L’appel à projets régional est ouvert.')).toBeVisible();
    await expect(main.getByRole('img', { name: 'appel a projets' })).toBeVisible();
    const more = main.getByRole('link', { name: 'En savoir plus' });
    await expect(more).toHaveAttribute('href', 'https://draaf-na.exemple.fr/appel-a-projets-pna');
    await expect(more).toHaveAttribute('target', '_blank');
    await expect(more).toHaveAttribute('title', 'En savoir plus - nouvelle fenêtre');

    const related = main.getByRole('region', {
      name: 'Ces actualités peuvent vous intéresser...',
    });
    await expect(
      related.getByRole('heading', { level: 2, name: 'Ces actualités peuvent vous intéresser...' }),
    ).toBeVisible();
    // The same category first.
    await expect(related.locator('h3.fr-card__title')).toHaveCount(3);
    await expect(related.locator('h3.fr-card__title').first()).toHaveText(OTHER_CALL);
    await expectNoSeriousAxeViolation(page);
  });

  test('the breadcrumb ends with the title @desktop-only', async ({ page }) => {
    await page.goto(CALL.path);
    const breadcrumb = page.getByRole('navigation', { name: 'vous êtes ici :' });
    await expect(breadcrumb.getByRole('link', { name: 'Actualités' })).toHaveAttribute(
      'href',
      '/actualites',
    );
    await expect(breadcrumb.getByText(CALL.title)).toHaveAttribute('aria-current', 'page');
  });

  test('a card opens its post; a related post opens at the top of the page', async ({ page }) => {
    await page.goto('/actualites');
    await page.getByRole('link', { name: `Voir plus : ${CALL.title}` }).click();
    await expect.poll(() => pathOf(page)).toBe(CALL.path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: CALL.title })).toBeVisible();

    await scrollToY(page, 100_000);
    await main.getByRole('link', { name: `Voir plus : ${OTHER_CALL}` }).click();
    await expect(main.getByRole('heading', { level: 1, name: OTHER_CALL })).toBeVisible();
    await expect(page).toHaveTitle(`${APP} - ${OTHER_CALL}`);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('the head follows the pages opened inside the app, as the server sends it (spec §2)', async ({
    page,
  }) => {
    await page.goto('/actualites');
    await page.getByRole('link', { name: `Voir plus : ${CALL.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: CALL.title })).toBeVisible();
    const article = await headOf(page);
    expect(article.ogType).toBe('article');
    expect(article.ogImage).toMatch(/^https?:\/\/[^/]+\/uploads\//);
    const news = article.jsonLd.find((entry) => entry['@type'] === 'NewsArticle');
    expect(news).toMatchObject({ headline: CALL.title });
    expect(news.image[0]).toMatch(/^https?:\/\//);
    // The very head the server sends for that address.
    const sent = await (await page.request.get(CALL.path)).text();
    await expect.poll(async () => headOf(page)).toEqual(await headOf(page, sent));

    // Back to the list: the post's tags are gone.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Les actualités' })).toBeVisible();
    await expect.poll(async () => (await headOf(page)).ogType).toBe('website');
    const list = await headOf(page);
    expect(list.ogImage).toBeNull();
    expect(list.jsonLd.map((entry) => entry['@type'])).toEqual(['BreadcrumbList']);
  });

  test('a missing post leads to the 404 page', async ({ page, pageErrors }) => {
    pageErrors.allowStatus(404);
    await page.goto('/actualites/actualite-inconnue');
    await expect.poll(() => pathOf(page)).toBe('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
  });

  for (const status of [404, 500]) {
    test(`a post answering ${status} while browsing leads to the 404 page (spec §8)`, async ({
      page,
      pageErrors,
    }) => {
      pageErrors.allowStatus(status);
      // The list was loaded before the post was withdrawn (404) or while the server fails (500).
      await page.route('**/api/posts/la-carte-des-initiatives-s-enrichit', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Indisponible.' }),
        }),
      );
      await page.goto('/actualites');
      await page.getByRole('link', { name: `Voir plus : ${NEWEST}` }).click();
      await expect.poll(() => pathOf(page)).toBe('/404');
      await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
    });
  }
});
