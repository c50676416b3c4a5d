import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@ad/contract';
import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  TEAM_USER_MESSAGES,
  type TeamUser,
  type TeamUserList,
  type TeamUserResponse,
} from '@ad/contract/account/team-users';
import {
  auditEvents,
  contacts,
  newsletterSubscribers,
  sessions,
  users,
} from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { HttpError, MESSAGES } from '../../platform/errors.ts';
import {
  createTestApp,
  createUser,
  signedInAs,
  signIn,
  visit,
  type TestApp,
  type TestSession,
} from '../../platform/testing.ts';
import { lockActiveAdmins } from './team-users.queries.ts';
import { createTeamUsersService } from './team-users.service.ts';

type Signed = TestSession['user'] & Omit<TestSession, 'user'>;

describe('the users API of the back office (/api/moderation/users)', () => {
  let t: TestApp;
  let admin: Signed;
  let moderator: Signed;
  let member: Signed;

  async function signedIn(
    role: Role,
    extra: Partial<typeof users.$inferInsert> = {},
  ): Promise<Signed> {
    const { user, ...session } = await signedInAs(t, { role, ...extra });
    return { ...user, ...session };
  }

  const get = (who: Signed | null, url: string) =>
    t.app.inject({ method: 'GET', url, cookies: who?.cookies ?? {} });

  const send = (
    who: Signed | null,
    method: 'POST' | 'PATCH',
    url: string,
    payload?: object,
    { csrf = true } = {},
  ) =>
    t.app.inject({
      method,
      url,
      cookies: who?.cookies ?? {},
      headers: csrf && who ? { 'x-csrf-token': who.csrf } : {},
      ...(payload ? { payload } : {}),
    });

  const list = async (query: string) => {
    const response = await get(admin, `/api/moderation/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamUserList>();
  };

  const auditOf = (action: string, id: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, String(id))));

  const login = async (user: { email: string; password: string }) => {
    const { cookies, csrf } = await visit(t.app, '/connexion');
    return t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { email: user.email, password: user.password },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn('admin', { firstname: 'Sophie', lastname: 'Laborde' });
    moderator = await signedIn('moderator', { firstname: 'Karim', lastname: 'Haddad' });
    member = await signedIn('member', { firstname: 'Lucas', lastname: 'Peyrat' });
  });
  afterAll(() => t.close());

  describe('access', () => {
    const routes = [
      ['GET', '/api/moderation/users'],
      ['PATCH', '/api/moderation/users/1'],
      ['POST', '/api/moderation/users/1/deactivate'],
      ['POST', '/api/moderation/users/1/reactivate'],
      ['GET', '/api/moderation/newsletter-subscribers.csv'],
    ] as const;

    it('answers 401 to anonymous visitors, 403 to members and moderators on every route', async () => {
      const anonymous = await visit(t.app, '/');
      for (const [method, url] of routes) {
        const payload = method === 'PATCH' ? { role: 'admin' } : undefined;
        const asAnonymous = await t.app.inject({
          method,
          url,
          cookies: anonymous.cookies,
          headers: method === 'GET' ? {} : { 'x-csrf-token': anonymous.csrf },
          ...(payload ? { payload } : {}),
        });
        expect(asAnonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(asAnonymous.json().message).toBe(MESSAGES.unauthenticated);
        for (const who of [member, moderator]) {
          const response =
            method === 'GET' ? await get(who, url) : await send(who, method, url, payload);
          expect(response.statusCode, `${who.role} ${method} ${url}`).toBe(403);
          expect(response.json().message).toBe(MESSAGES.forbidden);
        }
      }
      // Nothing changed for anyone.
      expect(await auditOf('user.role', 1)).toEqual([]);
    });

    it('refuses a change without the CSRF token', async () => {
      const response = await send(
        admin,
        'PATCH',
        `/api/moderation/users/${member.id}`,
        {
          role: 'moderator',
        },
        { csrf: false },
      );
      expect(response.statusCode).toBe(419);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
      expect(row?.role).toBe('member');
    });
  });

  describe('list and search', () => {
    let elodie: Awaited<ReturnType<typeof createUser>>;

    beforeAll(async () => {
      const [farm] = await t.database.db
        .insert(contacts)
        .values({ societyName: "Ferme de l'Étang Salé", moderationStatus: 'published' })
        .returning({ id: contacts.id });
      elodie = await createUser(t.database, {
        firstname: 'Élodie',
        lastname: 'Garnier',
        email: 'elodie.garnier@exemple.fr',
        contactId: farm!.id,
        createdAt: new Date('2020-01-01T10:00:00Z'),
        lastLoginAt: new Date('2026-01-10T08:00:00Z'),
      });
      await createUser(t.database, {
        firstname: 'Zoé',
        lastname: 'Étienne',
        email: 'zoe.100%_vrai@exemple.fr',
        emailVerifiedAt: null,
        deactivatedAt: new Date('2026-02-01T10:00:00Z'),
      });
    });

    it('lists the accounts newest first with their role, institution and dates', async () => {
      const page = await list('');
      expect(page.meta.total).toBe(5);
      expect(page.meta.per_page).toBe(20);
      const first = page.data[0]!;
      expect(first.email).toMatch(/^zoe/);
      expect(page.data.at(-1)!.email).toBe('elodie.garnier@exemple.fr');
      const found = page.data.find((user) => user.id === elodie.id)!;
      expect(found).toEqual({
        id: elodie.id,
        firstname: 'Élodie',
        lastname: 'Garnier',
        name: 'Élodie Garnier',
        email: 'elodie.garnier@exemple.fr',
        role: 'member',
        role_label: 'Membre',
        institution: { id: expect.any(Number), name: "Ferme de l'Étang Salé" },
        email_verified: true,
        email_verified_at: expect.any(String),
        last_login_at: '2026-01-10T08:00:00.000Z',
        created_at: '2020-01-01T10:00:00.000Z',
        deactivated_at: null,
        is_self: false,
      } satisfies TeamUser);
      expect(page.data.find((user) => user.id === admin.id)!.is_self).toBe(true);
      const zoe = page.data.find((user) => user.lastname === 'Étienne')!;
      expect(zoe.email_verified).toBe(false);
      expect(zoe.deactivated_at).toBe('2026-02-01T10:00:00.000Z');
    });

    it('searches the name, e-mail and institution, accents and case ignored', async () => {
      const ids = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}`)).data.map((user) => user.email);
      expect(await ids('ELODIE')).toEqual(['elodie.garnier@exemple.fr']);
      expect(await ids('élodie garnier')).toEqual(['elodie.garnier@exemple.fr']);
      expect(await ids('garnier elodie')).toEqual(['elodie.garnier@exemple.fr']);
      expect(await ids('etang sale')).toEqual(['elodie.garnier@exemple.fr']);
      expect(await ids('garnier@exemple')).toEqual(['elodie.garnier@exemple.fr']);
      expect(await ids('ETIENNE')).toEqual(['zoe.100%_vrai@exemple.fr']);
      // LIKE's wildcards are taken literally.
      expect(await ids('100%_')).toEqual(['zoe.100%_vrai@exemple.fr']);
      expect(await ids('%')).toEqual(['zoe.100%_vrai@exemple.fr']);
      expect(await ids('_')).toEqual(['zoe.100%_vrai@exemple.fr']);
      expect(await ids('personne')).toEqual([]);
    });

    it('filters by role and state, sorts, and paginates', async () => {
      expect((await list('?role=moderator')).data.map((u) => u.id)).toEqual([moderator.id]);
      expect((await list('?status=deactivated')).data.map((u) => u.lastname)).toEqual(['Étienne']);
      expect((await list('?status=active')).meta.total).toBe(4);
      expect((await list('?sort=name')).data.map((u) => u.lastname)).toEqual([
        'Étienne',
        'Garnier',
        'Haddad',
        'Laborde',
        'Peyrat',
      ]);
      expect((await list('?sort=oldest')).data[0]!.lastname).toBe('Garnier');
      const byLogin = (await list('?sort=last_login')).data.map((u) => u.lastname);
      expect(byLogin.at(-1)).toBe('Étienne'); // never signed in: last
      const filtered = await list('?role=member&status=active&sort=name&q=a');
      expect(filtered.links.first).toBe(
        '/api/moderation/users?q=a&role=member&sort=name&status=active&page=1',
      );
      const beyond = await list('?page=9');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.last_page).toBe(1);
    });

    it('answers 422 to a filter that is not one', async () => {
      for (const query of ['?role=chef', '?status=archived', '?sort=age', '?page=0']) {
        const response = await get(admin, `/api/moderation/users${query}`);
        expect(response.statusCode, query).toBe(422);
      }
      const long = await get(admin, `/api/moderation/users?q=${'a'.repeat(101)}`);
      expect(long.json().errors.q).toEqual(['La recherche est trop longue.']);
    });
  });

  describe('roles', () => {
    it('changes a role and records who did it', async () => {
      const target = await createUser(t.database, { firstname: 'Inès', lastname: 'Morel' });
      const response = await send(admin, 'PATCH', `/api/moderation/users/${target.id}`, {
        role: 'moderator',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamUserResponse>();
      expect(body.message).toBe('Le rôle de Inès Morel est maintenant : Modérateur.');
      expect(body.data).toMatchObject({
        id: target.id,
        role: 'moderator',
        role_label: 'Modérateur',
      });
      const [event] = await auditOf('user.role', target.id);
      expect(event).toMatchObject({
        actorId: admin.id,
        subjectType: 'user',
        data: {
          previous_role: 'member',
          role: 'moderator',
          email: target.email,
          name: 'Inès Morel',
        },
      });

      // The same role again changes nothing and records nothing.
      const again = await send(admin, 'PATCH', `/api/moderation/users/${target.id}`, {
        role: 'moderator',
      });
      expect(again.json().message).toBe('Inès Morel a déjà le rôle : Modérateur.');
      expect(await auditOf('user.role', target.id)).toHaveLength(1);

      // The new moderator now reaches the moderation API.
      const signed = await signIn(t.app, target);
      expect(
        (await t.app.inject({ url: '/api/moderation/queue', cookies: signed })).statusCode,
      ).toBe(200);
    });

    it('refuses an unknown role (422), an unknown account (404)', async () => {
      const invalid = await send(admin, 'PATCH', `/api/moderation/users/${member.id}`, {
        role: 'chef',
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors.role).toEqual([TEAM_USER_MESSAGES.roleInvalid]);
      for (const id of ['999999', 'abc']) {
        const response = await send(admin, 'PATCH', `/api/moderation/users/${id}`, {
          role: 'member',
        });
        expect(response.statusCode, id).toBe(404);
      }
    });

    it('never lets an admin demote themself', async () => {
      await createUser(t.database, { role: 'admin' }); // not the last admin: the rule is about self
      for (const role of ['moderator', 'member'] as const) {
        const response = await send(admin, 'PATCH', `/api/moderation/users/${admin.id}`, { role });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(TEAM_USER_MESSAGES.ownRole);
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
      expect(row?.role).toBe('admin');
    });
  });

  describe('the last active admin', () => {
    // An admin whose session was checked just before another admin demoted them: the service
    // still refuses to leave the platform without an active admin.
    const staleAdmin = (user: { id: number; email: string }): SessionUser => ({
      id: user.id,
      email: user.email,
      firstname: 'Ancien',
      lastname: 'Admin',
      role: 'admin',
      contactId: null,
    });

    it('is never demoted nor deactivated, and a deactivated admin does not count', async () => {
      const service = createTeamUsersService({ db: t.database.db, clock: () => new Date() });
      // Only `admin` stays an active admin.
      await t.database.db
        .update(users)
        .set({ deactivatedAt: new Date() })
        .where(and(eq(users.role, 'admin'), ne(users.id, admin.id)));
      const stale = await createUser(t.database, { role: 'member' });
      const actor = { user: staleAdmin(stale), ip: null };
      const expectConflict = async (run: Promise<unknown>) => {
        const error = await run.then(
          () => null,
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).statusCode).toBe(409);
        expect((error as HttpError).message).toBe(TEAM_USER_MESSAGES.lastAdmin);
      };
      await expectConflict(service.changeRole(admin.id, 'moderator', actor));
      await expectConflict(service.deactivate(admin.id, actor));
      const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
      expect(row).toMatchObject({ role: 'admin', deactivatedAt: null });
    });

    // Needs two connections: PostgreSQL only (PGlite runs one transaction at a time anyway).
    it.runIf(process.env.DATABASE_URL)(
      'waits for a concurrent demotion of the other admin, then refuses',
      async () => {
        const db = t.database.db;
        const service = createTeamUsersService({ db, clock: () => new Date() });
        const second = await createUser(t.database, { role: 'admin' });
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const lockedNow = new Promise<void>((resolve) => (locked = resolve));
        // Another admin's demotion of `admin`, not committed yet.
        const first = db.transaction(async (tx) => {
          await lockActiveAdmins(tx);
          await tx.update(users).set({ role: 'member' }).where(eq(users.id, admin.id));
          locked();
          await held;
        });
        await lockedNow;
        const demoteSecond = service
          .changeRole(second.id, 'member', { user: staleAdmin(admin), ip: null })
          .then(
            () => null,
            (failure: unknown) => failure,
          );
        // The second change waits for the first one's locks instead of reading a stale count.
        try {
          await expect
            .poll(async () => {
              const result = await db.execute(sql`
                SELECT count(*)::int AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`);
              return (result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting ?? 0;
            })
            .toBeGreaterThan(0);
        } finally {
          release();
        }
        await first;
        const error = await demoteSecond;
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).message).toBe(TEAM_USER_MESSAGES.lastAdmin);
        const [row] = await db.select().from(users).where(eq(users.id, second.id));
        expect(row?.role).toBe('admin');
        // Back to one known admin for the next tests.
        await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
        await db.update(users).set({ role: 'member' }).where(eq(users.id, second.id));
      },
    );
  });

  describe('deactivation', () => {
    it('closes the sessions at once, refuses sign-in in French, and reactivates', async () => {
      const target = await signedIn('member', { firstname: 'Jeanne', lastname: 'Roux' });
      const other = await signIn(t.app, target); // a second browser
      expect((await get(target, '/api/user')).statusCode).not.toBe(401);

      const response = await send(admin, 'POST', `/api/moderation/users/${target.id}/deactivate`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamUserResponse>();
      expect(body.message).toBe(TEAM_USER_MESSAGES.deactivated('Jeanne Roux'));
      expect(body.data.deactivated_at).not.toBeNull();

      const [{ left } = { left: -1 }] = await t.database.db
        .select({ left: count() })
        .from(sessions)
        .where(eq(sessions.userId, target.id));
      expect(left).toBe(0);
      expect((await get(target, '/api/user')).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/user', cookies: other })).statusCode).toBe(401);

      const refused = await login(target);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: ACCOUNT_DEACTIVATED_MESSAGE,
        errors: { email: [ACCOUNT_DEACTIVATED_MESSAGE] },
      });
      // A wrong password learns nothing about the account's state.
      const wrong = await login({ email: target.email, password: 'Pas-le-bon-2026!' });
      expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);

      const [event] = await auditOf('user.deactivate', target.id);
      expect(event).toMatchObject({
        actorId: admin.id,
        data: { email: target.email, role: 'member', sessions_closed: 2 },
      });

      const again = await send(admin, 'POST', `/api/moderation/users/${target.id}/deactivate`);
      expect(again.json().message).toBe(TEAM_USER_MESSAGES.alreadyDeactivated('Jeanne Roux'));
      expect(await auditOf('user.deactivate', target.id)).toHaveLength(1);

      const reactivated = await send(
        admin,
        'POST',
        `/api/moderation/users/${target.id}/reactivate`,
      );
      expect(reactivated.statusCode).toBe(200);
      expect(reactivated.json<TeamUserResponse>()).toMatchObject({
        message: TEAM_USER_MESSAGES.reactivated('Jeanne Roux'),
        data: { deactivated_at: null },
      });
      expect((await login(target)).statusCode).toBe(200);
      expect(await auditOf('user.reactivate', target.id)).toHaveLength(1);
    });

    it('a session that exists for a deactivated account is not accepted', async () => {
      const target = await signedIn('member');
      // Deactivated by hand, sessions left: the session lookup itself refuses them.
      await t.database.db
        .update(users)
        .set({ deactivatedAt: new Date() })
        .where(eq(users.id, target.id));
      expect((await get(target, '/api/user')).statusCode).toBe(401);
    });

    it('never lets an admin deactivate themself', async () => {
      const response = await send(admin, 'POST', `/api/moderation/users/${admin.id}/deactivate`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(TEAM_USER_MESSAGES.ownAccount);
      expect((await get(admin, '/api/moderation/users')).statusCode).toBe(200);
    });
  });

  describe('newsletter export', () => {
    it('sends the confirmed subscribers as a dated CSV for French spreadsheets, audited', async () => {
      await t.database.db.insert(newsletterSubscribers).values([
        {
          email: 'abonnee@exemple.fr',
          status: 'subscribed',
          token: 'export-a',
          confirmedAt: new Date('2026-03-02T08:15:00Z'),
        },
        {
          email: '+33@exemple.fr',
          status: 'subscribed',
          token: 'export-b',
          confirmedAt: new Date('2026-03-03T08:15:00Z'),
        },
        { email: 'en.attente@exemple.fr', status: 'pending', token: 'export-c' },
        { email: 'partie@exemple.fr', status: 'unsubscribed', token: 'export-d' },
      ]);
      const response = await get(admin, '/api/moderation/newsletter-subscribers.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="abonnes-newsletter-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(response.rawPayload.toString('utf8')).toBe(
        '\uFEFFemail;confirmed_at\r\n' +
          'abonnee@exemple.fr;2026-03-02 09:15:00\r\n' +
          "'+33@exemple.fr;2026-03-03 09:15:00\r\n",
      );
      const events = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'newsletter.export'));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: admin.id, data: { count: 2 } });
    });
  });
});
