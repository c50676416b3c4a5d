import type { Page } from '@playwright/test';
import { ensureScrollable, expect, scrollY, scrollToY, settle, test } from '../fixtures.ts';

function logo(page: Page) {
  return page.getByRole('banner').locator('.fr-header__logo');
}

async function logoHeight(page: Page): Promise<number> {
  return (await logo(page).boundingBox())?.height ?? 0;
}

test('the logo shrinks after 50 px of scroll and grows back at the top @mobile', async ({
  page,
}) => {
  await page.goto('/politique-de-confidentialite');
  await ensureScrollable(page, 200);
  const reduced = page.getByRole('banner').locator('.is-reduced');
  await expect(logo(page)).toBeVisible();
  await settle(page);
  await expect(reduced).toHaveCount(0);
  const fullHeight = await logoHeight(page);
  expect(fullHeight).toBeGreaterThan(0);

  // At the limit: 50 px is not "more than 50 px".
  await scrollToY(page, 50);
  await expect.poll(() => scrollY(page)).toBe(50);
  await settle(page);
  await expect(reduced).toHaveCount(0);
  expect(await logoHeight(page)).toBe(fullHeight);

  await scrollToY(page, 51);
  await expect.poll(() => scrollY(page)).toBe(51);
  await expect(reduced).toHaveCount(1);
  await expect(reduced.locator('.fr-header__logo')).toHaveCount(1);
  await expect
    .poll(() => logoHeight(page), { message: 'the reduced logo is smaller' })
    .toBeLessThan(fullHeight);

  await scrollToY(page, 0);
  await expect(reduced).toHaveCount(0);
  await expect.poll(() => logoHeight(page)).toBe(fullHeight);
});

test('the logo changes size with a 300 ms transition', async ({ page }) => {
  await page.goto('/politique-de-confidentialite');
  await expect(logo(page)).toBeVisible();
  await expect(logo(page)).toHaveCSS('transition-duration', '0.3s');
});
