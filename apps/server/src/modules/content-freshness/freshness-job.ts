import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { endOfParisDay } from '../../platform/paris-time.ts';
import { UPKEEP_MAIL_JOB, type UpkeepMail } from './upkeep-mail.ts';
import { at, ownerReachable, referenceAt, reminderDue, requestDue, rowsOf } from './upkeep-sql.ts';

export const FRESHNESS_JOB = 'content.freshness';
/** Every day at 9:20, Paris time: the messages arrive in office hours. */
export const FRESHNESS_CRON = '20 9 * * *';
/** Initiatives handled per transaction. */
export const UPKEEP_CHUNK = 100;
/**
 * At most this many e-mails of each kind per run: the first run on a map of tens of thousands of
 * old initiatives spreads its messages (and their reminders) over several days.
 */
export const UPKEEP_MAX_PER_RUN = 2000;
const DAY_MS = 86_400_000;

export interface FreshnessDeps {
  db: AppDatabase;
  clock: Clock;
  config: Config;
  /** The e-mails leave through UPKEEP_MAIL_JOB (upkeep-mail.ts). */
  jobs: JobQueue;
}

interface Candidate {
  id: number;
  user_id: number;
  reference_at: string | Date;
}

type Step = 'request' | 'reminder';

/**
 * Sends one step to every initiative due for it, a chunk at a time: one short transaction marks
 * the chunk's initiatives (the condition checked again) and queues the e-mails of those it marked
 * (upkeep-mail.ts writes them when they leave). The column it sets takes the initiative out of the
 * step, so a run that stops half-way, or runs twice, sends nothing twice.
 */
async function sendStep(deps: FreshnessDeps, step: Step, now: Date): Promise<number> {
  const { db, config, jobs } = deps;
  const due: SQL = step === 'request' ? requestDue(config, now) : reminderDue(config, now);
  const mark: SQL =
    step === 'request'
      ? sql`freshness_requested_at = ${at(now)}, freshness_reminded_at = NULL`
      : sql`freshness_reminded_at = ${at(now)}`;
  // Valid until the end of the day the e-mail names (« valable jusqu'au … »).
  const linkExpiresAt = endOfParisDay(
    new Date(now.getTime() + config.FRESHNESS_LINK_DAYS * DAY_MS),
  );
  let sent = 0;
  while (sent < UPKEEP_MAX_PER_RUN) {
    const limit = Math.min(UPKEEP_CHUNK, UPKEEP_MAX_PER_RUN - sent);
    const rows = rowsOf<Candidate>(
      await db.execute(sql`
        SELECT t.id, t.user_id, ${referenceAt('initiatives')} AS reference_at
        FROM initiatives t LEFT JOIN users u ON u.id = t.user_id
        WHERE ${due} AND ${ownerReachable}
        ORDER BY reference_at, t.id
        LIMIT ${limit}`),
    );
    if (rows.length === 0) break;
    const messages = new Map<number, UpkeepMail>();
    for (const row of rows) {
      const id = Number(row.id);
      messages.set(id, {
        kind: 'freshness',
        step,
        initiativeId: id,
        ownerId: Number(row.user_id),
        markedAt: now.toISOString(),
        linkExpiresAt: linkExpiresAt.toISOString(),
      });
    }
    const marked = await db.transaction(async (tx) => {
      // Raw SQL: updated_at (shown as the item's last change) must not move.
      const updated = rowsOf<{ id: number }>(
        await tx.execute(sql`
          UPDATE initiatives t SET ${mark}
          FROM users u
          WHERE u.id = t.user_id AND t.id = ANY(${sql.param([...messages.keys()])}::int[])
            AND ${due} AND ${ownerReachable}
          RETURNING t.id`),
      );
      for (const { id } of updated) {
        const mail = messages.get(Number(id));
        if (mail) await jobs.send(UPKEEP_MAIL_JOB, mail, { tx });
      }
      return updated.length;
    });
    sent += marked;
    if (marked === 0 || rows.length < limit) break;
  }
  return sent;
}

/**
 * The daily freshness check (issue 10): the owners of published initiatives whose last
 * publication or confirmation is FRESHNESS_INTERVAL_DAYS old are asked whether they are still up
 * to date (a signed link), then reminded once FRESHNESS_REMINDER_DAYS later; an initiative left
 * unconfirmed after the reminder is flagged in the back office (upkeep-lists.ts). Reminders
 * first, so that a request and its reminder never leave on the same run.
 */
export async function runFreshness(
  deps: FreshnessDeps,
): Promise<{ requested: number; reminded: number }> {
  const now = deps.clock();
  const reminded = await sendStep(deps, 'reminder', now);
  const requested = await sendStep(deps, 'request', now);
  return { requested, reminded };
}

export async function registerFreshnessJob(deps: FreshnessDeps): Promise<void> {
  const { jobs } = deps;
  await jobs.work(FRESHNESS_JOB, async () => {
    await runFreshness(deps);
  });
  await jobs.schedule(FRESHNESS_JOB, FRESHNESS_CRON);
}
