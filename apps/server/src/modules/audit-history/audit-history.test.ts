import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@ad/contract';
import {
  auditHistoryPath,
  type AuditActors,
  type AuditList,
} from '@ad/contract/account/audit-history';
import { auditEvents, contacts, users } from '../../db/schema/index.ts';
import { MESSAGES } from '../../platform/errors.ts';
import {
  createTestApp,
  signedInAs,
  type TestApp,
  type TestSession,
} from '../../platform/testing.ts';

type Signed = TestSession['user'] & Omit<TestSession, 'user'>;

describe('the audit history API (/api/moderation/audit)', () => {
  let t: TestApp;
  let admin: Signed;
  let moderator: Signed;
  let member: Signed;
  let farmId: number;

  async function signedIn(
    role: Role,
    extra: Partial<typeof users.$inferInsert> = {},
  ): Promise<Signed> {
    const { user, ...session } = await signedInAs(t, { role, ...extra });
    return { ...user, ...session };
  }

  const get = (who: Signed | null, url: string) =>
    t.app.inject({ method: 'GET', url, cookies: who?.cookies ?? {} });

  const history = async (query: string, who: Signed = admin) => {
    const response = await get(who, `/api/moderation/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditList>();
  };
  const actionsOf = (list: AuditList) => list.data.map((entry) => entry.action);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn('admin', { firstname: 'Sophie', lastname: 'Laborde' });
    moderator = await signedIn('moderator', { firstname: 'Karim', lastname: 'Haddad' });
    member = await signedIn('member', { firstname: 'Lucas', lastname: 'Peyrat' });
    const [farm] = await t.database.db
      .insert(contacts)
      .values({ societyName: 'Jardins de Garonne', moderationStatus: 'published' })
      .returning({ id: contacts.id });
    farmId = farm!.id;

    // A small history, oldest first (created_at explicit: the date filters are in Paris time).
    await t.database.db.insert(auditEvents).values([
      {
        actorId: member.id,
        action: 'institution.create',
        subjectType: 'contact',
        subjectId: String(farmId),
        createdAt: new Date('2026-03-01T09:00:00Z'),
      },
      {
        actorId: moderator.id,
        action: 'moderation.publish',
        subjectType: 'contact',
        subjectId: String(farmId),
        data: { comment: null, kind: 'new' },
        // 00:30 on 2 March in Paris.
        createdAt: new Date('2026-03-01T23:30:00Z'),
      },
      {
        actorId: member.id,
        action: 'post.delete',
        subjectType: 'post',
        subjectId: '4242',
        data: { title: 'Une actualité supprimée' },
        createdAt: new Date('2026-03-03T10:00:00Z'),
      },
      {
        actorId: null,
        action: 'moderation.digest',
        data: { counts: { posts: 2 }, recipients: 3 },
        createdAt: new Date('2026-03-04T07:00:00Z'),
      },
      {
        actorId: admin.id,
        action: 'user.role',
        subjectType: 'user',
        subjectId: String(member.id),
        data: { previous_role: 'member', role: 'moderator' },
        createdAt: new Date('2026-03-05T10:00:00Z'),
      },
      {
        actorId: moderator.id,
        action: 'moderation.refuse',
        subjectType: 'contact',
        subjectId: String(farmId),
        data: { comment: 'Adresse incomplète.', kind: 'edit' },
        createdAt: new Date('2026-03-06T10:00:00Z'),
      },
      {
        actorId: admin.id,
        action: 'something.new',
        createdAt: new Date('2026-03-07T10:00:00Z'),
      },
    ]);
  });
  afterAll(() => t.close());

  it('answers 401 to anonymous visitors and 403 to members; the team reads it', async () => {
    for (const url of ['/api/moderation/audit', '/api/moderation/audit/actors']) {
      const anonymous = await get(null, url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(MESSAGES.unauthenticated);
      const asMember = await get(member, url);
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.json().message).toBe(MESSAGES.forbidden);
      for (const who of [moderator, admin]) {
        const response = await get(who, url);
        expect(response.statusCode, `${who.role} ${url}`).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('lists who did what, when, newest first, with French labels, subjects and summaries', async () => {
    const list = await history('');
    expect(actionsOf(list)).toEqual([
      'something.new',
      'moderation.refuse',
      'user.role',
      'moderation.digest',
      'post.delete',
      'moderation.publish',
      'institution.create',
    ]);
    expect(list.meta).toMatchObject({ total: 7, per_page: 30, current_page: 1 });
    const [unknown, refuse, role, digest, deleted] = list.data;
    expect(unknown).toMatchObject({ action_label: 'something.new', subject: null, summary: null });
    expect(refuse).toEqual({
      id: expect.any(Number),
      action: 'moderation.refuse',
      action_label: 'Refus',
      actor: { id: moderator.id, name: 'Karim Haddad', email: moderator.email },
      subject: {
        type: 'contact',
        type_label: 'Structure',
        id: String(farmId),
        title: 'Jardins de Garonne',
        link: `/moderation/institutions/${farmId}`,
      },
      created_at: '2026-03-06T10:00:00.000Z',
      summary: 'Commentaire : Adresse incomplète.',
      data: { comment: 'Adresse incomplète.', kind: 'edit' },
    });
    expect(role).toMatchObject({
      action_label: 'Rôle modifié',
      subject: {
        type_label: 'Utilisateur',
        title: 'Lucas Peyrat',
        link: `/moderation/utilisateurs?q=${encodeURIComponent(member.email)}`,
      },
      summary: 'Membre → Modérateur.',
    });
    expect(digest).toMatchObject({
      actor: null,
      action_label: 'Récapitulatif de modération envoyé',
      summary: "Envoyé à 3 membres de l'équipe.",
    });
    // The post is gone: the title the event kept, no link.
    expect(deleted!.subject).toEqual({
      type: 'post',
      type_label: 'Actualité',
      id: '4242',
      title: 'Une actualité supprimée',
      link: null,
    });
    expect(list.context).toEqual({ actor: null, subject: null });
  });

  it('links accounts for admins only (moderators cannot open the accounts list)', async () => {
    const list = await history('?action=user.', moderator);
    expect(list.data[0]!.subject).toMatchObject({ title: 'Lucas Peyrat', link: null });
  });

  it('filters by actor, the system, an action or its group, and a subject', async () => {
    expect(actionsOf(await history(`?actor=${moderator.id}`))).toEqual([
      'moderation.refuse',
      'moderation.publish',
    ]);
    const byActor = await history(`?actor=${member.id}`);
    expect(byActor.context.actor).toEqual({
      id: member.id,
      name: 'Lucas Peyrat',
      email: member.email,
    });
    expect(actionsOf(await history('?actor=system'))).toEqual(['moderation.digest']);
    expect(actionsOf(await history('?action=moderation.'))).toEqual([
      'moderation.refuse',
      'moderation.digest',
      'moderation.publish',
    ]);
    expect(actionsOf(await history('?action=moderation.publish'))).toEqual(['moderation.publish']);
    // `_` is no wildcard.
    expect(actionsOf(await history('?action=moderation_'))).toEqual([]);
    expect(actionsOf(await history('?subject_type=post'))).toEqual(['post.delete']);
  });

  it("shows one item's history with its title (the page of auditHistoryPath)", async () => {
    const path = auditHistoryPath('contact', farmId);
    expect(path).toBe(`/moderation/historique?subject_type=contact&subject_id=${farmId}`);
    const list = await history(`?subject_type=contact&subject_id=${farmId}`);
    expect(actionsOf(list)).toEqual([
      'moderation.refuse',
      'moderation.publish',
      'institution.create',
    ]);
    expect(list.context.subject).toEqual({
      type: 'contact',
      type_label: 'Structure',
      id: String(farmId),
      title: 'Jardins de Garonne',
      link: `/moderation/institutions/${farmId}`,
    });
    expect(list.links.first).toBe(
      `/api/moderation/audit?subject_id=${farmId}&subject_type=contact&page=1`,
    );
    // An item without any event still has its name.
    const [other] = await t.database.db
      .insert(contacts)
      .values({ societyName: 'Ferme du Bois', moderationStatus: 'pending' })
      .returning({ id: contacts.id });
    const empty = await history(`?subject_type=contact&subject_id=${other!.id}`);
    expect(empty.data).toEqual([]);
    expect(empty.context.subject?.title).toBe('Ferme du Bois');
  });

  it('filters by days in Paris time, both included', async () => {
    expect(actionsOf(await history('?from=2026-03-02&to=2026-03-03'))).toEqual([
      'post.delete',
      'moderation.publish',
    ]);
    expect(actionsOf(await history('?to=2026-03-01'))).toEqual(['institution.create']);
    expect(actionsOf(await history('?from=2026-03-07'))).toEqual(['something.new']);
    expect(actionsOf(await history('?from=2026-03-04&to=2026-03-04'))).toEqual([
      'moderation.digest',
    ]);
  });

  it('answers 422 to filters that are not', async () => {
    const cases: [string, string, string][] = [
      ['?from=2026-02-30', 'from', 'La date de début est invalide.'],
      ['?from=0000-01-01', 'from', 'La date de début est invalide.'],
      ['?to=hier', 'to', 'La date de fin est invalide.'],
      [
        '?from=2026-03-05&to=2026-03-01',
        'to',
        'La date de fin doit être postérieure à la date de début.',
      ],
      ['?actor=quelqu-un', 'actor', "L'auteur est invalide."],
      ['?action=DROP%20TABLE', 'action', "L'action est invalide."],
      ['?page=-1', 'page', expect.any(String) as unknown as string],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(admin, `/api/moderation/audit${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field], query).toEqual([message]);
    }
  });

  it('offers the team as actors of the filter, by name', async () => {
    const response = await get(moderator, '/api/moderation/audit/actors');
    expect(response.json<AuditActors>().data).toEqual([
      { id: moderator.id, name: 'Karim Haddad', email: moderator.email },
      { id: admin.id, name: 'Sophie Laborde', email: admin.email },
    ]);
  });

  it('records changes made through the back office (a role change shows up)', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/moderation/users/${member.id}`,
      cookies: admin.cookies,
      headers: { 'x-csrf-token': admin.csrf },
      payload: { role: 'moderator' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = await history(`?subject_type=user&subject_id=${member.id}`);
    expect(list.data[0]).toMatchObject({
      action: 'user.role',
      actor: { id: admin.id, name: 'Sophie Laborde' },
      summary: 'Membre → Modérateur.',
    });
    expect(new Date(list.data[0]!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
