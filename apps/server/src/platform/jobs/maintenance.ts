import { lt } from 'drizzle-orm';
import { captchaSolutions, rateLimitCounters, userTokens } from '../../db/schema/platform.ts';
import type { Config } from '../../env.ts';
import { createSessionStore } from '../auth/sessions.ts';
import type { AppDatabase, Clock } from '../database.ts';
import type { JobQueue } from './queue.ts';

export const SESSIONS_CLEANUP_JOB = 'sessions.destroy-expired';
export const EXPIRED_ROWS_CLEANUP_JOB = 'platform.delete-expired';

/** Periodic clean-ups of the platform's own tables. */
export async function registerMaintenanceJobs(
  jobs: JobQueue,
  deps: { db: AppDatabase; clock: Clock; config: Config },
): Promise<void> {
  const sessions = createSessionStore({
    db: deps.db,
    clock: deps.clock,
    lifetimeMinutes: deps.config.SESSION_LIFETIME_MINUTES,
  });
  await jobs.work(SESSIONS_CLEANUP_JOB, () => sessions.destroyExpired());
  // Hourly, off the round hour when other schedules tend to run.
  await jobs.schedule(SESSIONS_CLEANUP_JOB, '17 * * * *');

  // E-mail links a day past their expiry (kept a little for support questions), spent captcha
  // answers and finished rate-limit windows.
  await jobs.work(EXPIRED_ROWS_CLEANUP_JOB, async () => {
    const now = deps.clock();
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await deps.db.delete(userTokens).where(lt(userTokens.expiresAt, dayAgo));
    await deps.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
    await deps.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, now));
  });
  await jobs.schedule(EXPIRED_ROWS_CLEANUP_JOB, '23 * * * *');
}
