import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshnessFlags } from '@ad/contract/account/upkeep';
import { auditEvents, initiatives, users } from '../../db/schema/index.ts';
import { testConfig } from '../../env.ts';
import { jobsOf, schedulesOf, waitUntil } from '../../platform/jobs/testing.ts';
import { mailTo, waitForMail, type TestMail } from '../../platform/mail/testing.ts';
import { createTestApp, createUser, signIn, visit, type TestApp } from '../../platform/testing.ts';
import { createUpkeepEmails } from './content-freshness.emails.tsx';
import { FRESHNESS_JOB } from './freshness-job.ts';
import { freshnessLink } from './freshness-link.ts';
import { RETENTION_JOB } from './retention-job.ts';
import { upkeepMessage } from './upkeep-mail.ts';
import { jobsHoldingALink, upkeepMailsFor } from './upkeep-mail.testing.ts';

const DAY = 86_400_000;
const START = new Date('2031-03-10T08:20:00Z');

describe('the yearly freshness check of initiatives', () => {
  let t: TestApp;
  let now = START;
  const clock = () => now;
  const later = (days: number) => {
    now = new Date(now.getTime() + days * DAY);
  };
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const ids = { old: 0, recent: 0, orphan: 0, pending: 0, others: 0 };

  async function insertInitiative(
    title: string,
    values: Partial<typeof initiatives.$inferInsert>,
  ): Promise<number> {
    const [row] = await t.database.db
      .insert(initiatives)
      .values({
        title,
        slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2)}`,
        moderationStatus: 'published',
        updatedAt: new Date('2029-01-01T00:00:00Z'),
        ...values,
      })
      .returning({ id: initiatives.id });
    return row!.id;
  }

  const publishedDaysAgo = (days: number) => {
    const at = new Date(now.getTime() - days * DAY);
    return { publishedAt: at, moderatedAt: at };
  };

  async function runFreshness() {
    const id = await t.jobs.send(FRESHNESS_JOB, {});
    await waitUntil(
      async () =>
        (await jobsOf(t.database.db, FRESHNESS_JOB)).some(
          (job) => job.id === id && job.state === 'completed',
        ),
      10_000,
      'the freshness job did not complete',
    );
  }

  const mailsFor = (email: string) => upkeepMailsFor(t, email);

  const linkIn = (mail: TestMail) => {
    const found = /href="([^"]*\/initiative-a-jour\/[^"]*)"/.exec(mail.html)?.[1];
    if (!found) throw new Error('no freshness link in the message');
    const url = new URL(found.replaceAll('&amp;', '&'));
    return `${url.pathname}${url.search}`;
  };

  /** The button of the link's page: a plain form POST to the link, without cookie nor token. */
  const follow = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  const row = async (id: number) =>
    (await t.database.db.select().from(initiatives).where(eq(initiatives.id, id)))[0]!;

  async function signedIn(role: 'moderator' | 'member') {
    const user = await createUser(t.database, { role });
    return signIn(t.app, user);
  }

  async function flags(query = ''): Promise<FreshnessFlags> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/moderation/freshness${query}`,
      cookies: await signedIn('moderator'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FreshnessFlags>();
  }

  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    owner = await createUser(t.database, { firstname: 'Inès' });
    other = await createUser(t.database);
    ids.old = await insertInitiative('Jardin partagé', {
      userId: owner.id,
      ...publishedDaysAgo(400),
    });
    ids.recent = await insertInitiative('Épicerie solidaire', {
      userId: owner.id,
      ...publishedDaysAgo(300),
    });
    ids.orphan = await insertInitiative('Cantine sans référent', { ...publishedDaysAgo(500) });
    ids.pending = await insertInitiative('Projet en attente', {
      userId: owner.id,
      moderationStatus: 'pending',
      createdAt: new Date(now.getTime() - 500 * DAY),
    });
    ids.others = await insertInitiative('Ferme pédagogique', {
      userId: other.id,
      ...publishedDaysAgo(365),
    });
  });
  afterAll(() => t.close());

  it('runs every day, as does the retention job', async () => {
    const schedules = await schedulesOf(t.database.db);
    expect(schedules.find((s) => s.name === FRESHNESS_JOB)).toMatchObject({
      cron: '20 9 * * *',
      timezone: 'Europe/Paris',
    });
    expect(schedules.find((s) => s.name === RETENTION_JOB)).toMatchObject({
      cron: '10 4 * * *',
      timezone: 'Europe/Paris',
    });
  });

  it('answers 401 to anonymous visitors and 403 to members on the team lists', async () => {
    const anonymous = await visit(t.app, '/');
    const member = await signedIn('member');
    for (const url of ['/api/moderation/freshness', '/api/moderation/retention']) {
      const asAnonymous = await t.app.inject({ method: 'GET', url, cookies: anonymous.cookies });
      expect(asAnonymous.statusCode, url).toBe(401);
      const asMember = await t.app.inject({ method: 'GET', url, cookies: member });
      expect(asMember.statusCode, url).toBe(403);
    }
    const moderator = await signedIn('moderator');
    for (const query of ['?page=0', '?reason=other']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/moderation/freshness${query}`,
        cookies: moderator,
      });
      expect(bad.statusCode, query).toBe(422);
    }
  });

  it('asks the owners of initiatives a year old, once', async () => {
    await runFreshness();
    const mails = await mailsFor(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Votre initiative est-elle toujours à jour ? – Alimentation durable Nouvelle-Aquitaine',
    );
    expect(mails[0]!.text).toContain('Jardin partagé');
    expect(mails[0]!.text).toContain(`/mon-compte/initiatives/${ids.old}`);
    expect(linkIn(mails[0]!)).toMatch(
      new RegExp(`^/initiative-a-jour/${ids.old}\\?expires=\\d+&signature=`),
    );
    // Valid 60 days, to the end of the day the message names (Paris time, summer by then).
    expect(mails[0]!.text).toContain("Ce lien est valable jusqu'au 9 mai 2031.");
    const expires = new URLSearchParams(linkIn(mails[0]!).split('?')[1]).get('expires');
    expect(new Date(Number(expires) * 1000).toISOString()).toBe('2031-05-09T21:59:59.000Z');
    // Exactly a year: asked too.
    expect(await mailsFor(other.email)).toHaveLength(1);
    // The signed link was made when the message left: no job's data holds it.
    expect(await jobsHoldingALink(t)).toEqual([]);

    const asked = await row(ids.old);
    expect(asked.freshnessRequestedAt).toEqual(now);
    // The public « last modified » date does not move.
    expect(asked.updatedAt).toEqual(new Date('2029-01-01T00:00:00Z'));
    expect((await row(ids.recent)).freshnessRequestedAt).toBeNull();
    expect((await row(ids.pending)).freshnessRequestedAt).toBeNull();

    // The message really leaves, in the project's frame.
    const delivered = await waitForMail(t.mailDir, mailTo(owner.email));
    expect(delivered.html).toContain('Mon initiative est à jour');

    // The next days: nothing again.
    await runFreshness();
    later(1);
    await runFreshness();
    expect(await mailsFor(owner.email)).toHaveLength(1);
  });

  it('does not send a message whose reason has gone by the time it leaves', async () => {
    const deps = {
      db: t.database.db,
      config: testConfig(),
      emails: createUpkeepEmails(testConfig()),
    };
    const asked = (await row(ids.old)).freshnessRequestedAt!;
    const mail = {
      kind: 'freshness' as const,
      step: 'request' as const,
      initiativeId: ids.old,
      ownerId: owner.id,
      markedAt: asked.toISOString(),
      linkExpiresAt: new Date(now.getTime() + 60 * DAY).toISOString(),
    };
    // As queued by the run that just asked: it goes, to the owner, with the current title.
    expect((await upkeepMessage(deps, mail))?.to).toBe(owner.email);
    // Another run's question (asked again since, or confirmed: the column moved or was cleared).
    const earlier = new Date(asked.getTime() - DAY).toISOString();
    expect(await upkeepMessage(deps, { ...mail, markedAt: earlier })).toBeNull();
    // The initiative changed hands: the old owner's link would be refused anyway.
    expect(await upkeepMessage(deps, { ...mail, ownerId: other.id })).toBeNull();
  });

  it('flags at once a due initiative nobody can be asked', async () => {
    const list = await flags();
    expect(list.data.map((f) => [f.id, f.reason])).toEqual([[ids.orphan, 'no_owner']]);
    expect(list).toMatchObject({
      meta: { total: 1 },
      counts: { no_answer: 0, no_owner: 1 },
      interval_days: 365,
      reminder_days: 30,
    });
  });

  it('reminds once after the reminder period, then flags the initiative', async () => {
    later(28); // 29 days after the request
    await runFreshness();
    expect(await mailsFor(owner.email)).toHaveLength(1);

    later(1); // 30 days
    await runFreshness();
    const mails = await mailsFor(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('Rappel : votre initiative est-elle toujours à jour ?');
    expect(mails[1]!.text).toContain("n'avons pas encore eu votre réponse");
    expect((await row(ids.old)).freshnessRemindedAt).toEqual(now);
    await runFreshness();
    expect(await mailsFor(owner.email)).toHaveLength(2);
    expect((await flags()).data.map((f) => f.id)).not.toContain(ids.old);

    later(30);
    await runFreshness();
    expect(await mailsFor(owner.email)).toHaveLength(2);
    const list = await flags();
    const flagged = list.data.find((f) => f.id === ids.old);
    expect(flagged).toMatchObject({
      title: 'Jardin partagé',
      reason: 'no_answer',
      owner: { id: owner.id, email: owner.email, name: 'Inès Martin' },
    });
    expect(flagged!.reminded_at).toBe(new Date(now.getTime() - 30 * DAY).toISOString());
    // The unanswered first (« Ferme pédagogique » too), then the one without an owner.
    expect(list.data.map((f) => f.reason)).toEqual(['no_answer', 'no_answer', 'no_owner']);
    const unansweredOnly = await flags('?reason=no_answer');
    expect(unansweredOnly.data.map((f) => f.id).sort()).toEqual([ids.old, ids.others].sort());
    expect(unansweredOnly).toMatchObject({
      meta: { total: 2 },
      counts: { no_answer: 2, no_owner: 1 },
    });
    expect((await flags('?reason=no_owner')).data.map((f) => f.id)).toEqual([ids.orphan]);
  });

  it('confirms with the link of the reminder and lands on the pop-up, once', async () => {
    const link = linkIn((await mailsFor(owner.email))[1]!);

    // Opening the link (the owner, or a mail scanner) shows a page with a button; nothing changes.
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirmer que mon initiative est à jour</h1>');
    expect(page.body).toContain(`<form action="${link.replaceAll('&', '&amp;')}" method="post">`);
    expect(page.body).toContain('Confirmer</button>');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect((await row(ids.old)).confirmedAt).toBeNull();
    expect((await row(ids.old)).freshnessRemindedAt).not.toBeNull();
    // The former API route is gone.
    const former = link.replace(
      `/initiative-a-jour/${ids.old}`,
      `/api/initiatives/${ids.old}/up-to-date`,
    );
    expect((await t.app.inject({ method: 'GET', url: former })).statusCode).toBe(404);
    expect((await row(ids.old)).confirmedAt).toBeNull();

    const response = await follow(link);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/#initiative-up-to-date');
    expect(response.headers['cache-control']).toBe('no-store');

    const confirmed = await row(ids.old);
    expect(confirmed.confirmedAt).toEqual(now);
    expect(confirmed.freshnessRequestedAt).toBeNull();
    expect(confirmed.freshnessRemindedAt).toBeNull();
    expect(confirmed.updatedAt).toEqual(new Date('2029-01-01T00:00:00Z'));
    expect((await flags()).data.map((f) => f.id)).not.toContain(ids.old);

    // A second click (or a mail scanner): the same landing, no second confirmation.
    later(0.1);
    expect((await follow(link)).headers.location).toBe('/#initiative-up-to-date');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'initiative.confirm'),
          eq(auditEvents.subjectId, String(ids.old)),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: owner.id, subjectType: 'initiative' });
  });

  it('asks again a year after the confirmation, not before', async () => {
    const before = (await mailsFor(owner.email)).length;
    later(300);
    await runFreshness();
    // Only « Épicerie solidaire » (published some 660 days ago) is asked now.
    const asked = (await mailsFor(owner.email)).slice(before);
    expect(asked.map((m) => /« ([^»]+) »/.exec(m.text)?.[1]?.trim())).toEqual([
      'Épicerie solidaire',
    ]);
    later(65);
    await runFreshness();
    expect((await row(ids.old)).freshnessRequestedAt).toEqual(now);
  });

  it('refuses an expired link with a page that says so', async () => {
    const expired = freshnessLink(
      testConfig(),
      { initiativeId: ids.others, ownerId: other.id },
      new Date(now.getTime() - 1000),
    );
    const response = await follow(new URL(expired).pathname + new URL(expired).search);
    expect(response.statusCode).toBe(410);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Ce lien a expiré</h1>');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect((await row(ids.others)).confirmedAt).toBeNull();
  });

  it('refuses a tampered link', async () => {
    const genuine = new URL(
      freshnessLink(
        testConfig(),
        { initiativeId: ids.others, ownerId: other.id },
        new Date(now.getTime() + 10 * DAY),
      ),
    );
    const expires = genuine.searchParams.get('expires')!;
    const signature = genuine.searchParams.get('signature')!;
    const tampered = [
      `/initiative-a-jour/${ids.others}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/initiative-a-jour/${ids.others}?expires=${expires}&signature=${signature.slice(1)}`,
      `/initiative-a-jour/${ids.recent}?expires=${expires}&signature=${signature}`,
      `/initiative-a-jour/${ids.others}?expires=${expires}`,
      `/initiative-a-jour/abc?expires=${expires}&signature=${signature}`,
      `/initiative-a-jour/999999?expires=${expires}&signature=${signature}`,
    ];
    for (const url of tampered) {
      const response = await follow(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<h1>Ce lien n&#39;est pas valable</h1>');
    }
    // A link signed for another owner stops working when the initiative changes hands.
    await t.database.db
      .update(initiatives)
      .set({ userId: owner.id })
      .where(eq(initiatives.id, ids.others));
    expect((await follow(genuine.pathname + genuine.search)).statusCode).toBe(404);
    await t.database.db
      .update(initiatives)
      .set({ userId: other.id })
      .where(eq(initiatives.id, ids.others));
    expect((await row(ids.others)).confirmedAt).toBeNull();
    // The genuine one works.
    expect((await follow(genuine.pathname + genuine.search)).statusCode).toBe(303);
    expect((await row(ids.others)).confirmedAt).toEqual(now);
  });

  it('does not ask a deactivated owner, and flags the initiative instead', async () => {
    const gone = await createUser(t.database, { deactivatedAt: now });
    const id = await insertInitiative('Marché de producteurs', {
      userId: gone.id,
      ...publishedDaysAgo(370),
    });
    await runFreshness();
    expect(await mailsFor(gone.email)).toHaveLength(0);
    expect((await flags()).data.find((f) => f.id === id)).toMatchObject({ reason: 'no_owner' });
    await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, gone.id));
    await runFreshness();
    expect(await mailsFor(gone.email)).toHaveLength(1);
  });
});
