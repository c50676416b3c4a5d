import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberList } from '@ad/contract/account/member-content';
import type { PostOptions, PostPreview } from '@ad/contract/account/publications';
import { auditEvents, files, posts, revisions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestFile } from '../../platform/testing.ts';
import {
  apiClient,
  expectEachRequired,
  fileCount,
  insertReferenceData,
  png,
  signedInMember,
  svgWithScript,
  type Member,
} from './publications.testing.ts';
import { applyPostRevision, POST_MESSAGES, type PostRevision } from './user-posts.ts';

describe('the member posts API (/api/user/posts)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let owner: Member;
  let other: Member;
  let categoryId: number;

  const fields = (extra: Record<string, string | TestFile> = {}) => ({
    category_id: String(categoryId),
    title: 'Un nouvel appel à projets',
    authors: 'Camille Martin',
    description: '<p>Les candidatures sont <strong>ouvertes</strong>.</p><script>x()</script>',
    external_url: 'https://exemple.fr/appel',
    _method: 'post',
    ...extra,
  });

  async function createPost(extra: Record<string, string | TestFile> = {}) {
    const response = await api.form(owner, '/api/user/posts', fields(extra));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ message: string; data: { id: number } }>().data.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t);
    ({ postCategoryId: categoryId } = await insertReferenceData(t));
    owner = await signedInMember(t);
    other = await signedInMember(t);
  });
  afterAll(() => t.close());

  it('creates a pending post with its image, a sanitised description and a unique slug', async () => {
    const response = await api.form(owner, '/api/user/posts', fields({ image: await png() }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: { id: number } }>();
    expect(body.message).toBe(POST_MESSAGES.created);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, body.data.id));
    expect(row).toMatchObject({
      moderationStatus: 'pending',
      userId: owner.user.id,
      slug: 'un-nouvel-appel-a-projets',
      description: '<p>Les candidatures sont <strong>ouvertes</strong>.</p>',
    });
    expect(row!.imageFileId).not.toBeNull();
    const second = await createPost();
    const [again] = await t.database.db.select().from(posts).where(eq(posts.id, second));
    expect(again!.slug).toBe('un-nouvel-appel-a-projets-2');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'post.create'), eq(auditEvents.subjectId, String(body.data.id))),
      );
    expect(audit).toHaveLength(1);

    const preview = await api.get(owner, `/api/user/posts/${body.data.id}`);
    expect(preview.statusCode).toBe(200);
    const data = preview.json<{ data: PostPreview }>().data;
    expect(data).toMatchObject({
      title: 'Un nouvel appel à projets',
      authors: 'Camille Martin',
      external_url: 'https://exemple.fr/appel',
      category: { id: categoryId, name: 'Appel à projets' },
      moderation_status: 'pending',
      moderation_status_label: 'En cours de modération',
      deletable: { label: 'Actualité', url: `/api/user/posts/${body.data.id}` },
    });
    expect(data.featured_image?.url).toMatch(/^\/uploads\/.+\.png$/);
    expect(data.featured_image).toMatchObject({
      file: data.featured_image!.url,
      name: expect.any(String),
      type: 'image/png',
    });
    expect(data.featured_image?.filename).toBe('image.png');
    expect(data.thumb).toBeTruthy();
    const image = await t.app.inject({ method: 'GET', url: data.featured_image!.url });
    expect(image.statusCode).toBe(200);
  });

  it('lists the member’s posts for the dashboard, and only theirs', async () => {
    const list = (await api.get(owner, '/api/user/posts')).json<MemberList>();
    expect(list.extra).toEqual({
      count: list.data.length,
      attributes: [{ label: 'Catégorie', key: 'category' }],
    });
    expect(list.data.length).toBeGreaterThanOrEqual(2);
    expect(list.data[0]).toMatchObject({
      title: 'Un nouvel appel à projets',
      category: 'Appel à projets',
      moderation_status_label: 'En cours de modération',
      deletable: {
        label: 'Actualité',
        sentence: "l'actualité",
        success: 'Votre actualité a bien été supprimée.',
      },
    });
    expect((await api.get(other, '/api/user/posts')).json<MemberList>().data).toEqual([]);
  });

  it('gives the categories, and the item for the edit form', async () => {
    const id = await createPost();
    const options = (await api.get(owner, '/api/user/posts/options')).json<PostOptions>();
    expect(options.categories.map((c) => c.name)).toEqual(['Appel à projets', 'Vie du réseau']);
    expect(options.resource).toBeUndefined();
    const edit = (await api.get(owner, `/api/user/posts/options/${id}`)).json<PostOptions>();
    expect(edit.resource).toMatchObject({
      id,
      moderation_status: 'pending',
      moderation_status_label: 'En cours de modération',
      title: 'Un nouvel appel à projets',
      category_id: categoryId,
    });
  });

  it('refuses each missing required field, a bad URL and an unknown category', async () => {
    await expectEachRequired((f) => api.form(owner, '/api/user/posts', f), fields(), {
      category_id: 'Le champ catégorie est obligatoire.',
      title: 'Le champ titre est obligatoire.',
      authors: 'Le champ auteurs est obligatoire.',
      description: 'Le champ description est obligatoire.',
    });
    const emptyEditor = await api.form(
      owner,
      '/api/user/posts',
      fields({ description: '<p></p>' }),
    );
    expect(emptyEditor.json().errors.description).toEqual([
      'Le champ description est obligatoire.',
    ]);
    const badUrl = await api.form(
      owner,
      '/api/user/posts',
      fields({ external_url: 'javascript:alert(1)' }),
    );
    expect(badUrl.statusCode).toBe(422);
    expect(Object.keys(badUrl.json().errors)).toEqual(['external_url']);
    const unknown = await api.form(owner, '/api/user/posts', fields({ category_id: '99999' }));
    expect(unknown.json().errors.category_id).toEqual(['Le champ catégorie est invalide.']);
  });

  it('refuses an SVG image with a script, and stores nothing', async () => {
    const before = await fileCount(t);
    const response = await api.form(
      owner,
      '/api/user/posts',
      fields({ image: svgWithScript(), title: '' }),
    );
    expect(response.statusCode).toBe(422);
    // Both problems are reported at once.
    expect(Object.keys(response.json().errors).sort()).toEqual(['image', 'title']);
    expect(await fileCount(t)).toBe(before);
  });

  it('edits a pending post in place, replacing its image', async () => {
    const id = await createPost({ image: await png('#f00') });
    const [before] = await t.database.db.select().from(posts).where(eq(posts.id, id));
    const response = await api.form(
      owner,
      `/api/user/posts/${id}`,
      fields({ title: 'Titre modifié', image: await png('#00f'), _method: 'put' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(POST_MESSAGES.updated);
    const [after] = await t.database.db.select().from(posts).where(eq(posts.id, id));
    expect(after).toMatchObject({
      title: 'Titre modifié',
      moderationStatus: 'pending',
      slug: before!.slug,
    });
    expect(after!.imageFileId).not.toBe(before!.imageFileId);
    const old = await t.database.db.select().from(files).where(eq(files.id, before!.imageFileId!));
    expect(old).toEqual([]);
  });

  it('keeps the published version online and stores an edit as a revision, then applies it', async () => {
    const id = await createPost({ title: 'Version publiée' });
    await t.database.db
      .update(posts)
      .set({ moderationStatus: 'published', publishedAt: new Date() })
      .where(eq(posts.id, id));
    await t.contentSettled();
    const [live] = await t.database.db.select().from(posts).where(eq(posts.id, id));
    const before = await fileCount(t);

    const response = await api.form(
      owner,
      `/api/user/posts/${id}`,
      fields({ title: 'Version proposée', image: await png('#ff0'), _method: 'put' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    await t.contentSettled();
    const publicPost = await t.app.inject({ method: 'GET', url: `/api/posts/${live!.slug}` });
    expect(publicPost.statusCode).toBe(200);
    expect(publicPost.json().post.title).toBe('Version publiée');
    // The new image is stored but not linked yet.
    expect(await fileCount(t)).toBe(before + 1);
    const [unchanged] = await t.database.db.select().from(posts).where(eq(posts.id, id));
    expect(unchanged).toMatchObject({ title: 'Version publiée', imageFileId: null });

    const preview = (await api.get(owner, `/api/user/posts/${id}`)).json<{ data: PostPreview }>()
      .data;
    expect(preview.title).toBe('Version proposée');
    expect(preview.moderation_status_label).toBe('En cours de modération');
    const list = (await api.get(owner, '/api/user/posts')).json<MemberList>();
    expect(list.data.find((item) => item.id === id)).toMatchObject({
      title: 'Version proposée',
      moderation_status: 'pending',
    });

    const [revision] = await t.database.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.subjectType, 'post'), eq(revisions.subjectId, id)));
    const payload = revision!.payload as PostRevision;
    expect(payload.values.title).toBe('Version proposée');
    expect(payload.files.added).toHaveLength(1);
    const dropped = await t.database.db.transaction((tx) => applyPostRevision(tx, id, payload));
    expect(dropped).toEqual([]);
    const [applied] = await t.database.db.select().from(posts).where(eq(posts.id, id));
    expect(applied).toMatchObject({
      title: 'Version proposée',
      moderationStatus: 'published',
      imageFileId: payload.files.added[0],
    });
  });

  it('deletes a post with its pending revision and every file of both', async () => {
    const id = await createPost({ image: await png() });
    await t.database.db
      .update(posts)
      .set({ moderationStatus: 'published' })
      .where(eq(posts.id, id));
    await api.form(
      owner,
      `/api/user/posts/${id}`,
      fields({ image: await png('#123'), _method: 'put' }),
    );
    const before = await fileCount(t);
    const response = await api.delete(owner, `/api/user/posts/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Votre actualité a bien été supprimée.' });
    expect(await fileCount(t)).toBe(before - 2);
    expect(await t.database.db.select().from(posts).where(eq(posts.id, id))).toEqual([]);
    const left = await t.database.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.subjectType, 'post'), eq(revisions.subjectId, id)));
    expect(left).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'post.delete'), eq(auditEvents.subjectId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for another member’s post, 401 to anonymous callers and 419 without the CSRF token', async () => {
    const id = await createPost();
    expect((await api.get(other, `/api/user/posts/${id}`)).statusCode).toBe(404);
    expect((await api.get(other, `/api/user/posts/options/${id}`)).statusCode).toBe(404);
    const update = await api.form(
      other,
      `/api/user/posts/${id}`,
      fields({ title: 'Pirate', _method: 'put' }),
    );
    expect(update.statusCode).toBe(404);
    expect((await api.delete(other, `/api/user/posts/${id}`)).statusCode).toBe(404);
    expect((await api.get(owner, '/api/user/posts/abc')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.title).toBe('Un nouvel appel à projets');

    expect((await api.get(null, '/api/user/posts')).statusCode).toBe(401);
    expect((await api.get(null, `/api/user/posts/${id}`)).statusCode).toBe(401);
    expect((await api.form(null, '/api/user/posts', fields())).statusCode).toBe(401);
    expect((await api.form(owner, '/api/user/posts', fields(), { csrf: false })).statusCode).toBe(
      419,
    );
    expect((await api.delete(owner, `/api/user/posts/${id}`, { csrf: false })).statusCode).toBe(
      419,
    );
  });
});
