import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberList } from '@ad/contract/account/member-content';
import type { EventOptions, EventPreview } from '@ad/contract/account/publications';
import { events, revisions } from '../../db/schema/index.ts';
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
import { applyEventRevision, EVENT_MESSAGES, type EventRevision } from './user-events.ts';

describe('the member events API (/api/user/events)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let owner: Member;
  let other: Member;
  let categoryId: number;
  let image: TestFile;

  const fields = (extra: Record<string, string | TestFile> = {}) => ({
    category_id: String(categoryId),
    title: 'Atelier cuisine anti-gaspi',
    started_at: '2027-03-03',
    ended_at: '2027-03-05',
    place: 'Bordeaux',
    planner: 'Les Jardins de la Garonne',
    description: '<p>Venez cuisiner les restes.</p>',
    external_url: '',
    image,
    _method: 'post',
    ...extra,
  });

  async function createEvent(extra: Record<string, string | TestFile> = {}) {
    const response = await api.form(owner, '/api/user/events', fields(extra));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t);
    ({ eventCategoryId: categoryId } = await insertReferenceData(t));
    owner = await signedInMember(t);
    other = await signedInMember(t);
    image = await png();
  });
  afterAll(() => t.close());

  it('creates a pending event with its image and shows it on the preview and the dashboard', async () => {
    const response = await api.form(owner, '/api/user/events', fields());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(EVENT_MESSAGES.created);
    const id = response.json<{ data: { id: number } }>().data.id;
    const preview = (await api.get(owner, `/api/user/events/${id}`)).json<{ data: EventPreview }>();
    expect(preview.data).toMatchObject({
      title: 'Atelier cuisine anti-gaspi',
      started_at: '2027-03-03',
      ended_at: '2027-03-05',
      place: 'Bordeaux',
      planner: 'Les Jardins de la Garonne',
      external_url: null,
      category: { id: categoryId, name: 'Atelier' },
      moderation_status: 'pending',
    });
    expect(preview.data.image?.url).toMatch(/^\/uploads\//);
    const list = (await api.get(owner, '/api/user/events')).json<MemberList>();
    expect(list.extra.attributes).toEqual([
      { label: 'Date', key: 'dates' },
      { label: 'Lieu', key: 'place' },
    ]);
    expect(list.data[0]).toMatchObject({
      id,
      title: 'Atelier cuisine anti-gaspi',
      dates: 'du 03 mars 2027 au 05 mars 2027',
      place: 'Bordeaux',
      moderation_status_label: 'En cours de modération',
      deletable: { label: 'Évènement', success: 'Votre évènement a bien été supprimé.' },
    });
    const options = (await api.get(owner, `/api/user/events/options/${id}`)).json<EventOptions>();
    expect(options.categories).toEqual([{ id: categoryId, name: 'Atelier' }]);
    expect(options.resource).toMatchObject({ id, started_at: '2027-03-03', place: 'Bordeaux' });
  });

  it('requires every field but external_url and ended_at, the image on create', async () => {
    await expectEachRequired((f) => api.form(owner, '/api/user/events', f), fields(), {
      category_id: 'Le champ catégorie est obligatoire.',
      title: 'Le champ titre est obligatoire.',
      started_at: 'Le champ date de début est obligatoire.',
      place: 'Le champ lieu est obligatoire.',
      planner: 'Le champ organisateur est obligatoire.',
      description: 'Le champ description est obligatoire.',
      image: 'Le champ image est obligatoire.',
    });
    const oneDay = await api.form(owner, '/api/user/events', fields({ ended_at: '' }));
    expect(oneDay.statusCode).toBe(200);
  });

  it('refuses an end before the start, a bad date and an SVG image (nothing stored)', async () => {
    const before = await fileCount(t);
    const reversed = await api.form(owner, '/api/user/events', fields({ ended_at: '2027-03-01' }));
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ ended_at: [EVENT_MESSAGES.endBeforeStart] });
    const badDate = await api.form(owner, '/api/user/events', fields({ started_at: '2027-02-30' }));
    expect(badDate.json().errors.started_at).toEqual([
      'Le champ date de début doit être une date valide.',
    ]);
    const svg = await api.form(owner, '/api/user/events', fields({ image: svgWithScript() }));
    expect(svg.statusCode).toBe(422);
    expect(Object.keys(svg.json().errors)).toEqual(['image']);
    expect(await fileCount(t)).toBe(before);
  });

  it('edits without a new image (the saved one stays) and keeps a published event online', async () => {
    const id = await createEvent();
    const [created] = await t.database.db.select().from(events).where(eq(events.id, id));
    const { image: _omitted, ...withoutImage } = fields({
      title: 'Atelier renommé',
      _method: 'put',
    });
    const edit = await api.form(owner, `/api/user/events/${id}`, withoutImage);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe(EVENT_MESSAGES.updated);
    const [edited] = await t.database.db.select().from(events).where(eq(events.id, id));
    expect(edited).toMatchObject({ title: 'Atelier renommé', imageFileId: created!.imageFileId });

    await t.database.db
      .update(events)
      .set({ moderationStatus: 'published' })
      .where(eq(events.id, id));
    const revised = await api.form(owner, `/api/user/events/${id}`, {
      ...withoutImage,
      title: 'Atelier en révision',
    });
    expect(revised.statusCode).toBe(200);
    const [live] = await t.database.db.select().from(events).where(eq(events.id, id));
    expect(live).toMatchObject({ title: 'Atelier renommé', moderationStatus: 'published' });
    const preview = (await api.get(owner, `/api/user/events/${id}`)).json<{ data: EventPreview }>();
    expect(preview.data.title).toBe('Atelier en révision');
    const [revision] = await t.database.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.subjectType, 'event'), eq(revisions.subjectId, id)));
    const dropped = await t.database.db.transaction((tx) =>
      applyEventRevision(tx, id, revision!.payload as EventRevision),
    );
    expect(dropped).toEqual([]);
    const [applied] = await t.database.db.select().from(events).where(eq(events.id, id));
    expect(applied!.title).toBe('Atelier en révision');
  });

  it('deletes an event and its image; 404 for another member, 401 anonymous, 419 without token', async () => {
    const id = await createEvent();
    expect((await api.get(other, `/api/user/events/${id}`)).statusCode).toBe(404);
    expect((await api.get(other, `/api/user/events/options/${id}`)).statusCode).toBe(404);
    expect(
      (await api.form(other, `/api/user/events/${id}`, fields({ _method: 'put' }))).statusCode,
    ).toBe(404);
    expect((await api.delete(other, `/api/user/events/${id}`)).statusCode).toBe(404);
    expect((await api.get(null, '/api/user/events')).statusCode).toBe(401);
    expect((await api.form(owner, '/api/user/events', fields(), { csrf: false })).statusCode).toBe(
      419,
    );

    const before = await fileCount(t);
    const response = await api.delete(owner, `/api/user/events/${id}`);
    expect(response.json()).toEqual({ message: 'Votre évènement a bien été supprimé.' });
    expect(await fileCount(t)).toBe(before - 1);
    expect(await t.database.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });
});
