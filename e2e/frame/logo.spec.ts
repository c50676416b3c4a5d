import { ensureScrollable, expect, scrollToY, test } from '../fixtures.ts';

test('the logo shrinks after 50 px of scroll and grows back at the top', async ({ page }) => {
  await page.goto('/politique-de-confidentialite');
  await ensureScrollable(page, 200);
  const reduced = page.getByRole('banner').locator('.is-reduced');
  await expect(reduced).toHaveCount(0);

  await scrollToY(page, 40);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(40);
  await expect(reduced).toHaveCount(0);

  await scrollToY(page, 150);
  await expect(reduced).toHaveCount(1);

  await scrollToY(page, 0);
  await expect(reduced).toHaveCount(0);
});
