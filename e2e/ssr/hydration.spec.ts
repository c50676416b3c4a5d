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

  test('@desktop-only the app’s chunk asks for eager compilation, a page’s chunk does not', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[\w.-]+\.js$/.test(response.url())) scripts.push(response.url());
    });
    await page.goto('/a-propos');
    await expect.poll(() => scripts.some((url) => /\/app-[\w-]+\.js$/.test(url))).toBe(true);
    const firstLine = async (pattern: RegExp) => {
      const url = scripts.find((script) => pattern.test(script));
      expect(url, String(pattern)).toBeDefined();
      return (await (await page.request.get(url!)).text()).split('\n', 1)[0];
    };
    expect(await firstLine(/\/app-[\w-]+\.js$/)).toBe('//# allFunctionsCalledOnLoad');
    expect(await firstLine(/\/about-page-[\w-]+\.js$/)).not.toContain('allFunctionsCalledOnLoad');
  });

  test('a shared link’s tracking parameters leave the address: the page hydrates as rendered', async ({
    page,
  }) => {
    await page.goto('/actualites?utm_source=lettre&page=1&fbclid=IwAR0x');
    await expect(page).toHaveURL(/\/actualites\?page=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Les actualités' })).toBeVisible();
    // The links as hydrated (React does not report a differing attribute): none carries them.
    await expect(page.locator('a[href*="fbclid"], a[href*="utm_"]')).toHaveCount(0);
  });

  test('a hash pop-up opens on a server-rendered page', async ({ page }) => {
    await page.goto('/a-propos#newsletter-subscribed');
    await expect(page.getByRole('dialog', { name: 'Inscription à la newsletter' })).toBeVisible();
  });
});
