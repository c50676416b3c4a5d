import { expect, settle, test } from '../fixtures.ts';

const POPUPS = [
  {
    hash: '#initiative-up-to-date',
    title: 'Initiative à jour',
    text: 'Nous avons bien pris en compte le fait que votre initiative est à jour, merci.',
  },
  {
    hash: '#newsletter-subscribed',
    title: 'Inscription à la newsletter',
    text: 'Votre inscription à la newsletter est confirmée.',
  },
] as const;

test.describe('pop-ups opened by a URL hash', () => {
  for (const popup of POPUPS) {
    test(`${popup.hash} shows '${popup.title}' and Fermer clears the hash`, async ({ page }) => {
      await page.goto(`/${popup.hash}`);
      const dialog = page.getByRole('dialog', { name: popup.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(popup.text);
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => new URL(page.url()).hash).toBe('');
      expect(new URL(page.url()).pathname).toBe('/');
    });
  }

  test('a hash containing newsletter-subscribed opens the pop-up; Fermer keeps path and query', async ({
    page,
  }) => {
    await page.goto('/mentions-legales?src=mail#x-newsletter-subscribed');
    const dialog = page.getByRole('dialog', { name: 'Inscription à la newsletter' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Votre inscription à la newsletter est confirmée.');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/mentions-legales');
    expect(url.search).toBe('?src=mail');
  });

  test('without the hash no pop-up shows', async ({ page }) => {
    await page.goto('/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    await settle(page);
    for (const popup of POPUPS) {
      await expect(page.getByRole('dialog', { name: popup.title })).toBeHidden();
    }
  });
});
