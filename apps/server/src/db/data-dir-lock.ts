import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The embedded database belongs to one process. A second process that opens the same directory
 * (`npm start` in two terminals, a start while the previous server is still closing, a seed or
 * `user:create` beside a running server) writes over the first one's files, and the database is
 * lost ("could not open relation with OID …" at the next start). A lock file next to the
 * database holds the number of the process that opened it: another process is refused with a
 * message that says which one; the lock of a process that has ended (a crash, a kill -9) is
 * taken over.
 */

/** The lock files this process holds. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export class DataDirLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is already open in process ${pid}: stop it first (two processes ` +
        `on one database directory corrupt it). If no such process runs, delete ${file}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the lock `file` for this process, or throws DataDirLockedError when a running process
 * (this one included) holds it. Returns the function that gives it back.
 */
export function lockDataDir(file: string): () => void {
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      return () => {
        if (!held.delete(file)) return;
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      if (held.has(file)) throw new DataDirLockedError(file, process.pid);
      // Our own number in a lock we do not hold was a process before us (after a restart, a
      // container's server is often process 1 again).
      const pid = holderOf(file);
      if (pid !== null && pid !== process.pid && isRunning(pid))
        throw new DataDirLockedError(file, pid);
      rmSync(file, { force: true });
    }
  }
}
