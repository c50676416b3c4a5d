import { expect, test } from '../fixtures.ts';

test('the loading wrapper shows a spinner at least 300 px high', async ({ page }) => {
  // A page loaded from the server comes with its data; the loader shows when the browser fetches
  // it, on a navigation inside the site.
  await page.goto('/mentions-legales');
  let intercepted: () => void = () => {};
  const requested = new Promise<void>((resolve) => (intercepted = resolve));
  // The answer is held until the loader is measured (a fixed delay raced a slow machine).
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/internal-team-members*', async (route) => {
    intercepted();
    await released;
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'À propos', exact: true }).click();
  await requested;
  // While the team members are on their way, the page shows the loading wrapper.
  const loader = page.getByRole('status', { name: 'Chargement' });
  await expect(loader).toBeVisible();
  const height = await loader.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(300);
  release();
  await expect(loader).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Vos contacts' })).toBeVisible();
});
