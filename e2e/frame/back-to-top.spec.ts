import { ensureScrollable, expect, scrollY, scrollToY, settle, test } from '../fixtures.ts';

test("'Haut de page' appears after 300 px of scroll and returns to the top @mobile", async ({
  page,
}) => {
  await page.goto('/politique-de-confidentialite');
  await ensureScrollable(page, 500);
  const backToTop = page.getByRole('link', { name: 'Haut de page' });
  await settle(page);
  await expect(backToTop).toBeHidden();

  // At the limit: 300 px is not "after 300 px".
  await scrollToY(page, 300);
  await expect.poll(() => scrollY(page)).toBe(300);
  await settle(page);
  await expect(backToTop).toBeHidden();

  await scrollToY(page, 301);
  await expect.poll(() => scrollY(page)).toBe(301);
  await expect(backToTop).toBeVisible();

  await scrollToY(page, 300);
  await expect.poll(() => scrollY(page)).toBe(300);
  await expect(backToTop).toBeHidden();

  await scrollToY(page, 450);
  await expect(backToTop).toBeVisible();

  await backToTop.click();
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect(backToTop).toBeHidden();
});
