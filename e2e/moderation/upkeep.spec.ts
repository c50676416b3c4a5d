import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { MapListPage } from '@ad/contract';
import type { ModerationReview } from '@ad/contract/account/moderation';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { expect, signIn, test } from '../fixtures.ts';

/**
 * « Suivi des contenus » (issue 10) and the signed « Mon initiative est à jour » link of the
 * freshness e-mails. The e2e server runs without SESSION_SECRET, so with the development default
 * of apps/server/src/env.ts: the test signs a link the way freshness-link.ts does (the scheduled
 * job that e-mails it cannot be triggered from a browser). The expired and tampered cases, and
 * the jobs themselves, are covered by the API tests (modules/content-freshness).
 */

const MODERATOR = { email: 'moderation@exemple.fr', password: 'Demo-Moderation-2026!' } as const;
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production-0123456789';
/** A published demo initiative of the member with an institution (seed initiatives-part-2.ts). */
const DEMO_OWNED_INITIATIVE = 'Jardin partagé et solidaire de Tonneins';

const hmac = (key: string, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url');

function signedLink(initiativeId: number, ownerId: number, expires: number): string {
  const key = hmac(DEV_SESSION_SECRET, 'initiative-freshness:link-key');
  const signature = hmac(key, `initiative-up-to-date:${initiativeId}:${ownerId}:${expires}`);
  return `/initiative-a-jour/${initiativeId}?expires=${expires}&signature=${signature}`;
}

/** The demo initiative's id (public map list) and its owner's (the team's review API). */
async function demoInitiative(page: Page): Promise<{ id: number; ownerId: number }> {
  for (let number = 1; number <= 20; number += 1) {
    const response = await page.request.get(`/api/initiatives?page=${number}`);
    expect(response.status()).toBe(200);
    const list = (await response.json()) as MapListPage;
    const found = list.data.find((item) => item.title === DEMO_OWNED_INITIATIVE);
    if (found) {
      const review = await page.request.get(`/api/moderation/items/initiatives/${found.id}`);
      const { data } = (await review.json()) as { data: ModerationReview };
      expect(data.author, 'the demo initiative has an owner').not.toBeNull();
      return { id: found.id, ownerId: data.author!.id };
    }
    if (list.meta.current_page >= list.meta.last_page) break;
  }
  throw new Error(`${DEMO_OWNED_INITIATIVE} is not on the map`);
}

test.describe('content upkeep', () => {
  test('the team opens « Suivi des contenus »; the owner’s link lands on the pop-up @desktop-only', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/connexion');
    await signIn(page, MODERATOR);
    await page.goto('/moderation');
    await page.getByRole('link', { name: 'Suivi des contenus', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Suivi des contenus' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/moderation/suivi');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 2, name: 'Initiatives non confirmées' }),
    ).toBeVisible();
    await expect(
      main.getByRole('heading', { level: 2, name: 'Prochaines suppressions' }),
    ).toBeVisible();
    // The demo's ownerless initiatives over a year old are listed; nobody was asked yet, and the
    // demo content is too recent for any removal.
    await expect(main.getByRole('table', { name: /^Initiatives non confirmées/ })).toContainText(
      'Aucun référent joignable',
    );
    await expect(main.getByText('365 jours après la dernière publication')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);
    await expectNoSeriousAxeViolation(page, 'Suivi des contenus');
    await main.getByLabel('Motif').selectOption('no_answer');
    await expect.poll(() => new URL(page.url()).searchParams.get('motif')).toBe('no_answer');
    await expect(main.getByText('Aucune initiative à signaler.')).toBeVisible();
    await expect(
      main.getByText('Aucune suppression prévue dans les 90 prochains jours.'),
    ).toBeVisible();

    // The owner follows the link of the e-mail, signed in or not: a page whose button confirms.
    const { id, ownerId } = await demoInitiative(page);
    const expires = Math.floor(Date.now() / 1000) + 3600;
    await page.context().clearCookies();
    await page.goto(signedLink(id, ownerId, expires));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirmer que mon initiative est à jour' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirmer', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const dialog = page.getByRole('dialog', { name: 'Initiative à jour' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'Nous avons bien pris en compte le fait que votre initiative est à jour, merci.',
    );
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();

    // A link that was changed gets a page that says so (no scripts: a plain page).
    pageErrors.allowStatus(404, `/initiative-a-jour/${id}`);
    const refused = await page.context().newPage();
    const tampered = signedLink(id, ownerId, expires).replace(
      `expires=${expires}`,
      `expires=${expires + 86_400}`,
    );
    await refused.goto(tampered);
    const [response] = await Promise.all([
      refused.waitForResponse(
        (answer) => answer.request().method() === 'POST' && answer.url().includes(tampered),
      ),
      refused.getByRole('button', { name: 'Confirmer', exact: true }).click(),
    ]);
    expect(response.status()).toBe(404);
    await expect(
      refused.getByRole('heading', { level: 1, name: "Ce lien n'est pas valable" }),
    ).toBeVisible();
    await expect(refused.getByRole('link', { name: "Revenir à l'accueil" })).toBeVisible();
    await expectNoSeriousAxeViolation(refused, 'freshness link refused');
  });
});
