import { expect, test } from '../fixtures.ts';

test('the loading wrapper shows a spinner at least 300 px high', async ({ page }) => {
  let intercepted: () => void = () => {};
  const requested = new Promise<void>((resolve) => (intercepted = resolve));
  await page.route('**/api/internal-team-members*', async (route) => {
    intercepted();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/a-propos');
  await requested;
  // While the team members are on their way, the page shows the loading wrapper.
  const loader = page.getByRole('status', { name: 'Chargement' });
  await expect(loader).toBeVisible();
  const height = await loader.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(300);
  await expect(loader).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
});
