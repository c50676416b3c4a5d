import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-db.ts';
import { createJobQueue, unavailableJobQueue, type JobInfo, type JobQueue } from './queue.ts';
import { jobsOf, schedulesOf, waitUntil } from './testing.ts';

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** A real pino logger (its methods need their `this`) writing into `lines`. */
function memoryLogger(lines: { level: number; msg: string; retryCount?: number }[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()));
      callback();
    },
  });
  return pino({ level: 'debug' }, stream);
}

describe(`job queue (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  const attempts: JobInfo[] = [];
  const done: string[] = [];
  const logs: { level: number; msg: string; retryCount?: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = createJobQueue({
      database,
      logger: memoryLogger(logs),
      options: { pollingIntervalSeconds: 0.5, retryDelay: 1, retryBackoff: false, retryLimit: 3 },
    });
    await jobs.work<{ label: string; failures: number }>('test.flaky', async (data, job) => {
      attempts.push(job);
      if (job.retryCount < data.failures) throw new Error(`échec ${job.retryCount + 1}`);
      done.push(data.label);
    });
    await jobs.start();
  });

  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('retries a job that failed, then completes it', async () => {
    const id = await jobs.send('test.flaky', { label: 'deux échecs', failures: 2 });
    expect(id).toEqual(expect.any(String));
    // The handler returns before pg-boss records the completion: wait for the row itself.
    await waitUntil(
      async () =>
        (await jobsOf(database.db, 'test.flaky')).find((j) => j.id === id)?.state === 'completed',
      15_000,
      'job not completed',
    );
    expect(done).toContain('deux échecs');
    expect(attempts.filter((a) => a.id === id).map((a) => a.retryCount)).toEqual([0, 1, 2]);
    const [row] = (await jobsOf(database.db, 'test.flaky')).filter((j) => j.id === id);
    expect(row).toMatchObject({ state: 'completed', retryCount: 2 });
    const warnings = logs.filter((l) => l.msg === 'job failed, will be retried');
    expect(warnings.map((l) => [l.level, l.retryCount])).toEqual([
      [40, 0],
      [40, 1],
    ]);
  });

  it('marks a job failed once its retries are spent', async () => {
    const id = await jobs.send(
      'test.flaky',
      { label: 'toujours en échec', failures: 99 },
      { retryLimit: 1 },
    );
    await waitUntil(
      async () =>
        (await jobsOf(database.db, 'test.flaky')).find((j) => j.id === id)?.state === 'failed',
      15_000,
      'job not failed',
    );
    expect(attempts.filter((a) => a.id === id)).toHaveLength(2);
    expect(logs.some((l) => l.level === 50 && l.msg === 'job failed, no retry left')).toBe(true);
    expect(done).not.toContain('toujours en échec');
  });

  it('creates a job sent in a transaction only if it commits', async () => {
    await database.db.transaction(async (tx) => {
      await jobs.send('test.flaky', { label: 'validé', failures: 0 }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send('test.flaky', { label: 'annulé', failures: 0 }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await waitUntil(() => done.includes('validé'), 10_000, 'committed job not run');
    const labels = (await jobsOf(database.db, 'test.flaky')).map(
      (j) => (j.data as { label: string }).label,
    );
    expect(labels).toContain('validé');
    expect(labels).not.toContain('annulé');
  });

  it('delays a job with startAfter', async () => {
    const id = await jobs.send(
      'test.flaky',
      { label: 'plus tard', failures: 0 },
      { startAfter: 3600 },
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    const row = (await jobsOf(database.db, 'test.flaky')).find((j) => j.id === id);
    expect(row?.state).toBe('created');
    expect(done).not.toContain('plus tard');
  });

  it('stores schedules in the database (Europe/Paris time)', async () => {
    await jobs.work('test.daily', async () => {});
    await jobs.schedule('test.daily', '0 3 * * *', { kind: 'nightly' });
    expect((await schedulesOf(database.db)).filter((s) => s.name === 'test.daily')).toEqual([
      {
        name: 'test.daily',
        cron: '0 3 * * *',
        timezone: 'Europe/Paris',
        data: { kind: 'nightly' },
      },
    ]);
  });

  it('refuses to send before start, or without a queue', async () => {
    const idle = createJobQueue({ database, logger: silent });
    await expect(idle.send('test.flaky', {})).rejects.toThrow(/not started/);
    await expect(unavailableJobQueue().send('mail.send', {})).rejects.toThrow(/no job queue/);
  });
});

describe('a sent job wakes the idle workers of its queue', () => {
  // Polling every minute: a job that runs within seconds was announced (JOB_SENT_CHANNEL).
  const slowPolling = { pollingIntervalSeconds: 60 };
  let database: TestDatabase;
  let sender: JobQueue;
  let worker: JobQueue;
  const done: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two queues, as two instances: `worker` runs the jobs, `sender` only sends them.
    worker = createJobQueue({ database, logger: silent, options: slowPolling });
    await worker.work<{ label: string }>('test.woken', async (data) => {
      done.push(data.label);
    });
    await worker.start();
    sender = createJobQueue({ database, logger: silent, options: slowPolling });
    await sender.start();
    // A first job (which wakes its own instance's worker at once), then a moment for the worker
    // to look again and fall asleep for a minute.
    await worker.send('test.woken', { label: 'premier' });
    await waitUntil(() => done.includes('premier'), 10_000, 'first job not run');
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    await sender?.stop();
    await worker?.stop();
    await database?.close();
  });

  it('when sent by another instance', async () => {
    await sender.send('test.woken', { label: 'autre instance' });
    await waitUntil(() => done.includes('autre instance'), 10_000, 'worker not woken');
  });

  // On PostgreSQL a worker woken before the commit finds nothing (on PGlite its query waits for
  // the transaction to end).
  it('when sent in a transaction, once it commits', async () => {
    await database.db.transaction(async (tx) => {
      await worker.send('test.woken', { label: 'après validation' }, { tx });
      // Not before the commit: the job cannot be seen yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).not.toContain('après validation');
    });
    await waitUntil(() => done.includes('après validation'), 10_000, 'worker not woken');
  });
});

// PGlite is embedded in one process: only one instance ever opens its data.
describe.runIf(process.env.DATABASE_URL)('two instances starting together on PostgreSQL', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database.databaseName}`;
    second = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), poolMax: 2 });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await second?.close();
    await database?.close();
  });

  it('both start and create each queue once (pg-boss alone deadlocks there)', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `test.together-${i}`);
    for (const handle of [database, second]) {
      const queue = createJobQueue({ database: handle, logger: silent });
      for (const name of names) await queue.work(name, async () => {});
      queues.push(queue);
    }
    await expect(Promise.all(queues.map((queue) => queue.start()))).resolves.toBeDefined();
    const result = (await database.db.execute(
      sql`SELECT name FROM pgboss.queue WHERE name LIKE 'test.together-%' ORDER BY name`,
    )) as unknown as { rows: { name: string }[] };
    expect(result.rows.map((row) => row.name)).toEqual(names);
  });
});
