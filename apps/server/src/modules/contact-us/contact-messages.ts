import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact-us.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';

/**
 * The messages of the two contact forms ('Nous contacter' and "contacter le référent") are kept
 * in `contact_messages`. A row starts `pending`; the job below marks it `sent` once the e-mail to
 * its recipients has been handed over (queued as the mail's `afterDelivery`). A message whose
 * e-mail never goes out (retries exhausted) stays `pending`, for the team to look at; so does,
 * rarely, one whose e-mail went out but whose follow-up job could not be queued (logged: a retry
 * would have sent the e-mail twice).
 */
export const CONTACT_MESSAGE_SENT_JOB = 'contact-messages.sent';

export interface ContactMessageSentJob {
  id: number;
}

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: DbOrTx, values: NewContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values(values)
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message not stored');
  return row.id;
}

/** Registered once, by the contact-us routes. Idempotent: a second run changes nothing. */
export async function registerContactMessageJobs(
  jobs: JobQueue,
  deps: { db: AppDatabase; clock: Clock },
): Promise<void> {
  await jobs.work<ContactMessageSentJob>(CONTACT_MESSAGE_SENT_JOB, async ({ id }) => {
    await deps.db
      .update(contactMessages)
      .set({ status: 'sent', sentAt: deps.clock() })
      .where(and(eq(contactMessages.id, id), ne(contactMessages.status, 'sent')));
  });
}

/** The mail option that records the delivery of message `id`. */
export const recordDelivery = (id: number) => ({
  job: CONTACT_MESSAGE_SENT_JOB,
  data: { id } satisfies ContactMessageSentJob,
});
