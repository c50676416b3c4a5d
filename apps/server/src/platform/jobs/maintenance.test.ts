import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/users.ts';
import { createTestApp, createUser, type TestApp } from '../testing.ts';
import { captchaSolutions, rateLimitCounters, userTokens } from '../../db/schema/platform.ts';
import { EXPIRED_ROWS_CLEANUP_JOB, SESSIONS_CLEANUP_JOB } from './maintenance.ts';
import { jobsOf, schedulesOf, waitUntil } from './testing.ts';

describe('platform maintenance jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('schedules the hourly clean-up of expired sessions', async () => {
    const schedules = await schedulesOf(t.database.db);
    expect(schedules.find((s) => s.name === SESSIONS_CLEANUP_JOB)).toMatchObject({
      cron: '17 * * * *',
      timezone: 'Europe/Paris',
    });
  });

  it('deletes expired sessions and keeps the others', async () => {
    const user = await createUser(t.database);
    const hour = 3_600_000;
    await t.database.db.insert(sessions).values([
      { id: 'expired', userId: user.id, csrfToken: 'a', expiresAt: new Date(Date.now() - hour) },
      { id: 'valid', userId: user.id, csrfToken: 'b', expiresAt: new Date(Date.now() + hour) },
    ]);
    await t.jobs.send(SESSIONS_CLEANUP_JOB, {});
    await waitUntil(
      async () =>
        (await jobsOf(t.database.db, SESSIONS_CLEANUP_JOB)).some((j) => j.state === 'completed'),
      10_000,
      'clean-up not run',
    );
    const left = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left).toEqual([{ id: 'valid' }]);
  });

  it('deletes spent e-mail links, captcha answers and rate-limit windows', async () => {
    const user = await createUser(t.database);
    const hour = 3_600_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await t.database.db.insert(userTokens).values([
      { id: 'old', userId: user.id, purpose: 'password_reset', expiresAt: ago(25 * hour) },
      { id: 'recent', userId: user.id, purpose: 'password_reset', expiresAt: ago(hour) },
    ]);
    await t.database.db.insert(captchaSolutions).values([
      { id: 'spent', expiresAt: ago(1000) },
      { id: 'live', expiresAt: ago(-hour) },
    ]);
    await t.database.db.insert(rateLimitCounters).values([
      { key: 'over', count: 3, resetAt: ago(1000) },
      { key: 'running', count: 3, resetAt: ago(-hour) },
    ]);
    await t.jobs.send(EXPIRED_ROWS_CLEANUP_JOB, {});
    await waitUntil(
      async () =>
        (await jobsOf(t.database.db, EXPIRED_ROWS_CLEANUP_JOB)).some(
          (j) => j.state === 'completed',
        ),
      10_000,
      'clean-up not run',
    );
    const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);
    expect(await ids(t.database.db.select({ id: userTokens.id }).from(userTokens))).toEqual([
      'recent',
    ]);
    expect(
      await ids(t.database.db.select({ id: captchaSolutions.id }).from(captchaSolutions)),
    ).toEqual(['live']);
    expect(
      await ids(t.database.db.select({ id: rateLimitCounters.key }).from(rateLimitCounters)),
    ).toEqual(['running']);
  });
});
