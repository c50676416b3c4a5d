import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, pathOf, test } from '../fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';

interface ApiResource {
  slug: string;
  name: string;
  external_url: string | null;
  video_url: string | null;
  resourceFile: { file: string; size: number } | null;
}

/** The first published demo resource of a type, as the API lists it. */
async function firstOfType(request: APIRequestContext, type: string): Promise<ApiResource> {
  const response = await request.get(`/api/resources?types[]=${type}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: ApiResource[] };
  expect(data.length).toBeGreaterThan(0);
  return data[0]!;
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test.describe('Les ressources', () => {
  test('lists the resources with filters, cards and the deposit button', async ({ page }) => {
    await page.goto('/ressources');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Les ressources' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Déposer une ressource' })).toHaveAttribute(
      'href',
      /^\/mon-compte\//,
    );
    for (const label of ['Catégories', 'Thématiques', 'Types']) {
      await expect(main.getByText(label, { exact: true })).toBeVisible();
    }
    const cards = main.getByRole('list').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(cards.getByRole('link').first()).toHaveAttribute('href', /^\/ressources\/[\w-]+$/);
    await expectNoSeriousAxeViolation(page, '/ressources');
  });

  test('filters change the URL and the results', async ({ page }) => {
    const video = await firstOfType(page.request, 'video');
    const file = await firstOfType(page.request, 'file');
    await page.goto('/ressources');
    const main = page.getByRole('main');
    await main.getByText('Types', { exact: true }).click();
    // A visitor clicks the label (the DSFR draws the box on it).
    await main.locator('.app-filter__panel').getByText('Vidéo', { exact: true }).click();
    await expect.poll(() => searchOf(page).getAll('types')).toEqual(['video']);
    await expect(main.getByRole('link', { name: video.name })).toBeVisible();
    await expect(main.getByRole('link', { name: file.name })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Thématiques are grouped by thematic.
    await main.getByText('Thématiques', { exact: true }).click();
    await expect(main.getByRole('group', { name: 'Nutrition et santé' })).toBeVisible();
    await page.keyboard.press('Escape');

    await main.getByText('Catégories', { exact: true }).click();
    // A visitor clicks the label (the DSFR draws the box on it).
    await main.locator('.app-filter__panel').getByText('Guides pratiques', { exact: true }).click();
    await expect.poll(() => searchOf(page).getAll('categories')).toHaveLength(1);
    await expect.poll(() => searchOf(page).getAll('types')).toEqual(['video']);
  });

  test("'Aucun résultat' when nothing matches", async ({ page }) => {
    await page.goto('/ressources?categories=999999');
    await expect(page.getByRole('main').getByText('Aucun résultat')).toBeVisible();
  });

  test('a mistyped filter in the address shows the list without it', async ({ page }) => {
    await page.goto('/ressources?categories=guides&subthematics=1x');
    await expect(page.getByRole('main').locator('.fr-card').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  test('pagination goes to page 2', async ({ page }) => {
    await page.goto('/ressources');
    const pagination = page.getByRole('main').getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Page suivante' }).click();
    await expect.poll(() => searchOf(page).get('page')).toBe('2');
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('Resource page', () => {
  test('a file resource offers its download with format and size', async ({ page }) => {
    const file = await firstOfType(page.request, 'file');
    await page.goto(`/ressources/${file.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: file.name })).toBeVisible();
    await expect(main.getByText(/^Mise à jour le \d{2} \S+ \d{4}$/)).toBeVisible();
    const download = main.getByRole('link', { name: new RegExp(`^Télécharger « `) });
    await expect(download).toHaveAttribute('href', file.resourceFile!.file);
    // Saved under the resource's name, not the stored file's random one.
    await expect(download).toHaveAttribute('download', `${file.name}.pdf`);
    await expect(download).toContainText(/PDF – \d+(,\d)? (octets|Ko|Mo)$/);
    await expect(page).toHaveTitle(new RegExp(file.name.slice(0, 20)));
    await expectNoSeriousAxeViolation(page, 'file resource');

    await main.getByRole('link', { name: 'Retour aux ressources' }).click();
    await expect.poll(() => pathOf(page)).toBe('/ressources');
  });

  test('an external link resource opens the site in a new window', async ({ page }) => {
    const link = await firstOfType(page.request, 'external_url');
    await page.goto(`/ressources/${link.slug}`);
    const button = page.getByRole('main').getByRole('link', { name: 'Consulter la ressource' });
    await expect(button).toHaveAttribute('href', link.external_url!);
    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAttribute('rel', /noopener/);
    await expectNoSeriousAxeViolation(page, 'external resource');
  });

  test('a video on an unknown host is a plain external link, no frame', async ({ page }) => {
    const video = await firstOfType(page.request, 'video');
    await page.goto(`/ressources/${video.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Voir la vidéo' })).toHaveAttribute(
      'href',
      video.video_url!,
    );
    await expect(main.locator('iframe')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Afficher la vidéo' })).toHaveCount(0);
  });

  test('a YouTube video loads its player only after the visitor asks for it', async ({ page }) => {
    const video = await firstOfType(page.request, 'video');
    // The demo videos are on a fictitious host: the API answers a YouTube address for this one
    // (a client-side navigation fetches it), and the player's host answers a blank page offline.
    await page.route(`**/api/resources/${video.slug}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.video_url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
      await route.fulfill({ response, json: body });
    });
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Lecteur</title>' }),
    );
    await page.goto('/ressources?types=video');
    await page.getByRole('main').getByRole('link', { name: video.name }).click();
    await expect.poll(() => pathOf(page)).toBe(`/ressources/${video.slug}`);

    const main = page.getByRole('main');
    await expect(main.getByText(/Cette vidéo est hébergée par YouTube\./)).toBeVisible();
    await expect(main.locator('iframe')).toHaveCount(0);
    await expectNoSeriousAxeViolation(page, 'video placeholder');
    await main.getByRole('button', { name: 'Afficher la vidéo' }).click();
    const frame = main.locator('iframe');
    await expect(frame).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await expect(frame).toHaveAttribute('title', `Vidéo YouTube : ${video.name}`);
    await expect(frame).toBeFocused();
  });

  test('a missing resource leads to the 404 page', async ({ page, pageErrors }) => {
    pageErrors.allowStatus(404);
    await page.goto('/ressources/ressource-inconnue');
    await expect.poll(() => pathOf(page)).toBe('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
  });
});
