import { expect, type Page } from '@playwright/test';

/** Solves the form's ALTCHA captcha for real: ticks its checkbox and waits until it is verified. */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.getByRole('main').locator('altcha-widget');
  // The widget keeps the box unticked while it works, so click it rather than `check()`.
  await widget.getByRole('checkbox').click();
  await expect(widget.locator('.altcha')).toHaveAttribute('data-state', 'verified', {
    timeout: 15_000,
  });
}
