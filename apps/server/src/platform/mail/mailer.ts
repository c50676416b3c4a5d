import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { JobLogger, JobQueue } from '../jobs/queue.ts';

export const MAIL_SEND_JOB = 'mail.send';

export interface MailAttachment {
  filename: string;
  /**
   * Absolute path of a file the worker can read when the message goes out (job data stays
   * small): keep it until then, e.g. under DATA_DIR.
   */
  path: string;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  /** Hidden recipients: each gets the message without seeing the others. */
  bcc?: string[];
  replyTo?: string;
  subject: string;
  /** From renderEmail(): both bodies of the same template. */
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. `List-Unsubscribe` of a newsletter message. */
  headers?: Record<string, string>;
  /**
   * A job queued once the message has been handed over (SMTP accepted it, or the .eml file is
   * written), e.g. to record that a contact message went out. Its handler must be idempotent.
   */
  afterDelivery?: { job: string; data: object };
}

export interface Mailer {
  /**
   * Queues the message (job `mail.send`): a request never waits for SMTP, and a message that
   * cannot be delivered yet is retried later. Inside `db.transaction(…)`, pass `{ tx }`: the
   * message then leaves only if the transaction commits.
   */
  queue(message: MailMessage, options?: { tx?: DbOrTx }): Promise<void>;
  /**
   * Hands the message over at once, for a job handler that builds a message which must not be
   * stored in a job's data (a sign-in link, say). Throws when it cannot be handed over: the
   * calling job is then retried. `jobId` gives the Message-ID, so a retry keeps it.
   */
  deliver(message: Omit<MailMessage, 'afterDelivery'>, options: { jobId: string }): Promise<void>;
}

/** Where messages are written when SMTP_URL is unset. */
export function mailDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'mail');
}

export function createMailer(deps: {
  jobs: JobQueue;
  config: Config;
  logger: JobLogger;
  delivery?: MailDelivery;
}): Mailer {
  const delivery = deps.delivery ?? createMailDelivery(deps.config, deps.logger);
  const domain = /@([^>\s]+)>?\s*$/.exec(deps.config.MAIL_FROM)?.[1] ?? 'localhost';
  return {
    async queue(message, options = {}) {
      const to = (Array.isArray(message.to) ? message.to : [message.to]).filter(Boolean);
      if (to.length === 0) throw new Error('mail without recipient');
      if (!message.subject.trim()) throw new Error('mail without subject');
      const data: MailMessage = { ...message, to };
      await deps.jobs.send(MAIL_SEND_JOB, data, options.tx ? { tx: options.tx } : {});
    },
    async deliver(message, options) {
      await delivery.deliver(message, { messageId: `<${options.jobId}@${domain}>` });
    },
  };
}

export interface MailDelivery {
  /** Throws when the message could not be handed over (the job is then retried). */
  deliver(message: MailMessage, options?: { messageId?: string }): Promise<void>;
}

/** SMTP_URL set: SMTP. Unset: one `.eml` file per message under DATA_DIR/mail. */
export function createMailDelivery(config: Config, logger: JobLogger): MailDelivery {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async deliver(message, options = {}) {
        const info = await transport.sendMail({ ...message, from, messageId: options.messageId });
        logger.info({ messageId: info.messageId, recipients: info.accepted.length }, 'mail sent');
      },
    };
  }

  const dir = mailDir(config);
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async deliver(message, options = {}) {
      const info = await transport.sendMail({ ...message, from, messageId: options.messageId });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, emlFileName());
      // Written aside then renamed: a reader never sees half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      logger.info({ messageId: info.messageId, file }, 'mail written (SMTP_URL unset)');
    },
  };
}

/** `20261123T170418906Z-1a2b3c4d5e6f.eml`: sorted by name = sorted by time. */
export function emlFileName(date = new Date()): string {
  const stamp = date.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(6).toString('hex')}.eml`;
}

/**
 * The `mail.send` worker. The Message-ID comes from the job, so a retry keeps it. Once the
 * message is delivered the job must not fail any more (a retry would send it twice): its
 * `afterDelivery` job that cannot be queued is logged instead.
 */
export async function registerMailWorker(
  jobs: JobQueue,
  mailer: Mailer,
  logger: Pick<JobLogger, 'error'>,
): Promise<void> {
  await jobs.work<MailMessage>(MAIL_SEND_JOB, async (data, job) => {
    const { afterDelivery, ...message } = data;
    await mailer.deliver(message, { jobId: job.id });
    if (!afterDelivery) return;
    await jobs.send(afterDelivery.job, afterDelivery.data).catch((error: unknown) => {
      logger.error(
        { err: error, jobId: job.id, next: afterDelivery.job },
        'mail sent, but its follow-up job could not be queued',
      );
    });
  });
}
