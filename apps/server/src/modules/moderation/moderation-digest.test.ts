import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports, posts } from '../../db/schema/index.ts';
import { jobsOf, schedulesOf, waitUntil } from '../../platform/jobs/testing.ts';
import { mailTo, readMails, waitForMail } from '../../platform/mail/testing.ts';
import { createTestApp, createUser, type TestApp } from '../../platform/testing.ts';
import { MODERATION_DIGEST_JOB } from './moderation-digest.ts';

describe('the daily moderation digest', () => {
  let t: TestApp;
  let moderator: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;

  /** Runs the job once and waits for it to finish. */
  async function runDigest() {
    const id = await t.jobs.send(MODERATION_DIGEST_JOB, {});
    await waitUntil(async () =>
      (await jobsOf(t.database.db, MODERATION_DIGEST_JOB)).some(
        (job) => job.id === id && job.state === 'completed',
      ),
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await createUser(t.database, { role: 'moderator' });
    admin = await createUser(t.database, { role: 'admin' });
    await createUser(t.database, { role: 'member' });
    // A deactivated moderator no longer hears from the team.
    await createUser(t.database, {
      role: 'moderator',
      email: 'ancien.moderateur@exemple.fr',
      deactivatedAt: new Date(),
    });
  });
  afterAll(() => t.close());

  it('is scheduled every morning', async () => {
    const schedules = await schedulesOf(t.database.db);
    expect(schedules.find((s) => s.name === MODERATION_DIGEST_JOB)).toMatchObject({
      cron: '0 8 * * *',
    });
  });

  it('sends nothing when nothing waits', async () => {
    await runDigest();
    expect(await jobsOf(t.database.db, 'mail.send')).toEqual([]);
    expect(await readMails(t.mailDir)).toEqual([]);
  });

  it('tells every moderator and admin how many submissions wait, per type', async () => {
    await t.database.db.insert(posts).values([
      { slug: 'a', title: 'Première actualité', moderationStatus: 'pending' },
      { slug: 'b', title: 'Deuxième actualité', moderationStatus: 'pending' },
    ]);
    await runDigest();
    const mail = await waitForMail(t.mailDir, mailTo(moderator.email));
    expect(mail.subject).toContain('2 contributions en attente de modération');
    expect(mail.text).toContain('Actualité : 2');
    expect(mail.text).toContain('/moderation');
    await waitForMail(t.mailDir, mailTo(admin.email));
    const mails = await readMails(t.mailDir);
    expect(mails).toHaveLength(2);

    // Nothing new since this digest: the next one stays silent.
    await runDigest();
    expect(await jobsOf(t.database.db, 'mail.send')).toHaveLength(2);
  });

  it('also wakes up for a new error report of a visitor, and counts the open ones', async () => {
    await t.database.db.insert(errorReports).values([
      { subjectType: 'initiative', subjectId: 1, message: 'Le marché a lieu le samedi.' },
      {
        subjectType: 'initiative',
        subjectId: 2,
        message: 'Déjà traité.',
        resolvedAt: new Date(),
      },
    ]);
    await runDigest();
    await waitUntil(async () => (await readMails(t.mailDir)).length === 4);
    const mails = (await readMails(t.mailDir)).filter(mailTo(moderator.email));
    const latest = mails.find((mail) => mail.text.includes("Signalements d'erreur"));
    expect(latest?.text).toContain("Signalements d'erreur des visiteurs à traiter : 1");
    expect(latest?.text).toContain('/moderation/signalements');
    // Submissions still wait: the subject counts them.
    expect(latest?.subject).toContain('2 contributions en attente de modération');
    expect((await readMails(t.mailDir)).some(mailTo('ancien.moderateur@exemple.fr'))).toBe(false);
  });
});
