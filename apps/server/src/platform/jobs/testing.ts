/** Helpers for tests of code that sends jobs. Not used at run time. */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../database.ts';

/** Polls `check` until it returns a truthy value; throws after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  message = 'condition not met',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${message} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface JobRow {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  data: unknown;
}

/** The jobs of queue `name` in pg-boss's table, oldest first. */
export async function jobsOf(db: AppDatabase, name: string): Promise<JobRow[]> {
  const result = (await db.execute(sql`
    SELECT id::text AS id, name, state::text AS state, retry_count AS "retryCount", data
    FROM pgboss.job WHERE name = ${name} ORDER BY created_on, id`)) as unknown as {
    rows: JobRow[];
  };
  return result.rows;
}

/** The cron schedules pg-boss keeps (one row per job name). */
export async function schedulesOf(
  db: AppDatabase,
): Promise<{ name: string; cron: string; timezone: string; data: unknown }[]> {
  const result = (await db.execute(
    sql`SELECT name, cron, timezone, data FROM pgboss.schedule ORDER BY name`,
  )) as unknown as { rows: { name: string; cron: string; timezone: string; data: unknown }[] };
  return result.rows;
}
