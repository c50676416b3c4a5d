import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { auditEvents, errorReports, users } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import { pathTo } from '@ad/contract';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ModerationEmails } from './moderation.emails.tsx';
import { waitingCounts } from './moderation-queue.ts';

export const MODERATION_DIGEST_JOB = 'moderation.digest';
/** Every day at 8:00, Paris time. */
export const MODERATION_DIGEST_CRON = '0 8 * * *';
const DIGEST_ACTION = 'moderation.digest';
const DAY_MS = 86_400_000;

/**
 * The daily digest: every active moderator and admin learns how many submissions wait, per type,
 * and how many error reports are open, when a submission entered the queue or a report arrived
 * since the last digest (whose time is its audit event; a first digest looks one day back).
 * Nothing new: no e-mail.
 */
export async function sendModerationDigest(deps: {
  db: AppDatabase;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  emails: ModerationEmails;
}): Promise<{ sent: number }> {
  const { db, clock, config, mailer, emails } = deps;
  const [last] = await db
    .select({ at: auditEvents.createdAt })
    .from(auditEvents)
    .where(eq(auditEvents.action, DIGEST_ACTION))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  const since = last?.at ?? new Date(clock().getTime() - DAY_MS);
  const { total, recent } = await waitingCounts(db, since);
  const [reports] = await db
    .select({
      open: count(),
      recent: count(sql`CASE WHEN ${errorReports.createdAt} > ${since} THEN 1 END`),
    })
    .from(errorReports)
    .where(isNull(errorReports.resolvedAt));
  const openReports = reports?.open ?? 0;
  if (recent === 0 && (reports?.recent ?? 0) === 0) return { sent: 0 };

  const team = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.role, ['moderator', 'admin']),
        isNotNull(users.emailVerifiedAt),
        isNull(users.deactivatedAt),
      ),
    );
  if (team.length === 0) return { sent: 0 };
  const links = {
    queue: `${config.APP_URL}${pathTo('moderation')}`,
    reports: `${config.APP_URL}${pathTo('moderation.error-reports')}`,
  };
  await db.transaction(async (tx) => {
    for (const member of team) {
      await mailer.queue(
        await emails.digest({ to: member.email, counts: total, openReports, links }),
        { tx },
      );
    }
    await recordAudit(tx, {
      actorId: null,
      action: DIGEST_ACTION,
      data: { counts: total, openReports, recipients: team.length },
    });
  });
  return { sent: team.length };
}

export async function registerModerationDigest(
  jobs: JobQueue,
  deps: Parameters<typeof sendModerationDigest>[0],
): Promise<void> {
  await jobs.work(MODERATION_DIGEST_JOB, async () => {
    await sendModerationDigest(deps);
  });
  await jobs.schedule(MODERATION_DIGEST_JOB, MODERATION_DIGEST_CRON);
}
