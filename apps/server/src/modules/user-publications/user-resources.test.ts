import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberList } from '@ad/contract/account/member-content';
import type { ResourceOptions, ResourcePreview } from '@ad/contract/account/publications';
import { files, resources, revisions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestFile } from '../../platform/testing.ts';
import {
  apiClient,
  expectEachRequired,
  fakePdf,
  fileCount,
  insertReferenceData,
  pdf,
  png,
  signedInMember,
  type Member,
} from './publications.testing.ts';
import {
  applyResourceRevision,
  RESOURCE_MESSAGES,
  type ResourceRevision,
} from './user-resources.ts';

describe('the member resources API (/api/user/resources)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let owner: Member;
  let other: Member;
  let categoryId: number;

  const fields = (extra: Record<string, string | TestFile> = {}) => ({
    category_id: String(categoryId),
    thematic_id: 'restauration-collective',
    type_id: 'file',
    name: 'Guide du bien manger',
    description: '<p>Un guide pratique.</p>',
    external_url: '',
    video_url: '',
    document: pdf(),
    _method: 'post',
    ...extra,
  });

  async function createResource(extra: Record<string, string | TestFile> = {}) {
    const response = await api.form(owner, '/api/user/resources', fields(extra));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t);
    ({ resourceCategoryId: categoryId } = await insertReferenceData(t));
    owner = await signedInMember(t);
    other = await signedInMember(t);
  });
  afterAll(() => t.close());

  it('gives the categories, thematics and types', async () => {
    const options = (await api.get(owner, '/api/user/resources/options')).json<ResourceOptions>();
    expect(options).toEqual({
      categories: [{ id: categoryId, name: 'Guides' }],
      thematics: [{ slug: 'restauration-collective', name: 'Restauration collective' }],
      types: [
        { slug: 'file', name: 'Document' },
        { slug: 'video', name: 'Vidéo' },
        { slug: 'external_url', name: 'Lien externe' },
      ],
    });
  });

  it('creates a file resource with its PDF and image, shown on the preview and the dashboard', async () => {
    const response = await api.form(owner, '/api/user/resources', fields({ image: await png() }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(RESOURCE_MESSAGES.created);
    const id = response.json<{ data: { id: number } }>().data.id;
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    expect(row).toMatchObject({ slug: 'guide-du-bien-manger', moderationStatus: 'pending' });
    const preview = (await api.get(owner, `/api/user/resources/${id}`)).json<{
      data: ResourcePreview;
    }>().data;
    expect(preview).toMatchObject({
      name: 'Guide du bien manger',
      category: { id: categoryId, name: 'Guides' },
      thematic: { slug: 'restauration-collective', name: 'Restauration collective' },
      type: { slug: 'file', name: 'Document' },
      resourceFile: { filename: 'guide.pdf', size: pdf().bytes.length },
    });
    expect(preview.resourceFile?.file).toMatch(/^\/uploads\/.+\.pdf$/);
    expect(preview.featured_image?.url).toMatch(/\.png$/);
    const options = (
      await api.get(owner, `/api/user/resources/options/${id}`)
    ).json<ResourceOptions>();
    expect(options.resource).toMatchObject({
      thematic_id: 'restauration-collective',
      type_id: 'file',
      document: { filename: 'guide.pdf' },
    });
    const list = (await api.get(owner, '/api/user/resources')).json<MemberList>();
    expect(list.data[0]).toMatchObject({
      id,
      name: 'Guide du bien manger',
      category: 'Guides',
      type: 'Document',
      deletable: { label: 'Ressource', sentence: 'la ressource' },
    });
  });

  it('requires the common fields and the one of each type', async () => {
    await expectEachRequired((f) => api.form(owner, '/api/user/resources', f), fields(), {
      category_id: 'Le champ catégorie est obligatoire.',
      thematic_id: 'Le champ thématique est obligatoire.',
      type_id: 'Le champ type est obligatoire.',
      name: 'Le champ nom est obligatoire.',
      description: 'Le champ description est obligatoire.',
      document: 'Le champ document est obligatoire.',
    });
    const link = await api.form(owner, '/api/user/resources', fields({ type_id: 'external_url' }));
    expect(link.json().errors).toEqual({
      external_url: ['Le champ lien externe est obligatoire.'],
    });
    const video = await api.form(owner, '/api/user/resources', fields({ type_id: 'video' }));
    expect(video.json().errors).toEqual({
      video_url: ['Le champ lien de la vidéo est obligatoire.'],
    });
    const badVideo = await api.form(
      owner,
      '/api/user/resources',
      fields({ type_id: 'video', video_url: 'ftp://exemple.fr/v' }),
    );
    expect(Object.keys(badVideo.json().errors)).toEqual(['video_url']);
    const unknownType = await api.form(
      owner,
      '/api/user/resources',
      fields({ type_id: 'podcast' }),
    );
    expect(unknownType.json().errors.type_id).toEqual(['Le champ type est invalide.']);
    const unknownThematic = await api.form(
      owner,
      '/api/user/resources',
      fields({ thematic_id: 'x' }),
    );
    expect(unknownThematic.json().errors.thematic_id).toEqual([
      'Le champ thématique est invalide.',
    ]);
  });

  it('refuses a document that is not a PDF by content, and stores nothing', async () => {
    const before = await fileCount(t);
    const response = await api.form(
      owner,
      '/api/user/resources',
      fields({ document: fakePdf(), image: await png() }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ document: ['Le fichier doit être un document PDF.'] });
    expect(await fileCount(t)).toBe(before);
  });

  it('clears the fields of the previous type when the type changes (and drops the document)', async () => {
    const id = await createResource();
    const [created] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    const response = await api.form(
      owner,
      `/api/user/resources/${id}`,
      fields({
        type_id: 'video',
        video_url: 'https://www.youtube.com/watch?v=abc',
        external_url: 'https://exemple.fr/ignored',
        _method: 'put',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [edited] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    expect(edited).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=abc',
      externalUrl: null,
      documentFileId: null,
    });
    const old = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, created!.documentFileId!));
    expect(old).toEqual([]);
  });

  it('keeps the saved document on edit, and a published resource online while a revision waits', async () => {
    const id = await createResource();
    const [created] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    const { document: _kept, ...noNewDocument } = fields({ name: 'Nom modifié', _method: 'put' });
    const edit = await api.form(owner, `/api/user/resources/${id}`, noNewDocument);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe(RESOURCE_MESSAGES.updated);
    const removed = await api.form(owner, `/api/user/resources/${id}`, {
      ...noNewDocument,
      document: '',
    });
    expect(removed.json().errors).toEqual({ document: ['Le champ document est obligatoire.'] });

    await t.database.db
      .update(resources)
      .set({ moderationStatus: 'published' })
      .where(eq(resources.id, id));
    const revised = await api.form(owner, `/api/user/resources/${id}`, {
      ...fields({ name: 'Nom en révision', document: pdf('nouveau.pdf'), _method: 'put' }),
    });
    expect(revised.statusCode).toBe(200);
    const [live] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    expect(live).toMatchObject({ name: 'Nom modifié', documentFileId: created!.documentFileId });
    const preview = (await api.get(owner, `/api/user/resources/${id}`)).json<{
      data: ResourcePreview;
    }>().data;
    expect(preview).toMatchObject({
      name: 'Nom en révision',
      resourceFile: { filename: 'nouveau.pdf' },
    });

    const [revision] = await t.database.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.subjectType, 'resource'), eq(revisions.subjectId, id)));
    const dropped = await t.database.db.transaction((tx) =>
      applyResourceRevision(tx, id, revision!.payload as ResourceRevision),
    );
    expect(dropped).toEqual([created!.documentFileId]);
  });

  it('deletes a resource and its files; 404 for another member, 401 anonymous, 419 without token', async () => {
    const id = await createResource({ image: await png() });
    expect((await api.get(other, `/api/user/resources/${id}`)).statusCode).toBe(404);
    expect((await api.get(other, `/api/user/resources/options/${id}`)).statusCode).toBe(404);
    const update = await api.form(other, `/api/user/resources/${id}`, fields({ _method: 'put' }));
    expect(update.statusCode).toBe(404);
    expect((await api.delete(other, `/api/user/resources/${id}`)).statusCode).toBe(404);
    expect((await api.get(null, '/api/user/resources/options')).statusCode).toBe(401);
    expect((await api.delete(owner, `/api/user/resources/${id}`, { csrf: false })).statusCode).toBe(
      419,
    );

    const before = await fileCount(t);
    const response = await api.delete(owner, `/api/user/resources/${id}`);
    expect(response.json()).toEqual({ message: 'Votre ressource a bien été supprimée.' });
    expect(await fileCount(t)).toBe(before - 2);
  });
});
