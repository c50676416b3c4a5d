import type { Config } from '../../env.ts';
import { createSessionStore } from '../auth/sessions.ts';
import type { AppDatabase, Clock } from '../database.ts';
import type { JobQueue } from './queue.ts';

export const SESSIONS_CLEANUP_JOB = 'sessions.destroy-expired';

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
}
