import lockfile from 'proper-lockfile';

/**
 * The embedded database belongs to one process. A second process that opens the same directory
 * (`npm start` in two terminals, a start while the previous server is still closing, a seed or
 * `user:create` beside a running server) writes over the first one's files, and the database is
 * lost ("could not open relation with OID …" at the next start).
 *
 * The lock is proper-lockfile's: a directory created atomically next to the database, whose time
 * its holder renews every few seconds. Another process, in this container or in another one on
 * the same volume, waits for it (a server still closing) and is refused after a while; the lock
 * of a process that ended without closing (a crash, a kill -9) is stale after 10 s and taken over.
 */

const STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(readonly lockPath: string) {
    super(
      `The embedded database is open in another process (${lockPath} is held): stop it first, ` +
        'two processes on one database directory corrupt it.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Locks the database directory `dir` (which must exist) with the lock `lockPath`, waiting up to
 * `waitMs` for another holder (by default, long enough for a crashed holder's lock to go stale).
 * Resolves to the function that gives it back.
 */
export async function lockDataDir(
  dir: string,
  lockPath: string,
  { waitMs = STALE_MS + 2_000 } = {},
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      lockfilePath: lockPath,
      stale: STALE_MS,
      retries:
        waitMs > 0 ? { retries: Math.ceil(waitMs / 1_000), factor: 1, minTimeout: 1_000 } : 0,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(lockPath);
    throw error;
  }
}
