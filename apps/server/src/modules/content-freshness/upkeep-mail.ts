import { pathTo } from '@ad/contract';
import type { RetentionType } from '@ad/contract/account/upkeep';
import type { Config } from '../../env.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { subjectOf } from '../moderation/moderation-subjects.ts';
import type { UpkeepEmails } from './content-freshness.emails.tsx';
import { freshnessLink } from './freshness-link.ts';

/**
 * One e-mail of the freshness check or of the retention. The signed « Mon initiative est à jour »
 * link is made when the message is sent and handed over at once (`mailer.deliver`): it is never
 * stored in a job's data, where anyone who reads the database (or a backup of it) could follow it
 * for 60 days.
 */
export const UPKEEP_MAIL_JOB = 'content.upkeep-mail';

/** What the message says, but its links (dates as ISO strings: job data is JSON). */
export type UpkeepMail =
  | {
      kind: 'freshness';
      to: string;
      firstname: string;
      title: string;
      initiativeId: number;
      ownerId: number;
      referenceAt: string;
      /** Set for the reminder: when the first message was sent. */
      requestedAt: string | null;
      linkExpiresAt: string;
    }
  | {
      kind: 'retention';
      to: string;
      firstname: string;
      type: RetentionType;
      itemId: number;
      ownerId: number;
      title: string;
      referenceAt: string;
      removalAt: string;
    };

/** A date read from the database (a Date, or a string on some drivers) as ISO text. */
export const iso = (value: string | Date): string => new Date(value).toISOString();

/** The message of `mail`, with its links. */
export function upkeepMessage(
  config: Config,
  emails: UpkeepEmails,
  mail: UpkeepMail,
): Promise<MailMessage> {
  if (mail.kind === 'freshness') {
    const linkExpiresAt = new Date(mail.linkExpiresAt);
    return emails.freshness({
      to: mail.to,
      firstname: mail.firstname,
      title: mail.title,
      referenceAt: new Date(mail.referenceAt),
      requestedAt: mail.requestedAt === null ? null : new Date(mail.requestedAt),
      link: freshnessLink(
        config,
        { initiativeId: mail.initiativeId, ownerId: mail.ownerId },
        linkExpiresAt,
      ),
      linkExpiresAt,
      accountLink: `${config.APP_URL}${pathTo('myaccount.initiatives.show', { id: mail.initiativeId })}`,
    });
  }
  const removalAt = new Date(mail.removalAt);
  return emails.retentionWarning({
    to: mail.to,
    firstname: mail.firstname,
    type: mail.type,
    title: mail.title,
    referenceAt: new Date(mail.referenceAt),
    removalAt,
    accountLink: `${config.APP_URL}${pathTo(subjectOf(mail.type).accountRoute, { id: mail.itemId })}`,
    confirmLink:
      mail.type === 'initiatives'
        ? freshnessLink(config, { initiativeId: mail.itemId, ownerId: mail.ownerId }, removalAt)
        : null,
  });
}

/** The worker that writes and sends those e-mails (a failure retries the job, as `mail.send`). */
export async function registerUpkeepMailJob(
  jobs: JobQueue,
  deps: { config: Config; mailer: Mailer; emails: UpkeepEmails },
): Promise<void> {
  await jobs.work<UpkeepMail>(UPKEEP_MAIL_JOB, async (mail, job) => {
    await deps.mailer.deliver(await upkeepMessage(deps.config, deps.emails, mail), {
      jobId: job.id,
    });
  });
}
