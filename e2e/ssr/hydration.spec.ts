import { expect, test } from '../fixtures.ts';

test.describe('server rendering and hydration', () => {
  test('About starts from the server’s data: no API request, no hydration error', async ({
    page,
  }) => {
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
    });
    // The page may come from the server's cache, rendered long ago: with the browser's clock ten
    // minutes ahead, its data must still count as fresh.
    await page.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
    await page.goto('/a-propos');
    await expect(page.getByRole('heading', { level: 3, name: 'Sophie Laborde' })).toBeVisible();
    // Hydrated: the header's controls answer.
    const search = page.getByRole('button', { name: 'Rechercher' }).last();
    await expect(async () => {
      await search.click();
      await expect(page.getByRole('dialog', { name: 'Rechercher sur le site' })).toBeVisible({
        timeout: 500,
      });
    }).toPass();
    expect(apiRequests).toEqual([]);
    // The fixture fails the test on any console error, hydration mismatches included.
  });

  test('a hash pop-up opens on a server-rendered page', async ({ page }) => {
    await page.goto('/a-propos#newsletter-subscribed');
    await expect(page.getByRole('dialog', { name: 'Inscription à la newsletter' })).toBeVisible();
  });
});
