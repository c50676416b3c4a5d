import { sql } from 'drizzle-orm';
import { pathTo } from '@ad/contract';
import type { RetentionType } from '@ad/contract/account/upkeep';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { JobLogger, JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { subjectOf } from '../moderation/moderation-subjects.ts';
import type { UpkeepEmails } from './content-freshness.emails.tsx';
import { freshnessLink } from './freshness-link.ts';
import {
  at,
  itemTitle,
  ownerReachable,
  referenceAt,
  removalAt,
  rowsOf,
  warnedInCycle,
} from './upkeep-sql.ts';

/**
 * One e-mail of the freshness check or of the retention. The job's data names the item, its owner
 * and the moment the run marked it; the worker reads the item and its owner when the message
 * leaves, signs the link then and hands the message over at once (`mailer.deliver`): the signed
 * « Mon initiative est à jour » link is never stored in a job's data (anyone reading the
 * database, or a backup, could follow it for 60 days), nor is the owner's address. A message
 * whose reason has gone meanwhile (the item deleted, confirmed or given to someone else, the
 * account closed) is not sent.
 */
export const UPKEEP_MAIL_JOB = 'content.upkeep-mail';

export type UpkeepMail =
  | {
      kind: 'freshness';
      step: 'request' | 'reminder';
      initiativeId: number;
      ownerId: number;
      /** What the run wrote in freshness_requested_at (request) or freshness_reminded_at. */
      markedAt: string;
      linkExpiresAt: string;
    }
  | {
      kind: 'retention';
      type: RetentionType;
      itemId: number;
      ownerId: number;
      /** What the run wrote in retention_warned_at. */
      markedAt: string;
    };

interface UpkeepMailDeps {
  db: AppDatabase;
  config: Config;
  emails: UpkeepEmails;
}

interface OwnerRow {
  email: string;
  firstname: string | null;
  title: string;
  reference_at: string | Date;
  marked_at: string | Date | null;
}

const sameInstant = (value: string | Date | null, iso: string) =>
  value !== null && new Date(value).getTime() === new Date(iso).getTime();

/** The message of `mail` as things are now, or null when it no longer has a reason to go. */
export async function upkeepMessage(
  deps: UpkeepMailDeps,
  mail: UpkeepMail,
): Promise<MailMessage | null> {
  const { db, config, emails } = deps;
  if (mail.kind === 'freshness') {
    const marker =
      mail.step === 'request' ? sql`t.freshness_requested_at` : sql`t.freshness_reminded_at`;
    const [row] = rowsOf<OwnerRow & { requested_at: string | Date | null }>(
      await db.execute(sql`
        SELECT u.email, u.firstname, t.title, ${referenceAt('initiatives')} AS reference_at,
          ${marker} AS marked_at, t.freshness_requested_at AS requested_at
        FROM initiatives t JOIN users u ON u.id = t.user_id
        WHERE t.id = ${mail.initiativeId} AND t.user_id = ${mail.ownerId}
          AND t.moderation_status = 'published' AND ${ownerReachable}`),
    );
    if (!row || !sameInstant(row.marked_at, mail.markedAt)) return null;
    const linkExpiresAt = new Date(mail.linkExpiresAt);
    const subject = { initiativeId: mail.initiativeId, ownerId: mail.ownerId };
    return emails.freshness({
      to: row.email,
      firstname: row.firstname ?? '',
      title: row.title,
      referenceAt: new Date(row.reference_at),
      requestedAt:
        mail.step === 'reminder' && row.requested_at !== null ? new Date(row.requested_at) : null,
      link: freshnessLink(config, subject, linkExpiresAt),
      linkExpiresAt,
      accountLink: `${config.APP_URL}${pathTo('myaccount.initiatives.show', { id: mail.initiativeId })}`,
    });
  }
  const item = subjectOf(mail.type);
  const [row] = rowsOf<OwnerRow & { removal_at: string | Date }>(
    await db.execute(sql`
      SELECT u.email, u.firstname, ${itemTitle(mail.type)} AS title,
        ${referenceAt(mail.type)} AS reference_at, t.retention_warned_at AS marked_at,
        ${removalAt(mail.type, config, new Date(mail.markedAt))} AS removal_at
      FROM ${sql.identifier(item.table)} t JOIN users u ON u.id = t.user_id
      WHERE t.id = ${mail.itemId} AND t.user_id = ${mail.ownerId} AND ${ownerReachable}
        AND ${warnedInCycle(mail.type)} AND t.retention_warned_at = ${at(new Date(mail.markedAt))}`),
  );
  if (!row) return null;
  const removal = new Date(row.removal_at);
  return emails.retentionWarning({
    to: row.email,
    firstname: row.firstname ?? '',
    type: mail.type,
    title: row.title,
    referenceAt: new Date(row.reference_at),
    removalAt: removal,
    accountLink: `${config.APP_URL}${pathTo(item.accountRoute, { id: mail.itemId })}`,
    confirmLink:
      mail.type === 'initiatives'
        ? freshnessLink(config, { initiativeId: mail.itemId, ownerId: mail.ownerId }, removal)
        : null,
  });
}

/** The worker that writes and sends those e-mails (a failure retries the job, as `mail.send`). */
export async function registerUpkeepMailJob(
  jobs: JobQueue,
  deps: UpkeepMailDeps & { mailer: Mailer; logger: JobLogger },
): Promise<void> {
  await jobs.work<UpkeepMail>(UPKEEP_MAIL_JOB, async (mail, job) => {
    const message = await upkeepMessage(deps, mail);
    if (!message) {
      deps.logger.info({ mail }, 'upkeep e-mail not sent: its reason has gone');
      return;
    }
    await deps.mailer.deliver(message, { jobId: job.id });
  });
}
