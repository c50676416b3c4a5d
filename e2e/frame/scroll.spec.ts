import type { Page } from '@playwright/test';
import { ensureScrollable, expect, pathOf, scrollY, settle, test } from '../fixtures.ts';

function footerLink(page: Page, name: string) {
  return page.getByRole('contentinfo').getByRole('link', { name, exact: true });
}

/**
 * Scrolls to the bottom of the page and returns the position reached. Past 50 px the header's
 * logo shrinks in a 300 ms transition, which makes the page shorter: the position is read once
 * the header has settled (on a slow machine the shrink could start after two equal readings).
 */
async function scrollToBottom(page: Page): Promise<number> {
  const toBottom = () =>
    page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
  await toBottom();
  await expect(page.locator('.app-header__brand.is-reduced')).toBeAttached();
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  await toBottom();
  let y = -1;
  await expect
    .poll(async () => {
      const now = await scrollY(page);
      const settled = now === y;
      y = now;
      return settled;
    })
    .toBe(true);
  expect(y, 'the page scrolled').toBeGreaterThan(0);
  return y;
}

test.describe('scroll position on navigation (spec §2) @mobile', () => {
  test('a new route starts at the top; going back restores the saved position', async ({
    page,
  }) => {
    await page.goto('/politique-de-confidentialite');
    await ensureScrollable(page, 400);
    const y = await scrollToBottom(page);

    await footerLink(page, 'Mentions légales').click();
    await expect.poll(() => pathOf(page)).toBe('/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/politique-de-confidentialite');
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - y), {
        message: `scrollY back within 2 px of ${y}`,
      })
      .toBeLessThanOrEqual(2);
  });

  test('a link to the same route keeps the position', async ({ page }) => {
    await page.goto('/politique-de-confidentialite');
    await ensureScrollable(page, 400);
    const y = await scrollToBottom(page);

    const link = footerLink(page, 'Politique de confidentialité');
    await expect(link).toBeInViewport();
    await link.click();
    await expect.poll(() => pathOf(page)).toBe('/politique-de-confidentialite');
    await settle(page);
    expect(Math.abs((await scrollY(page)) - y)).toBeLessThanOrEqual(2);
  });
});
