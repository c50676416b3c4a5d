import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { withAdvisoryLock } from './advisory-lock.ts';

/** A pool of one fake connection; `failing` names the statements that fail. */
function fakePool(failing: RegExp | null) {
  const statements: string[] = [];
  const release = vi.fn();
  const client = {
    query: async (text: string) => {
      statements.push(text);
      if (failing?.test(text)) throw new Error(`connexion perdue (${text})`);
      return { rows: [] };
    },
    release,
  };
  const pool = { connect: async () => client } as unknown as pg.Pool;
  return { pool, statements, release };
}

describe('withAdvisoryLock', () => {
  it('locks, runs, unlocks and gives the connection back', async () => {
    const { pool, statements, release } = fakePool(null);
    await expect(withAdvisoryLock(pool, 7, async () => 'fait')).resolves.toBe('fait');
    expect(statements).toEqual(['SELECT pg_advisory_lock($1)', 'SELECT pg_advisory_unlock($1)']);
    expect(release).toHaveBeenCalledWith(false);
  });

  it('unlocks after a failed run and reports the run’s error', async () => {
    const { pool, statements, release } = fakePool(null);
    await expect(
      withAdvisoryLock(pool, 7, async () => {
        throw new Error('migration refusée');
      }),
    ).rejects.toThrow('migration refusée');
    expect(statements).toContain('SELECT pg_advisory_unlock($1)');
    expect(release).toHaveBeenCalledWith(false);
  });

  it('closes a connection that could not unlock, without hiding the run’s error', async () => {
    const { pool, release } = fakePool(/unlock/);
    await expect(
      withAdvisoryLock(pool, 7, async () => {
        throw new Error('migration refusée');
      }),
    ).rejects.toThrow('migration refusée');
    expect(release).toHaveBeenCalledWith(true);
  });

  it('closes a connection that could not lock', async () => {
    const { pool, release } = fakePool(/pg_advisory_lock/);
    const run = vi.fn();
    await expect(withAdvisoryLock(pool, 7, run)).rejects.toThrow('connexion perdue');
    expect(run).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledWith(true);
  });
});
