import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModerationReview } from '@ad/contract/account/moderation';
import type { InitiativeOptions } from '@ad/contract/account/projects';
import type { PostOptions } from '@ad/contract/account/publications';
import {
  auditEvents,
  communes,
  contacts,
  initiatives,
  posts,
  revisions,
} from '../../db/schema/index.ts';
import { loadReferenceIds, seedReferenceData, type ReferenceIds } from '../../db/seed/index.ts';
import {
  createTestApp,
  multipartBody,
  signedInAs,
  visit,
  type TestApp,
  type TestFile,
} from '../../platform/testing.ts';
import { fileCount, svgWithScript } from '../user-publications/publications.testing.ts';

interface Session {
  user: { id: number };
  cookies: Record<string, string>;
  csrf: string;
}

describe('the team corrects a submission before publishing it (/api/moderation/items/:type/:id)', () => {
  let t: TestApp;
  let ref: ReferenceIds;
  let member: Session;
  let moderator: Session;
  let postCategoryId: number;
  let communeCode: string;
  let png: Buffer;

  const send = async (
    who: Session | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    fields?: Record<string, string | TestFile>,
    { csrf = true } = {},
  ) => {
    const body = fields ? await multipartBody(fields) : null;
    return t.app.inject({
      method,
      url,
      cookies: who?.cookies ?? {},
      headers: {
        ...(body?.headers ?? {}),
        ...(who && csrf && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {}),
      },
      ...(body ? { payload: body.payload } : {}),
    });
  };

  const decide = async (type: string, id: number, decision: string, comment?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/moderation/items/${type}/${id}/decision`,
      cookies: moderator.cookies,
      headers: { 'x-csrf-token': moderator.csrf },
      payload: { decision, comment, version: (await review(type, id)).version },
    });

  const review = async (type: string, id: number) => {
    const response = await send(moderator, 'GET', `/api/moderation/items/${type}/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ModerationReview }>().data;
  };

  const postFields = (title: string): Record<string, string> => ({
    category_id: String(postCategoryId),
    title,
    authors: 'Camille Martin',
    description: '<p>Le texte de l’actualité.</p>',
    external_url: '',
  });

  async function submitPost(title: string) {
    const response = await send(member, 'POST', '/api/user/posts', {
      ...postFields(title),
      _method: 'post',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  const postRow = async (id: number) =>
    (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;

  const corrections = (id: number, type = 'posts') =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'moderation.correct'),
          eq(auditEvents.subjectType, type === 'posts' ? 'post' : 'initiative'),
          eq(auditEvents.subjectId, String(id)),
        ),
      );

  const initiativeFields = (title: string): Record<string, string | TestFile> => ({
    title,
    summary: '<p>Un marché hebdomadaire.</p>',
    project_holder_id: '',
    thematic_id: 'economie-alimentaire',
    secondary_thematic_id: '',
    area_of_influence_id: String([...ref.areasOfInfluence.values()][0]),
    territory_of_realization: 'Bordeaux Métropole',
    nb_team_members: '4',
    project_cost: '12000',
    released_at: '2027-03-03',
    ended_at: '',
    status: String([...ref.progressStatuses.values()][0]),
    context: 'Contexte',
    objectives: 'Objectifs',
    implementation_of_actions: 'Mise en œuvre',
    keys_to_success: 'Clés',
    address_line_1: '1 place Pey-Berland',
    address_line_2: '',
    postcode: '33000',
    city: 'Bordeaux',
    latitude: '44.8378',
    longitude: '-0.5792',
    'communes[0]': communeCode,
    display_documents: '0',
  });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await seedReferenceData(db);
    ref = await loadReferenceIds(db);
    postCategoryId = [...ref.postCategories.values()][0]!;
    const [commune] = await db
      .select({ code: communes.inseeCode })
      .from(communes)
      .where(eq(communes.inseeCode, '33063'));
    communeCode = commune!.code;
    png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const [contact] = await db
      .insert(contacts)
      .values({ societyName: 'Association A', moderationStatus: 'published' })
      .returning({ id: contacts.id });
    member = await signedInAs(t, { contactId: contact!.id });
    moderator = await signedInAs(t, { role: 'moderator' });
  }, 120_000);

  afterAll(() => t?.close());

  it('answers 401 to anonymous visitors and 403 to members, and needs the CSRF token', async () => {
    const id = await submitPost('Actualité protégée');
    const anonymous = await visit(t.app, '/');
    const fields = { ...postFields('Piratée'), _method: 'put' };
    for (const [method, url, body] of [
      ['GET', `/api/moderation/items/posts/${id}/form`, undefined],
      ['POST', `/api/moderation/items/posts/${id}`, fields],
      ['PUT', `/api/moderation/items/posts/${id}`, fields],
    ] as const) {
      const asAnonymous = await send(
        { user: { id: 0 }, cookies: anonymous.cookies, csrf: anonymous.csrf },
        method,
        url,
        body,
      );
      expect(asAnonymous.statusCode, `${method} ${url}`).toBe(401);
      expect((await send(member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const withoutToken = await send(
      moderator,
      'POST',
      `/api/moderation/items/posts/${id}`,
      fields,
      {
        csrf: false,
      },
    );
    expect(withoutToken.statusCode).toBe(419);
    expect((await postRow(id)).title).toBe('Actualité protégée');
  });

  it('corrects a new pending post: the row changes, it stays pending, its author and date kept', async () => {
    const id = await submitPost('Apel a projet cantines');
    const before = await postRow(id);

    const form = await send(moderator, 'GET', `/api/moderation/items/posts/${id}/form`);
    expect(form.statusCode, form.body).toBe(200);
    const options = form.json<PostOptions>();
    expect(options.categories.length).toBeGreaterThan(0);
    expect(options.resource).toMatchObject({ id, title: 'Apel a projet cantines' });

    const response = await send(moderator, 'POST', `/api/moderation/items/posts/${id}`, {
      ...postFields('Appel à projets cantines'),
      _method: 'put',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'La contribution a bien été corrigée.',
      data: { id },
    });
    const after = await postRow(id);
    expect(after).toMatchObject({
      title: 'Appel à projets cantines',
      moderationStatus: 'pending',
      userId: member.user.id,
      slug: before.slug,
    });
    expect(after.updatedAt).toEqual(before.updatedAt);

    const audit = await corrections(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: moderator.user.id,
      data: { kind: 'new', fields: ['title'] },
    });
    const data = await review('posts', id);
    expect(data).toMatchObject({
      kind: 'new',
      title: 'Appel à projets cantines',
      can_correct: true,
    });
    expect(data.public_view).toMatchObject({
      kind: 'post',
      data: { title: 'Appel à projets cantines', description: '<p>Le texte de l’actualité.</p>' },
    });
    expect(data.history[0]).toMatchObject({
      action: 'moderation.correct',
      label: "Correction par l'équipe",
      comment: 'Champs corrigés : Titre.',
      actor: { id: moderator.user.id },
    });

    // PUT is the same edit; then publishing puts the corrected post online.
    const put = await send(moderator, 'PUT', `/api/moderation/items/posts/${id}`, {
      ...postFields('Appel à projets cantines 2027'),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await decide('posts', id, 'publish')).statusCode).toBe(200);
    await t.contentSettled();
    const online = await t.app.inject({ method: 'GET', url: `/api/posts/${before.slug}` });
    expect(online.json<{ post: { title: string } }>().post.title).toBe(
      'Appel à projets cantines 2027',
    );
  });

  it('refuses bad input with French 422 errors and writes nothing', async () => {
    const id = await submitPost('Actualité à corriger');
    const files = await fileCount(t);
    const response = await send(moderator, 'POST', `/api/moderation/items/posts/${id}`, {
      ...postFields(''),
      image: svgWithScript(),
      _method: 'put',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.title).toEqual(['Le champ titre est obligatoire.']);
    expect(errors.image?.[0]).toMatch(/image/i);
    expect(await fileCount(t)).toBe(files);
    expect((await postRow(id)).title).toBe('Actualité à corriger');
    expect(await corrections(id)).toHaveLength(0);
  });

  it('answers 404 when nothing waits: published, draft, unknown, or a type it cannot correct', async () => {
    const published = await submitPost('Déjà publiée');
    await decide('posts', published, 'publish');
    const draft = await submitPost('Renvoyée à son auteur');
    expect((await decide('posts', draft, 'request_changes', 'Précisez la date.')).statusCode).toBe(
      200,
    );
    const fields = { ...postFields('Correction'), _method: 'put' };
    for (const url of [
      `/api/moderation/items/posts/${published}`,
      `/api/moderation/items/posts/${draft}`,
      '/api/moderation/items/posts/999999',
      `/api/moderation/items/institutions/${member.user.id}`,
      '/api/moderation/items/articles/1',
    ]) {
      expect((await send(moderator, 'POST', url, fields)).statusCode, url).toBe(404);
      expect((await send(moderator, 'GET', `${url}/form`)).statusCode, url).toBe(404);
    }
    expect((await postRow(published)).title).toBe('Déjà publiée');
    expect((await review('posts', published)).can_correct).toBe(false);
  });

  it('keeps nothing of a correction whose item was decided meanwhile: 404, no file row, no bytes', async () => {
    const post = await submitPost('Publiée pendant la correction');
    const created = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields('Initiative publiée pendant la correction'),
      _method: 'post',
    });
    expect(created.statusCode, created.body).toBe(200);
    const initiative = created.json<{ data: { id: number } }>().data.id;
    const logo = { filename: 'logo.png', bytes: png, type: 'image/png' };
    const storedBytes = () =>
      readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true }).filter((f) =>
        String(f).includes('.'),
      ).length;
    const rowsBefore = await fileCount(t);
    const bytesBefore = storedBytes();
    for (const [type, id, fields] of [
      ['posts', post, { ...postFields('Correction tardive'), image: logo }],
      [
        'initiatives',
        initiative,
        {
          ...initiativeFields('Correction tardive'),
          'logo_files[0][file]': logo,
          'logo_files[0][displayedName]': 'Logo',
        },
      ],
    ] as const) {
      // Another moderator publishes it after the correction was checked, before it is written.
      const transaction = t.app.fileStore.transaction.bind(t.app.fileStore);
      vi.spyOn(t.app.fileStore, 'transaction').mockImplementationOnce(async (work, uploads) => {
        expect((await decide(type, id, 'publish')).statusCode).toBe(200);
        return transaction(work, uploads);
      });
      const response = await send(moderator, 'POST', `/api/moderation/items/${type}/${id}`, {
        ...fields,
        _method: 'put',
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(await corrections(id, type)).toHaveLength(0);
    }
    expect(await fileCount(t)).toBe(rowsBefore);
    expect(storedBytes()).toBe(bytesBefore);
  });

  it('corrects the pending edit of a published initiative: the live item stays until it is published', async () => {
    const created = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields('Marché de producteurs'),
      'logo_files[0][file]': { filename: 'logo.png', bytes: png, type: 'image/png' },
      'logo_files[0][displayedName]': 'Notre logo',
      _method: 'post',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    expect((await decide('initiatives', id, 'publish')).statusCode).toBe(200);
    await t.contentSettled();
    const publicTitle = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/initiatives/${id}` })).json<{
        data: { title: string };
      }>().data.title;
    expect(await publicTitle()).toBe('Marché de producteurs');

    const memberOptions = (
      await send(member, 'GET', `/api/user/initiatives/options/${id}`)
    ).json<InitiativeOptions>();
    const logo = memberOptions.resource!.logos[0]!;
    const edit = await send(member, 'POST', `/api/user/initiatives/${id}`, {
      ...initiativeFields('Marche de producteur'),
      'logos[0][id]': String(logo.id),
      'logos[0][displayedName]': 'Notre logo',
      _method: 'put',
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const form = await send(moderator, 'GET', `/api/moderation/items/initiatives/${id}/form`);
    expect(form.statusCode, form.body).toBe(200);
    const options = form.json<InitiativeOptions>();
    expect(options.resource).toMatchObject({ title: 'Marche de producteur' });
    expect(options.resource!.logos.map((l) => l.id)).toEqual([logo.id]);

    const response = await send(moderator, 'POST', `/api/moderation/items/initiatives/${id}`, {
      ...initiativeFields('Marché de producteurs bio'),
      context: 'Contexte précisé',
      'logos[0][id]': String(logo.id),
      'logos[0][displayedName]': 'Logo du marché',
      _method: 'put',
    });
    expect(response.statusCode, response.body).toBe(200);

    const [live] = await t.database.db.select().from(initiatives).where(eq(initiatives.id, id));
    expect(live).toMatchObject({ title: 'Marché de producteurs', moderationStatus: 'published' });
    await t.contentSettled();
    expect(await publicTitle()).toBe('Marché de producteurs');
    const [revision] = await t.database.db
      .select()
      .from(revisions)
      .where(
        and(
          eq(revisions.subjectType, 'initiative'),
          eq(revisions.subjectId, id),
          eq(revisions.status, 'pending'),
        ),
      );
    expect(revision!.authorId).toBe(member.user.id);
    expect(revision!.payload).toMatchObject({
      values: { title: 'Marché de producteurs bio', context: 'Contexte précisé' },
      files: { logos: [{ fileId: logo.id, displayedName: 'Logo du marché' }] },
    });
    const audit = await corrections(id, 'initiatives');
    expect(audit[0]!.data).toEqual({ kind: 'edit', fields: ['title', 'context', 'logos'] });

    const data = await review('initiatives', id);
    expect(data.changes.map((c) => c.field)).toEqual(['title', 'context', 'logos']);
    expect(data.public_view).toMatchObject({
      kind: 'initiative',
      data: {
        title: 'Marché de producteurs bio',
        context: 'Contexte précisé',
        logos: [{ name: 'Logo du marché' }],
        communes: [{ name_formatted: expect.stringContaining('Bordeaux') }],
        contact: {
          society_name: 'Association A',
          // Its published items, as the public detail lists them (the live title).
          initiatives: expect.arrayContaining([{ id, title: 'Marché de producteurs' }]),
        },
        pdf_url: '',
      },
    });

    // A kept file must be one of the item's own.
    const foreign = await send(moderator, 'POST', `/api/moderation/items/initiatives/${id}`, {
      ...initiativeFields('Marché de producteurs bio'),
      'logos[0][id]': '999999',
      _method: 'put',
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json<{ errors: object }>().errors)).toEqual(['logos.0.id']);

    expect((await decide('initiatives', id, 'publish')).statusCode).toBe(200);
    await t.contentSettled();
    expect(await publicTitle()).toBe('Marché de producteurs bio');
    const [published] = await t.database.db
      .select()
      .from(initiatives)
      .where(eq(initiatives.id, id));
    expect(published!.context).toBe('Contexte précisé');
  });
});
