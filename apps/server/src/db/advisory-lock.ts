import type pg from 'pg';

/**
 * Keys of PostgreSQL advisory locks (arbitrary constants, one per concern): work that several
 * app instances starting together on one database must do one at a time.
 */
export const LOCK_KEYS = {
  migrations: 727_105_001,
  jobQueues: 727_105_002,
  jobsSchema: 727_105_003,
} as const;

/**
 * Runs `run` while this instance holds the session advisory lock `key`, on a connection of its
 * own that `run` may use; another instance asking for the same key waits until it is released.
 * A connection that could not unlock (broken, or never locked) is closed rather than given back
 * to the pool: closing it releases the lock, and the next user of the pool gets a sound one.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: number,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await run(client);
    } finally {
      // Never hides the error of `run`.
      unlocked = await client.query('SELECT pg_advisory_unlock($1)', [key]).then(
        () => true,
        () => false,
      );
    }
  } finally {
    client.release(!unlocked);
  }
}
