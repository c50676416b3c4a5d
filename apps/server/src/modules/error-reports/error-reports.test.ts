import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@ad/contract';
import { ERROR_REPORT_MESSAGES, type TeamErrorReportList } from '@ad/contract/error-reports';
import { auditEvents, errorReports, foodProcedures, initiatives } from '../../db/schema/index.ts';
import { solvedCaptcha } from '../../platform/captcha/testing.ts';
import { MESSAGES } from '../../platform/errors.ts';
import {
  createTestApp,
  signedInAs,
  visit,
  type TestApp,
  type TestSession,
} from '../../platform/testing.ts';

type Signed = TestSession['user'] & Omit<TestSession, 'user'>;

const published = { moderationStatus: 'published' as const, publishedAt: new Date() };

describe('« Signaler une erreur » (error reports)', () => {
  let t: TestApp;
  let moderator: Signed;
  let admin: Signed;
  let member: Signed;
  let garden: number;
  let canteen: number;
  let pending: number;
  let procedure: number;

  async function signedIn(role: Role): Promise<Signed> {
    const { user, ...session } = await signedInAs(t, { role });
    return { ...user, ...session };
  }

  /** The visitor's form, as the map page posts it (anonymous unless `who`). */
  async function report(
    url: string,
    payload: Record<string, unknown>,
    { captcha = true, who = null as Signed | null } = {},
  ) {
    const session = who ?? (await visit(t.app, '/initiatives'));
    const answer = captcha ? { recaptcha_response: await solvedCaptcha(t.app) } : {};
    return t.app.inject({
      method: 'POST',
      url,
      cookies: session.cookies,
      headers: { 'x-csrf-token': session.csrf },
      payload: { ...payload, ...answer },
    });
  }

  const reportsOf = (subjectType: 'initiative' | 'food_procedure', id: number) =>
    t.database.db
      .select()
      .from(errorReports)
      .where(and(eq(errorReports.subjectType, subjectType), eq(errorReports.subjectId, id)));

  const list = async (who: Signed, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/moderation/error-reports${query}`,
      cookies: who.cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamErrorReportList>();
  };

  const resolve = (who: Signed, id: number | string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/moderation/error-reports/${id}/resolve`,
      cookies: who.cookies,
      headers: { 'x-csrf-token': who.csrf },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const rows = await db
      .insert(initiatives)
      .values([
        { slug: 'jardin-partage', title: 'Le jardin partagé des Chartrons', ...published },
        { slug: 'cantine-bio', title: 'La cantine bio de Saintes', ...published },
        { slug: 'en-attente', title: 'Une initiative en attente', moderationStatus: 'pending' },
      ])
      .returning({ id: initiatives.id });
    [garden, canteen, pending] = rows.map((row) => row.id) as [number, number, number];
    const [pat] = await db
      .insert(foodProcedures)
      .values({
        slug: 'pat-landes',
        title: 'Projet alimentaire territorial des Landes',
        ...published,
      })
      .returning({ id: foodProcedures.id });
    procedure = pat!.id;
    moderator = await signedIn('moderator');
    admin = await signedIn('admin');
    member = await signedIn('member');
  });
  afterAll(() => t.close());

  describe('the visitor form', () => {
    it('stores a report on a published initiative, anonymous, with its audit event', async () => {
      const response = await report(`/api/initiatives/${garden}/error-reports`, {
        message: "  L'adresse a changé : 12 rue des Vignes.  ",
        email: 'visiteur@exemple.fr',
        email_address_check: '',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: ERROR_REPORT_MESSAGES.sent });
      expect(response.headers['cache-control']).toBe('no-store');

      const [stored] = await reportsOf('initiative', garden);
      expect(stored).toMatchObject({
        message: "L'adresse a changé : 12 rue des Vignes.",
        email: 'visiteur@exemple.fr',
        resolvedAt: null,
      });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'error_report.create'),
            eq(auditEvents.subjectId, String(stored!.id)),
          ),
        );
      expect(audit).toMatchObject({
        actorId: null,
        subjectType: 'error_report',
        data: {
          item_type: 'initiative',
          item_id: garden,
          title: 'Le jardin partagé des Chartrons',
        },
      });
    });

    it('accepts a report on a food procedure without e-mail, from a signed-in member', async () => {
      const response = await report(
        `/api/food_procedures/${procedure}/error-reports`,
        { message: 'Le lien du site ne fonctionne plus.', email: '' },
        { who: member },
      );
      expect(response.statusCode, response.body).toBe(200);
      const [stored] = await reportsOf('food_procedure', procedure);
      expect(stored).toMatchObject({ email: null, message: 'Le lien du site ne fonctionne plus.' });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'error_report.create'),
            eq(auditEvents.subjectId, String(stored!.id)),
          ),
        );
      expect(audit?.actorId).toBe(member.id);
    });

    it.each([
      ['message', {}, ERROR_REPORT_MESSAGES.messageRequired],
      ['message', { message: '   ' }, ERROR_REPORT_MESSAGES.messageRequired],
      ['message', { message: 'x'.repeat(2001) }, ERROR_REPORT_MESSAGES.messageTooLong],
      [
        'email',
        { message: 'Erreur', email: 'pas-une-adresse' },
        ERROR_REPORT_MESSAGES.emailInvalid,
      ],
    ])('answers 422 in French naming %s', async (field, payload, message) => {
      const response = await report(`/api/initiatives/${canteen}/error-reports`, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
      expect(await reportsOf('initiative', canteen)).toHaveLength(0);
    });

    it('needs a captcha: missing and invalid answers are refused', async () => {
      const url = `/api/initiatives/${canteen}/error-reports`;
      const missing = await report(url, { message: 'Erreur de commune' }, { captcha: false });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.recaptcha_response).toEqual([MESSAGES.captchaRequired]);

      const invalid = await report(
        url,
        { message: 'Erreur de commune', recaptcha_response: 'bm9uIG1haXMgbm9u' },
        { captcha: false },
      );
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors.recaptcha_response).toEqual([MESSAGES.captchaInvalid]);
      expect(await reportsOf('initiative', canteen)).toHaveLength(0);
    });

    it('pretends to succeed when the honeypot is filled, storing nothing', async () => {
      const response = await report(`/api/initiatives/${canteen}/error-reports`, {
        message: 'Achetez nos produits',
        email_address_check: 'robot@exemple.fr',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: ERROR_REPORT_MESSAGES.sent });
      expect(await reportsOf('initiative', canteen)).toHaveLength(0);
    });

    it('answers 404 for an unpublished, unknown or malformed item', async () => {
      for (const url of [
        `/api/initiatives/${pending}/error-reports`,
        `/api/initiatives/999999/error-reports`,
        `/api/food_procedures/${garden + procedure + 1000}/error-reports`,
        '/api/initiatives/abc/error-reports',
      ]) {
        const response = await report(url, { message: 'Erreur' });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message).toBe(ERROR_REPORT_MESSAGES.notFound);
      }
      expect(await reportsOf('initiative', pending)).toHaveLength(0);
    });

    it('refuses a report without the CSRF token (419)', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/initiatives/${canteen}/error-reports`,
        payload: { message: 'Erreur', recaptcha_response: await solvedCaptcha(t.app) },
      });
      expect(response.statusCode).toBe(419);
    });
  });

  describe('the team API', () => {
    it('answers 401 to anonymous visitors and 403 to members', async () => {
      const anonymous = await visit(t.app, '/');
      for (const [method, url] of [
        ['GET', '/api/moderation/error-reports'],
        ['POST', '/api/moderation/error-reports/1/resolve'],
      ] as const) {
        const asAnonymous = await t.app.inject({
          method,
          url,
          cookies: anonymous.cookies,
          headers: method === 'POST' ? { 'x-csrf-token': anonymous.csrf } : {},
        });
        expect(asAnonymous.statusCode, url).toBe(401);
        expect(asAnonymous.json().message).toBe(MESSAGES.unauthenticated);
        const asMember = await t.app.inject({
          method,
          url,
          cookies: member.cookies,
          headers: method === 'POST' ? { 'x-csrf-token': member.csrf } : {},
        });
        expect(asMember.statusCode, url).toBe(403);
        expect(asMember.json().message).toBe(MESSAGES.forbidden);
      }
    });

    it('lists open reports newest first, with the item, its links and its open count', async () => {
      // A second report on the garden, then one on the canteen (newest).
      expect(
        (await report(`/api/initiatives/${garden}/error-reports`, { message: 'Horaires faux' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await report(`/api/initiatives/${canteen}/error-reports`, { message: 'Mauvais logo' }))
          .statusCode,
      ).toBe(200);

      const all = await list(moderator);
      expect(all.meta.total).toBe(4);
      expect(all.data.map((entry) => entry.message)).toEqual([
        'Mauvais logo',
        'Horaires faux',
        'Le lien du site ne fonctionne plus.',
        "L'adresse a changé : 12 rue des Vignes.",
      ]);
      expect(all.data[1]).toMatchObject({
        email: null,
        item: {
          type: 'initiatives',
          type_label: 'Initiative',
          id: garden,
          title: 'Le jardin partagé des Chartrons',
          moderation_status: 'published',
          public_path: `/initiatives/initiative/${garden}`,
          review_path: `/moderation/initiatives/${garden}`,
        },
        item_open_reports: 2,
      });
      expect(all.data[2]!.item).toMatchObject({
        type: 'food_procedures',
        type_label: 'Démarche',
        public_path: `/initiatives/demarche/${procedure}`,
        review_path: `/moderation/food_procedures/${procedure}`,
      });
      expect(all.data[0]!.item_open_reports).toBe(1);

      const gardenOnly = await list(admin, `?type=initiatives&id=${garden}`);
      expect(gardenOnly.data.map((entry) => entry.message)).toEqual([
        'Horaires faux',
        "L'adresse a changé : 12 rue des Vignes.",
      ]);
      expect((await list(admin, '?type=food_procedures')).meta.total).toBe(1);

      const invalid = await t.app.inject({
        method: 'GET',
        url: `/api/moderation/error-reports?id=${garden}`,
        cookies: moderator.cookies,
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors.type).toEqual(["Le type est requis avec l'identifiant."]);
    });

    it('marks a report dealt with, audited, once; it leaves the open list', async () => {
      const [target] = (await list(moderator, `?type=initiatives&id=${garden}`)).data;
      const response = await resolve(moderator, target!.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: ERROR_REPORT_MESSAGES.resolved });

      const [row] = await t.database.db
        .select()
        .from(errorReports)
        .where(eq(errorReports.id, target!.id));
      expect(row?.resolvedAt).toBeInstanceOf(Date);
      expect(row?.resolvedBy).toBe(moderator.id);
      const audits = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'error_report.resolve'),
            eq(auditEvents.subjectId, String(target!.id)),
          ),
        );
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorId: moderator.id,
        subjectType: 'error_report',
        data: { item_type: 'initiative', item_id: garden },
      });

      const remaining = await list(moderator, `?type=initiatives&id=${garden}`);
      expect(remaining.data.map((entry) => entry.id)).not.toContain(target!.id);
      expect(remaining.data[0]?.item_open_reports).toBe(1);

      const again = await resolve(admin, target!.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: ERROR_REPORT_MESSAGES.alreadyResolved });
      expect(
        await t.database.db
          .select()
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.action, 'error_report.resolve'),
              eq(auditEvents.subjectId, String(target!.id)),
            ),
          ),
      ).toHaveLength(1);
    });

    it('answers 404 for an unknown report and refuses a resolve without CSRF', async () => {
      expect((await resolve(moderator, 999999)).statusCode).toBe(404);
      expect((await resolve(moderator, 'abc')).statusCode).toBe(404);
      const [open] = (await list(moderator)).data;
      const noToken = await t.app.inject({
        method: 'POST',
        url: `/api/moderation/error-reports/${open!.id}/resolve`,
        cookies: moderator.cookies,
      });
      expect(noToken.statusCode).toBe(419);
    });

    it('still lists a report whose item was unpublished or deleted, without its public link', async () => {
      await t.database.db
        .update(initiatives)
        .set({ moderationStatus: 'rejected' })
        .where(eq(initiatives.id, canteen));
      const [canteenReport] = (await list(moderator, `?type=initiatives&id=${canteen}`)).data;
      expect(canteenReport!.item).toMatchObject({
        title: 'La cantine bio de Saintes',
        moderation_status: 'rejected',
        public_path: null,
        review_path: `/moderation/initiatives/${canteen}`,
      });
      await t.database.db.delete(initiatives).where(eq(initiatives.id, canteen));
      const [orphan] = (await list(moderator, `?type=initiatives&id=${canteen}`)).data;
      expect(orphan!.item).toMatchObject({
        title: null,
        moderation_status: null,
        public_path: null,
        review_path: null,
      });
    });
  });
});

describe('« Signaler une erreur »: rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 past the anonymous-forms limit of an address', async () => {
    const { cookies, csrf } = await visit(t.app, '/initiatives');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/initiatives/1/error-reports',
        remoteAddress: '10.9.8.7',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { message: 'Erreur' },
      });
    expect((await send()).statusCode).toBe(422); // no captcha, but counted
    expect((await send()).statusCode).toBe(422);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Trop de requêtes\./);
  });
});
