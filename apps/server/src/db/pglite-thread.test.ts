import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';

// The embedded database's thread: what Drizzle, pg-boss and the public cache rely on.
describe('PGlite in its worker thread', () => {
  let pg: PgliteThread;
  beforeAll(async () => {
    pg = await PgliteThread.create({ extensions: ['unaccent'] });
    await pg.exec('CREATE EXTENSION unaccent; CREATE TABLE t (id int PRIMARY KEY, at timestamptz)');
  });
  afterAll(() => pg.close());

  it('answers queries with parameters, rows as objects or arrays, and several statements', async () => {
    const objects = await pg.query<{ word: string }>('SELECT unaccent($1) AS word', ['fête']);
    expect(objects.rows).toEqual([{ word: 'fete' }]);
    const arrays = await pg.query('SELECT 1, $1::text', ['a'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'a']]);
    const results = await pg.exec('SELECT 1 AS a; SELECT 2 AS b');
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it("keeps the text of timestamps with Drizzle's parsers, and refuses any other parser", async () => {
    await pg.query(`INSERT INTO t VALUES (1, '2026-11-28 10:00:00+00')`);
    const keep = (value: string) => value;
    const result = await pg.query('SELECT at FROM t WHERE id = 1', [], {
      parsers: { 1184: keep },
    });
    expect(typeof result.rows[0]!.at).toBe('string');
    await expect(
      pg.query('SELECT at FROM t', [], { parsers: { 1184: (v: string) => new Date(v) } }),
    ).rejects.toThrow(/parsers/);
  });

  it("rejects with PostgreSQL's error fields", async () => {
    const error = await pg.query('INSERT INTO t VALUES (1, now())').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('commits a transaction that resolves, rolls back one that throws, other queries waiting', async () => {
    let outside: Promise<unknown> | undefined;
    await pg.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (2, now())');
      // Outside the transaction: waits for its end, so it sees both rows (not only the first).
      outside = pg.query('SELECT count(*)::int AS n FROM t WHERE id IN (2, 3)');
      await tx.query('INSERT INTO t VALUES (3, now())');
    });
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 2 }]);

    await expect(
      pg.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (4, now())');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const ids = await pg.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('refuses a value that cannot cross to the thread, and goes on', async () => {
    await expect(pg.query('SELECT $1', [() => 1])).rejects.toThrow();
    expect((await pg.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('closes once an open transaction has ended, its statements still answered', async () => {
    const other = await PgliteThread.create({ extensions: [] });
    await other.exec('CREATE TABLE u (id int)');
    let closing: Promise<void> | undefined;
    const inserted = await other.transaction(async (tx) => {
      await tx.query('INSERT INTO u VALUES (1)');
      closing = other.close();
      await tx.query('INSERT INTO u VALUES (2)');
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM u')).rows[0]!.n;
    });
    expect(inserted).toBe(2);
    // A second close waits for the same end.
    await Promise.all([closing, other.close()]);
    expect(other.closed).toBe(true);
  });

  it('delivers notifications until unlistened', async () => {
    const received: string[] = [];
    const unlisten = await pg.listen('changes', (payload) => received.push(payload));
    await pg.query(`NOTIFY changes, 'one'`);
    await expect.poll(() => received).toEqual(['one']);
    await unlisten();
    await pg.query(`NOTIFY changes, 'two'`);
    await pg.query('SELECT 1');
    expect(received).toEqual(['one']);
  });

  it('dumps its data and opens another database from the dump, in the same thread', async () => {
    const dump = await pg.dumpDataDir('gzip');
    const copy = await PgliteThread.create({ extensions: ['unaccent'], loadDataDir: dump });
    try {
      const ids = await copy.query<{ id: number }>('SELECT id FROM t ORDER BY id');
      expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    } finally {
      await copy.close();
    }
    expect(copy.closed).toBe(true);
    await expect(copy.query('SELECT 1')).rejects.toThrow(/closed/);
    // The first one is still open.
    expect((await pg.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
