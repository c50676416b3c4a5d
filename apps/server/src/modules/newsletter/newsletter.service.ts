import {
  NEWSLETTER_CHECK_MAILBOX,
  NEWSLETTER_CONFIRM_DAYS,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from '@ad/contract';
import type { Config } from '../../env.ts';
import { hmac, randomToken, safeEqual, sha256Hex } from '../../platform/auth/tokens.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { NewsletterEmails } from './newsletter.emails.tsx';
import { subscribersCsv } from './newsletter.presenter.ts';
import {
  findSubscriberByTokenHash,
  listConfirmedSubscribers,
  markSubscribed,
  markUnsubscribed,
  renewPendingToken,
  upsertPendingSubscriber,
} from './newsletter.queries.ts';

const CONFIRM_LIFETIME_MS = NEWSLETTER_CONFIRM_DAYS * 86_400_000;

/** Job: the confirmation e-mail of a pending subscriber, with a link made by the job itself. */
export const NEWSLETTER_CONFIRMATION_JOB = 'newsletter.send-confirmation';
export interface NewsletterConfirmationJob {
  id: number;
}

/**
 * The built-in newsletter list with double opt-in (decision record 0009). The confirmation link
 * carries a random token whose SHA-256 only is stored (`token`), made by the job that sends it
 * (decision 0006: no link is ever stored in a job's data); the unsubscribe link carries the
 * subscriber's id signed with SESSION_SECRET, so that every later message can carry it without
 * keeping a readable secret in the database.
 */
export function createNewsletterService(deps: {
  db: AppDatabase;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  mailer: Mailer;
  emails: NewsletterEmails;
}) {
  const { db, clock, config, jobs, mailer, emails } = deps;
  const link = (path: string, token: string) =>
    `${config.APP_URL}${path}?token=${encodeURIComponent(token)}`;
  const signature = (id: number) => hmac(config.SESSION_SECRET, `newsletter-unsubscribe:${id}`);

  function unsubscribeUrl(id: number): string {
    return link(NEWSLETTER_UNSUBSCRIBE_PATH, `${id}.${signature(id)}`);
  }

  return {
    unsubscribeUrl,

    /**
     * One answer whatever the address's state: a new or not-yet-confirmed address gets a
     * confirmation link (a new one: the previous link stops working); an address already
     * subscribed gets nothing, and no second row. `sendMail` false (per-address limit reached)
     * records nothing and sends nothing.
     */
    async subscribe(
      email: string,
      options: { ip: string | null; sendMail: boolean },
    ): Promise<{ message: string }> {
      if (options.sendMail) {
        await db.transaction(async (tx) => {
          // The hash of a token nobody receives: the previous link stops working now, and the
          // job gives the link that works.
          const row = await upsertPendingSubscriber(tx, {
            email,
            tokenHash: sha256Hex(randomToken()),
            ip: options.ip,
            now: clock(),
          });
          if (row) {
            const job: NewsletterConfirmationJob = { id: row.id };
            await jobs.send(NEWSLETTER_CONFIRMATION_JOB, job, { tx });
          }
        });
      }
      return { message: NEWSLETTER_CHECK_MAILBOX };
    },

    /**
     * Job NEWSLETTER_CONFIRMATION_JOB: a new link (a retry voids the previous one, so the message
     * that arrives always works) handed over at once; nothing once the address is no longer
     * pending (confirmed meanwhile, or unsubscribed).
     */
    async sendConfirmation(data: NewsletterConfirmationJob, jobId: string): Promise<void> {
      const token = randomToken();
      const row = await renewPendingToken(db, data.id, sha256Hex(token));
      if (!row) return;
      await mailer.deliver(
        await emails.confirmation(row.email, link(NEWSLETTER_CONFIRM_PATH, token)),
        {
          jobId,
        },
      );
    },

    /**
     * The confirmation link: true when the address is (now, or already) subscribed. An unknown,
     * replaced or expired link, or an address that unsubscribed since, gives false.
     */
    async confirm(token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      const row = await findSubscriberByTokenHash(db, sha256Hex(token));
      if (!row) return false;
      if (row.status === 'subscribed') return true;
      if (row.status !== 'pending') return false;
      const now = clock();
      if (now.getTime() - row.updatedAt.getTime() > CONFIRM_LIFETIME_MS) return false;
      return db.transaction(async (tx) => {
        const confirmed = await markSubscribed(tx, row.id, now);
        // A concurrent click of the same link confirmed it first: still a success.
        if (!confirmed) return true;
        await mailer.queue(await emails.welcome(confirmed.email, unsubscribeUrl(confirmed.id)), {
          tx,
        });
        return true;
      });
    },

    /** The unsubscribe link: true when its signature is right (even if already unsubscribed). */
    async unsubscribe(token: string): Promise<boolean> {
      const found = /^([1-9]\d{0,9})\.([\w-]{20,100})$/.exec(token);
      if (!found) return false;
      const id = Number(found[1]);
      if (id > 2_147_483_647 || !safeEqual(found[2] ?? '', signature(id))) return false;
      return markUnsubscribed(db, id, clock());
    },

    async exportCsv(): Promise<string> {
      return subscribersCsv(await listConfirmedSubscribers(db));
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
