import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODERATED_MEANWHILE_MESSAGE } from '@ad/contract/account/member-content';
import {
  MODERATION_MESSAGES,
  type ModerationQueue,
  type ModerationReview,
} from '@ad/contract/account/moderation';
import {
  auditEvents,
  contacts,
  departements,
  events,
  posts,
  revisions,
} from '../../db/schema/index.ts';
import { mailTo, waitForMail } from '../../platform/mail/testing.ts';
import { createTestApp, signedInAs, visit, type TestApp } from '../../platform/testing.ts';
import {
  apiClient,
  insertReferenceData,
  signedInMember,
  type Member,
} from '../user-publications/publications.testing.ts';

describe('the moderation API (/api/moderation)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let author: Member;
  let moderator: Member;
  let categoryId: number;
  let eventCategoryId: number;

  const get = (who: { cookies: Record<string, string> } | null, url: string) =>
    t.app.inject({ method: 'GET', url, cookies: who?.cookies ?? {} });

  const post = (
    who: { cookies: Record<string, string>; csrf: string } | null,
    url: string,
    payload: object,
    { csrf = true } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      cookies: who?.cookies ?? {},
      headers: csrf && who ? { 'x-csrf-token': who.csrf } : {},
      payload,
    });

  /** The review's version, as the review page reads it before a decision. */
  const versionOf = async (type: string, id: number) => {
    const response = await get(moderator, `/api/moderation/items/${type}/${id}`);
    return response.statusCode === 200
      ? response.json<{ data: ModerationReview }>().data.version
      : 'none';
  };

  const decide = async (
    type: string,
    id: number,
    decision: string,
    comment?: string,
    version?: string,
  ) =>
    post(moderator, `/api/moderation/items/${type}/${id}/decision`, {
      decision,
      comment,
      version: version ?? (await versionOf(type, id)),
    });

  const editPost = (id: number, title: string) =>
    api.form(author, `/api/user/posts/${id}`, {
      category_id: String(categoryId),
      title,
      authors: 'Camille Martin',
      description: '<p>Le texte de l’actualité.</p>',
      external_url: '',
      _method: 'put',
    });

  async function submitPost(title: string) {
    const response = await api.form(author, '/api/user/posts', {
      category_id: String(categoryId),
      title,
      authors: 'Camille Martin',
      description: '<p>Le texte de l’actualité.</p>',
      external_url: '',
      _method: 'post',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  const statusOf = async (id: number) =>
    (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t);
    ({ postCategoryId: categoryId, eventCategoryId } = await insertReferenceData(t));
    await t.database.db.insert(departements).values([
      { code: '33', name: 'Gironde' },
      { code: '64', name: 'Pyrénées-Atlantiques' },
    ]);
    author = await signedInMember(t);
    moderator = await signedInAs(t, { role: 'moderator' });
  });
  afterAll(() => t.close());

  describe('access', () => {
    const routes = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/items/posts/1'],
      ['POST', '/api/moderation/items/posts/1/decision'],
      ['POST', '/api/moderation/items/posts/1/unpublish'],
    ] as const;

    it('answers 401 to anonymous visitors and 403 to members on every route', async () => {
      const anonymous = await visit(t.app, '/');
      for (const [method, url] of routes) {
        const payload = method === 'POST' ? { decision: 'publish', comment: 'x' } : undefined;
        const asAnonymous = await t.app.inject({
          method,
          url,
          cookies: anonymous.cookies,
          headers: method === 'POST' ? { 'x-csrf-token': anonymous.csrf } : {},
          ...(payload ? { payload } : {}),
        });
        expect(asAnonymous.statusCode, `${method} ${url}`).toBe(401);
        const asMember = await t.app.inject({
          method,
          url,
          cookies: author.cookies,
          headers: method === 'POST' ? { 'x-csrf-token': author.csrf } : {},
          ...(payload ? { payload } : {}),
        });
        expect(asMember.statusCode, `${method} ${url}`).toBe(403);
        expect(asMember.headers['cache-control'], `${method} ${url}`).toBe('no-store');
      }
    });

    it('lets moderators and admins in', async () => {
      expect((await get(moderator, '/api/moderation/queue')).statusCode).toBe(200);
      const admin = await signedInAs(t, { role: 'admin' });
      expect((await get(admin, '/api/moderation/queue')).statusCode).toBe(200);
    });

    it('refuses a decision without the CSRF token', async () => {
      const id = await submitPost('Sans jeton');
      const response = await post(
        moderator,
        `/api/moderation/items/posts/${id}/decision`,
        { decision: 'publish' },
        { csrf: false },
      );
      expect(response.statusCode).toBe(419);
      expect((await statusOf(id)).moderationStatus).toBe('pending');
      await t.database.db.delete(posts).where(eq(posts.id, id));
    });
  });

  describe('the queue', () => {
    it('lists new items and pending edits of every type, oldest first, with their filters', async () => {
      const db = t.database.db;
      const [institution] = await db
        .insert(contacts)
        .values({
          societyName: 'Cantine de Bordeaux',
          departementCode: '33',
          moderationStatus: 'pending',
          userId: author.user.id,
          updatedAt: new Date('2026-01-02T10:00:00Z'),
        })
        .returning();
      const [oldPost] = await db
        .insert(posts)
        .values({
          slug: 'vieille-actualite',
          title: 'Vieille actualité',
          categoryId,
          moderationStatus: 'pending',
          userId: author.user.id,
          updatedAt: new Date('2026-01-01T10:00:00Z'),
        })
        .returning();
      const [publishedEvent] = await db
        .insert(events)
        .values({
          title: 'Atelier publié',
          startedAt: '2026-05-01',
          place: 'Pau',
          planner: 'Réseau',
          categoryId: eventCategoryId,
          moderationStatus: 'published',
          userId: author.user.id,
        })
        .returning();
      await db.insert(revisions).values({
        subjectType: 'event',
        subjectId: publishedEvent!.id,
        authorId: author.user.id,
        payload: { values: { title: 'Atelier modifié' }, relations: {}, files: { added: [] } },
        createdAt: new Date('2026-01-03T10:00:00Z'),
      });

      const response = await get(moderator, '/api/moderation/queue');
      expect(response.statusCode, response.body).toBe(200);
      const queue = response.json<ModerationQueue>();
      expect(queue.data.map((i) => [i.type, i.kind, i.title])).toEqual([
        ['posts', 'new', 'Vieille actualité'],
        ['institutions', 'new', 'Cantine de Bordeaux'],
        ['events', 'edit', 'Atelier modifié'],
      ]);
      expect(queue.data[0]).toMatchObject({
        id: oldPost!.id,
        type_label: 'Actualité',
        author: { id: author.user.id, email: author.user.email, name: 'Camille Martin' },
        submitted_at: '2026-01-01T10:00:00.000Z',
        departement: null,
      });
      expect(queue.data[0]!.age_days).toBeGreaterThan(0);
      expect(queue.data[1]).toMatchObject({
        institution: 'Cantine de Bordeaux',
        departement: { code: '33', name: 'Gironde' },
      });
      expect(queue.meta).toMatchObject({ current_page: 1, total: 3, last_page: 1 });

      const byType = (
        await get(moderator, '/api/moderation/queue?type=events')
      ).json<ModerationQueue>();
      expect(byType.data.map((i) => i.id)).toEqual([publishedEvent!.id]);
      const dep = await get(moderator, '/api/moderation/queue?departement=33');
      expect(dep.statusCode, dep.body).toBe(200);
      const byDepartement = (
        await get(moderator, '/api/moderation/queue?departement=33')
      ).json<ModerationQueue>();
      expect(byDepartement.data.map((i) => i.id)).toEqual([institution!.id]);
      expect(byDepartement.links.first).toBe('/api/moderation/queue?departement=33&page=1');

      for (const query of ['type=articles', 'departement=Gironde', 'page=0', 'page=x']) {
        const bad = await get(moderator, `/api/moderation/queue?${query}`);
        expect(bad.statusCode, query).toBe(422);
      }

      const institutionReview = await get(
        moderator,
        `/api/moderation/items/institutions/${institution!.id}`,
      );
      expect(institutionReview.statusCode, institutionReview.body).toBe(200);
      expect(institutionReview.json().data).toMatchObject({
        kind: 'new',
        institution: 'Cantine de Bordeaux',
      });
      const eventReview = await get(
        moderator,
        `/api/moderation/items/events/${publishedEvent!.id}`,
      );
      expect(eventReview.statusCode, eventReview.body).toBe(200);
      expect(eventReview.json().data.changes).toContainEqual({
        field: 'title',
        label: 'Titre',
        before: 'Atelier publié',
        after: 'Atelier modifié',
      });
      const published = await decide('institutions', institution!.id, 'publish');
      expect(published.json().data).toEqual({ moderation_status: 'published' });

      await db.delete(revisions);
      await db.delete(events);
      await db.delete(posts);
      await db.delete(contacts).where(eq(contacts.id, institution!.id));
    });
  });

  describe('decisions', () => {
    it('publishes a new post, tells its author and records the decision', async () => {
      const id = await submitPost('Appel à projets cantines');
      const review = await get(moderator, `/api/moderation/items/posts/${id}`);
      expect(review.statusCode, review.body).toBe(200);
      const data = review.json<{ data: ModerationReview }>().data;
      expect(data).toMatchObject({ kind: 'new', title: 'Appel à projets cantines', changes: [] });
      expect(data.preview).toMatchObject({ title: 'Appel à projets cantines' });
      expect(data.fields).toContainEqual({
        field: 'categoryId',
        label: 'Catégorie',
        value: 'Appel à projets',
      });
      expect(data.history.map((h) => h.action)).toEqual(['post.create']);

      const response = await decide('posts', id, 'publish');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: 'La contribution a bien été publiée.',
        data: { moderation_status: 'published' },
      });
      const row = await statusOf(id);
      expect(row).toMatchObject({ moderationStatus: 'published', moderatedBy: moderator.user.id });
      expect(row.publishedAt).not.toBeNull();
      const mail = await waitForMail(
        t.mailDir,
        (m) => mailTo(author.user.email)(m) && m.text.includes('Appel à projets cantines'),
      );
      expect(mail.text).toContain('Appel à projets cantines');
      expect(mail.text).toContain(`/mon-compte/actualites/${id}`);
      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'moderation.publish'), eq(auditEvents.subjectId, String(id))),
        );
      expect(audit).toHaveLength(1);

      // Nothing waits any more.
      expect((await decide('posts', id, 'publish')).statusCode).toBe(409);
    });

    it('refuses with a required comment, sent to the author', async () => {
      const id = await submitPost('Actualité à refuser');
      const missing = await decide('posts', id, 'refuse', '  ');
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ comment: ['Le champ commentaire est obligatoire.'] });

      const response = await decide('posts', id, 'refuse', 'Hors du périmètre de la plateforme.');
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toMatchObject({
        moderationStatus: 'rejected',
        moderationComment: 'Hors du périmètre de la plateforme.',
      });
      const mail = await waitForMail(
        t.mailDir,
        (m) => mailTo(author.user.email)(m) && m.text.includes('Actualité à refuser'),
      );
      expect(mail.text).toContain('Hors du périmètre de la plateforme.');
      const dashboard = (await api.get(author, '/api/user/posts')).json<{
        data: { id: number; moderation_status_label: string }[];
      }>();
      expect(dashboard.data.find((p) => p.id === id)?.moderation_status_label).toBe('Refusé');
    });

    it('asks for changes: the item goes back to draft until its author saves it again', async () => {
      const id = await submitPost('Actualité incomplète');
      expect((await decide('posts', id, 'request_changes')).statusCode).toBe(422);
      const response = await decide('posts', id, 'request_changes', 'Ajoutez la date limite.');
      expect(response.json().data).toEqual({ moderation_status: 'draft' });
      expect(await statusOf(id)).toMatchObject({
        moderationStatus: 'draft',
        moderationComment: 'Ajoutez la date limite.',
      });
      const mail = await waitForMail(
        t.mailDir,
        (m) => mailTo(author.user.email)(m) && m.text.includes('Actualité incomplète'),
      );
      expect(mail.subject).toContain('modifications');
      expect(mail.text).toContain('Ajoutez la date limite.');
      const queue = (await get(moderator, '/api/moderation/queue')).json<ModerationQueue>();
      expect(queue.data.some((i) => i.id === id && i.type === 'posts')).toBe(false);
    });

    it('keeps a published post online while its edit waits, and replaces it on approval', async () => {
      const id = await submitPost('Titre publié');
      await decide('posts', id, 'publish');
      const { slug } = await statusOf(id);
      const publicTitle = async () => {
        const response = await t.app.inject({ method: 'GET', url: `/api/posts/${slug}` });
        return response.json<{ post: { title: string } }>().post.title;
      };
      expect(await publicTitle()).toBe('Titre publié');

      const edit = await api.form(author, `/api/user/posts/${id}`, {
        category_id: String(categoryId),
        title: 'Titre corrigé',
        authors: 'Camille Martin',
        description: '<p>Le texte de l’actualité.</p>',
        external_url: '',
        _method: 'put',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await publicTitle()).toBe('Titre publié');

      const queue = (
        await get(moderator, '/api/moderation/queue?type=posts')
      ).json<ModerationQueue>();
      expect(queue.data.find((i) => i.id === id)).toMatchObject({
        kind: 'edit',
        title: 'Titre corrigé',
      });
      const review = (await get(moderator, `/api/moderation/items/posts/${id}`)).json<{
        data: ModerationReview;
      }>().data;
      expect(review.kind).toBe('edit');
      expect(review.changes).toEqual([
        { field: 'title', label: 'Titre', before: 'Titre publié', after: 'Titre corrigé' },
      ]);

      const response = await decide('posts', id, 'publish');
      expect(response.statusCode, response.body).toBe(200);
      expect(await publicTitle()).toBe('Titre corrigé');
      const [revision] = await t.database.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.subjectType, 'post'), eq(revisions.subjectId, id)));
      expect(revision).toMatchObject({ status: 'approved', reviewedBy: moderator.user.id });
    });

    it('decides only on what the moderator read: a save or a decision meanwhile is a 409', async () => {
      // A new post saved again by its author after the review was read.
      const id = await submitPost('Première version');
      const read = await versionOf('posts', id);
      expect((await editPost(id, 'Deuxième version')).statusCode).toBe(200);
      const stale = await decide('posts', id, 'publish', undefined, read);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(MODERATION_MESSAGES.changedMeanwhile);
      expect(await statusOf(id)).toMatchObject({ moderationStatus: 'pending' });
      // Read again: the decision goes through, on the second version.
      const current = await versionOf('posts', id);
      expect(current).not.toBe(read);
      expect((await decide('posts', id, 'publish', undefined, current)).statusCode).toBe(200);
      expect(await statusOf(id)).toMatchObject({
        title: 'Deuxième version',
        moderationStatus: 'published',
      });
      // The same version again (a second moderator, a second click): nothing waits any more.
      const twice = await decide('posts', id, 'refuse', 'Trop tard.', current);
      expect(twice.statusCode).toBe(409);
      expect(await statusOf(id)).toMatchObject({ moderationStatus: 'published' });

      // An edit of the published post replaced by its author after the review was read.
      expect((await editPost(id, 'Modification lue')).statusCode).toBe(200);
      const edit = await versionOf('posts', id);
      expect((await editPost(id, 'Modification non lue')).statusCode).toBe(200);
      expect((await decide('posts', id, 'publish', undefined, edit)).statusCode).toBe(409);
      const [revision] = await t.database.db
        .select()
        .from(revisions)
        .where(
          and(
            eq(revisions.subjectType, 'post'),
            eq(revisions.subjectId, id),
            eq(revisions.status, 'pending'),
          ),
        );
      expect(revision?.payload).toMatchObject({ values: { title: 'Modification non lue' } });
      expect(await statusOf(id)).toMatchObject({ title: 'Deuxième version' });
    });

    it("refuses a member's save when the team decided between its reading and its writing", async () => {
      // A new post: the member's second save was read while it waited; the team publishes it first.
      const id = await submitPost('Lue avant la décision');
      const transaction = t.app.fileStore.transaction.bind(t.app.fileStore);
      const decidedFirst = (decision: () => Promise<unknown>) =>
        vi.spyOn(t.app.fileStore, 'transaction').mockImplementationOnce(async (work, uploads) => {
          await decision();
          return transaction(work, uploads);
        });
      decidedFirst(async () => expect((await decide('posts', id, 'publish')).statusCode).toBe(200));
      const late = await editPost(id, 'Écrite après la décision');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(MODERATED_MEANWHILE_MESSAGE);
      expect(await statusOf(id)).toMatchObject({
        title: 'Lue avant la décision',
        moderationStatus: 'published',
      });

      // An edit of the published post: the team approves the waiting edit first.
      expect((await editPost(id, 'Modification approuvée')).statusCode).toBe(200);
      decidedFirst(async () => expect((await decide('posts', id, 'publish')).statusCode).toBe(200));
      expect((await editPost(id, 'Modification écrite trop tard')).statusCode).toBe(409);
      const closed = await t.database.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.subjectType, 'post'), eq(revisions.subjectId, id)));
      expect(
        closed.map((r) => [r.status, (r.payload as { values: { title: string } }).values.title]),
      ).toEqual([['approved', 'Modification approuvée']]);
      // Saved again, the edit waits for the team.
      expect((await editPost(id, 'Modification écrite trop tard')).statusCode).toBe(200);
      expect(await statusOf(id)).toMatchObject({ title: 'Modification approuvée' });
    });

    it('refuses an edit: the published version stays online untouched', async () => {
      const id = await submitPost('Version en ligne');
      await decide('posts', id, 'publish');
      await api.form(author, `/api/user/posts/${id}`, {
        category_id: String(categoryId),
        title: 'Version refusée',
        authors: 'Camille Martin',
        description: '<p>Autre texte.</p>',
        external_url: '',
        _method: 'put',
      });
      const response = await decide('posts', id, 'refuse', 'Le titre ne convient pas.');
      expect(response.json().data).toEqual({ moderation_status: 'published' });
      expect(await statusOf(id)).toMatchObject({
        title: 'Version en ligne',
        moderationStatus: 'published',
      });
      const mail = await waitForMail(
        t.mailDir,
        (m) => mailTo(author.user.email)(m) && m.text.includes('Version refusée'),
      );
      expect(mail.text).toContain('Le titre ne convient pas.');
    });

    it('unpublishes a published item with a required reason', async () => {
      const id = await submitPost('À retirer');
      await decide('posts', id, 'publish');
      const { slug } = await statusOf(id);
      const url = `/api/moderation/items/posts/${id}/unpublish`;
      expect((await post(moderator, url, {})).statusCode).toBe(422);
      const response = await post(moderator, url, {
        comment: 'Contenu obsolète.',
        version: await versionOf('posts', id),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ moderation_status: 'rejected' });
      expect((await t.app.inject({ method: 'GET', url: `/api/posts/${slug}` })).statusCode).toBe(
        404,
      );
      const mail = await waitForMail(
        t.mailDir,
        (m) => mailTo(author.user.email)(m) && m.subject.includes("n'est plus publiée"),
      );
      expect(mail.text).toContain('Contenu obsolète.');
      const again = await post(moderator, url, {
        comment: 'Encore.',
        version: await versionOf('posts', id),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MODERATION_MESSAGES.notPublished);
      const history = (await get(moderator, `/api/moderation/items/posts/${id}`)).json<{
        data: ModerationReview;
      }>().data.history;
      expect(history[0]).toMatchObject({
        action: 'moderation.unpublish',
        comment: 'Contenu obsolète.',
        actor: { id: moderator.user.id },
      });
    });

    it('answers 404 for unknown items and types', async () => {
      expect((await get(moderator, '/api/moderation/items/posts/999999')).statusCode).toBe(404);
      expect((await get(moderator, '/api/moderation/items/articles/1')).statusCode).toBe(404);
      expect((await decide('posts', 999999, 'publish')).statusCode).toBe(404);
    });

    it('hints at published items with a similar title', async () => {
      const id = await submitPost('Appel a projets cantine');
      const review = (await get(moderator, `/api/moderation/items/posts/${id}`)).json<{
        data: ModerationReview;
      }>().data;
      expect(review.duplicates.map((d) => d.title)).toContain('Appel à projets cantines');
      expect(review.duplicates[0]!.reason).toBe('title');
    });
  });
});
