import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionSchedule } from '@ad/contract/account/upkeep';
import {
  auditEvents,
  events,
  files,
  foodProcedures,
  initiativeFiles,
  initiatives,
  posts,
  resources,
  revisions,
} from '../../db/schema/index.ts';
import { jobsOf, waitUntil } from '../../platform/jobs/testing.ts';
import { createTestApp, createUser, signIn, type TestApp } from '../../platform/testing.ts';
import { UploadedFile } from '../../platform/uploads/uploaded-file.ts';
import { RETENTION_JOB } from './retention-job.ts';
import { jobsHoldingALink, upkeepMailsFor } from './upkeep-mail.testing.ts';

const DAY = 86_400_000;
const START = new Date('2034-06-01T02:10:00Z');

/** `years` calendar years and `days` days before `from`. */
function before(from: Date, years: number, days = 0): Date {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() - days * DAY);
}

describe('the retention of submitted content (3 years after publication)', () => {
  let t: TestApp;
  let now = START;
  const clock = () => now;
  let owner: Awaited<ReturnType<typeof createUser>>;
  const ids = {
    post: 0,
    resource: 0,
    event: 0,
    confirmed: 0,
    initiative: 0,
    procedure: 0,
    edited: 0,
    pending: 0,
    republished: 0,
  };
  const fileIds = { post: 0, resourceImage: 0, resourceDocument: 0, initiative: 0 };
  const storageKeys: string[] = [];

  const slug = (title: string) =>
    `${title.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2)}`;

  /** Published `years` years and `days` days before START (negative days: after). */
  const published = (years: number, days: number) => {
    const at = before(START, years, days);
    return { moderationStatus: 'published' as const, publishedAt: at, moderatedAt: at };
  };

  async function storedFile(name: string): Promise<number> {
    const upload = {
      file: new UploadedFile(name, Buffer.from(`bytes of ${name}`), false),
      mimeType: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
      extension: name.split('.').pop()!,
      width: null,
      height: null,
    };
    return t.app.fileStore.transaction(
      async (store) => {
        const id = await store.persist(upload, owner.id);
        const [row] = await store.tx.select().from(files).where(eq(files.id, id));
        storageKeys.push(row!.storageKey);
        return id;
      },
      [upload],
    );
  }

  const bytesExist = (key: string) =>
    existsSync(path.join(t.dataDir, 'uploads', ...key.split('/')));

  async function runRetention() {
    const id = await t.jobs.send(RETENTION_JOB, {});
    await waitUntil(
      async () =>
        (await jobsOf(t.database.db, RETENTION_JOB)).some(
          (job) => job.id === id && job.state === 'completed',
        ),
      10_000,
      'the retention job did not complete',
    );
  }

  const mailsFor = (email: string) => upkeepMailsFor(t, email);

  async function schedule(): Promise<RetentionSchedule> {
    const moderator = await createUser(t.database, { role: 'moderator' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/retention',
      cookies: await signIn(t.app, moderator),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RetentionSchedule>();
  }

  const remaining = async () => ({
    posts: (await t.database.db.select({ id: posts.id }).from(posts)).map((r) => r.id),
    resources: (await t.database.db.select({ id: resources.id }).from(resources)).map((r) => r.id),
    events: (await t.database.db.select({ id: events.id }).from(events)).map((r) => r.id),
    initiatives: (await t.database.db.select({ id: initiatives.id }).from(initiatives)).map(
      (r) => r.id,
    ),
    procedures: (await t.database.db.select({ id: foodProcedures.id }).from(foodProcedures)).map(
      (r) => r.id,
    ),
  });

  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    const db = t.database.db;
    owner = await createUser(t.database, { firstname: 'Lucie' });
    fileIds.post = await storedFile('affiche.png');
    fileIds.resourceImage = await storedFile('couverture.png');
    fileIds.resourceDocument = await storedFile('guide.pdf');
    fileIds.initiative = await storedFile('logo.png');

    const insertPost = async (title: string, values: Partial<typeof posts.$inferInsert>) =>
      (
        await db
          .insert(posts)
          .values({ title, slug: slug(title), userId: owner.id, ...values })
          .returning({ id: posts.id })
      )[0]!.id;
    const insertInitiative = async (
      title: string,
      values: Partial<typeof initiatives.$inferInsert>,
    ) =>
      (
        await db
          .insert(initiatives)
          .values({ title, slug: slug(title), userId: owner.id, ...values })
          .returning({ id: initiatives.id })
      )[0]!.id;

    // Its period ends in 20 days: warned now, removed in 30 (a full warning period).
    ids.post = await insertPost('Fête des récoltes', {
      ...published(3, -20),
      imageFileId: fileIds.post,
    });
    await db.insert(revisions).values({
      subjectType: 'post',
      subjectId: ids.post,
      payload: { values: { title: 'Fête des récoltes' } },
      status: 'approved',
    });
    // Past its period already (as on the day the job is deployed): warned first all the same.
    ids.resource = (
      await db
        .insert(resources)
        .values({
          name: 'Guide du compost',
          slug: slug('Guide du compost'),
          userId: owner.id,
          ...published(3, 100),
          imageFileId: fileIds.resourceImage,
          documentFileId: fileIds.resourceDocument,
        })
        .returning({ id: resources.id })
    )[0]!.id;
    // Nobody to warn: removed on the same day as the others.
    ids.event = (
      await db
        .insert(events)
        .values({
          title: 'Atelier cuisine',
          startedAt: '2031-06-20',
          ...published(3, -25),
        })
        .returning({ id: events.id })
    )[0]!.id;
    ids.confirmed = await insertInitiative('Verger partagé', published(3, -10));
    ids.initiative = await insertInitiative('Cantine bio', published(3, -15));
    await db.insert(initiativeFiles).values({
      initiativeId: ids.initiative,
      fileId: fileIds.initiative,
      kind: 'logo',
    });
    ids.procedure = (
      await db
        .insert(foodProcedures)
        .values({
          title: 'PAT du Pays Basque',
          slug: slug('PAT'),
          userId: owner.id,
          ...published(3, -60),
        })
        .returning({ id: foodProcedures.id })
    )[0]!.id;
    // An edit waits for the team: its decision would restart the clock.
    ids.edited = await insertPost('Portes ouvertes', published(3, 10));
    await db.insert(revisions).values({
      subjectType: 'post',
      subjectId: ids.edited,
      payload: { values: { title: 'Portes ouvertes 2034' } },
      status: 'pending',
    });
    ids.pending = await insertPost('Jamais publiée', {
      moderationStatus: 'pending',
      createdAt: before(START, 4),
    });
    // First published long ago, its approved edit published 100 days ago.
    ids.republished = await insertPost('Marché de Noël', {
      ...published(3, 50),
      moderatedAt: new Date(START.getTime() - 100 * DAY),
    });
  });
  afterAll(() => t.close());

  it('lists what goes within 90 days, soonest first, before any warning', async () => {
    const list = await schedule();
    expect(list).toMatchObject({ horizon_days: 90, retention_years: 3, warning_days: 30 });
    const inThirtyDays = new Date(START.getTime() + 30 * DAY).toISOString();
    expect(list.data.map((e) => [e.type, e.id, e.removal_at, e.warned_at])).toEqual([
      ['events', ids.event, inThirtyDays, null],
      ['initiatives', ids.confirmed, inThirtyDays, null],
      ['initiatives', ids.initiative, inThirtyDays, null],
      ['posts', ids.post, inThirtyDays, null],
      ['resources', ids.resource, inThirtyDays, null],
      ['food_procedures', ids.procedure, new Date(START.getTime() + 60 * DAY).toISOString(), null],
    ]);
    expect(list.data[3]).toMatchObject({
      title: 'Fête des récoltes',
      type_label: 'Actualité',
      owner: { id: owner.id, email: owner.email },
      reference_at: before(START, 3, -20).toISOString(),
    });
  });

  it('warns each owner once, a month ahead', async () => {
    await runRetention();
    const mails = await mailsFor(owner.email);
    expect(mails.map((m) => m.subject.replace(/ – .*$/, '')).sort()).toEqual([
      'Votre actualité sera supprimée le 1er juillet 2034',
      'Votre initiative sera supprimée le 1er juillet 2034',
      'Votre initiative sera supprimée le 1er juillet 2034',
      'Votre ressource sera supprimée le 1er juillet 2034',
    ]);
    const post = mails.find((m) => m.text.includes('Fête des récoltes'))!;
    expect(post.text).toContain('conservés 3 ans après leur publication');
    expect(post.text).toContain(`/mon-compte/actualites/${ids.post}`);
    const initiative = mails.find((m) => m.text.includes('Verger partagé'))!;
    expect(initiative.html).toMatch(/href="[^"]*\/initiative-a-jour\/\d+\?expires=/);
    expect(await jobsHoldingALink(t)).toEqual([]);

    await runRetention();
    expect(await mailsFor(owner.email)).toHaveLength(4);
    const list = await schedule();
    expect(list.data.find((e) => e.id === ids.post && e.type === 'posts')!.warned_at).toBe(
      START.toISOString(),
    );
  });

  it('keeps an initiative its owner confirms from the warning', async () => {
    const mail = (await mailsFor(owner.email)).find((m) => m.text.includes('Verger partagé'))!;
    const link = new URL(
      /href="([^"]*initiative-a-jour[^"]*)"/.exec(mail.html)![1]!.replaceAll('&amp;', '&'),
    );
    // The button of the page the link opens.
    const response = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.headers.location).toBe('/#initiative-up-to-date');
    const listed = (await schedule()).data.map((e) => `${e.type}:${e.id}`);
    expect(listed).not.toContain(`initiatives:${ids.confirmed}`);
    expect(listed).toContain(`initiatives:${ids.initiative}`);
  });

  it('removes nothing before the day announced', async () => {
    const all = await remaining();
    // 30 June, 23:10 in Paris: the evening before.
    now = new Date(START.getTime() + 30 * DAY - 5 * 3_600_000);
    await runRetention();
    expect(await remaining()).toEqual(all);
    expect(storageKeys.every(bytesExist)).toBe(true);
  });

  it('removes the items with their files on the day, and empties the public cache', async () => {
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, ids.post));
    const publicPost = `/api/posts/${post!.slug}`;
    expect((await t.app.inject({ method: 'GET', url: publicPost })).statusCode).toBe(200);

    // That day's run, started a minute earlier in the day than the one that warned: the
    // e-mails said « le 1er juillet », so it goes on 1 July.
    now = new Date(START.getTime() + 30 * DAY - 60_000);
    await runRetention();

    const left = await remaining();
    expect(left.posts.sort()).toEqual([ids.edited, ids.pending, ids.republished].sort());
    expect(left.resources).toEqual([]);
    expect(left.events).toEqual([]);
    expect(left.initiatives).toEqual([ids.confirmed]);
    expect(left.procedures).toEqual([ids.procedure]);

    expect(await t.database.db.select().from(files)).toEqual([]);
    expect(storageKeys.some(bytesExist)).toBe(false);
    const postRevisions = await t.database.db
      .select()
      .from(revisions)
      .where(eq(revisions.subjectId, ids.post));
    expect(postRevisions.filter((r) => r.subjectType === 'post')).toEqual([]);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'retention.delete'));
    expect(audit.map((e) => `${e.subjectType}:${e.subjectId}`).sort()).toEqual(
      [
        `post:${ids.post}`,
        `resource:${ids.resource}`,
        `event:${ids.event}`,
        `initiative:${ids.initiative}`,
      ].sort(),
    );
    expect(audit.find((e) => e.subjectType === 'post')).toMatchObject({
      actorId: null,
      data: { title: 'Fête des récoltes', owner_id: owner.id },
    });

    // The anonymous answer cached before is gone at once.
    expect((await t.app.inject({ method: 'GET', url: publicPost })).statusCode).toBe(404);
  });

  it('warns next about the démarche, and lists it with its date', async () => {
    const [procedure] = await t.database.db
      .select()
      .from(foodProcedures)
      .where(and(eq(foodProcedures.id, ids.procedure)));
    expect(procedure!.retentionWarnedAt).toEqual(now);
    const list = await schedule();
    expect(list.data.map((e) => [e.type, e.id, e.warned_at])).toEqual([
      ['food_procedures', ids.procedure, now.toISOString()],
    ]);
    const untouched = await t.database.db
      .select({ warned: posts.retentionWarnedAt })
      .from(posts)
      .where(inArray(posts.id, [ids.edited, ids.pending, ids.republished]));
    expect(untouched.every((p) => p.warned === null)).toBe(true);
  });
});
