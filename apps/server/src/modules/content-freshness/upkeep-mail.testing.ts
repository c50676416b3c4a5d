import { jobsOf, waitUntil } from '../../platform/jobs/testing.ts';
import { mailTo, readMails, type TestMail } from '../../platform/mail/testing.ts';
import type { TestApp } from '../../platform/testing.ts';
import { UPKEEP_MAIL_JOB } from './upkeep-mail.ts';

/** The upkeep e-mails delivered so far to `email`, oldest first, once every one queued has left. */
export async function upkeepMailsFor(t: TestApp, email: string): Promise<TestMail[]> {
  await waitUntil(
    async () =>
      (await jobsOf(t.database.db, UPKEEP_MAIL_JOB)).every((job) => job.state === 'completed'),
    10_000,
    'an upkeep e-mail was not sent',
  );
  return (await readMails(t.mailDir)).filter(mailTo(email));
}

/** Whether any job's data holds a signed link (they must be made when the message leaves). */
export async function jobsHoldingALink(t: TestApp): Promise<string[]> {
  const found: string[] = [];
  for (const name of [UPKEEP_MAIL_JOB, 'mail.send']) {
    for (const job of await jobsOf(t.database.db, name)) {
      if (JSON.stringify(job.data).includes('signature=')) found.push(`${name} ${job.id}`);
    }
  }
  return found;
}
