import PgBoss from 'pg-boss';
import { LOCK_KEYS, withAdvisoryLock } from '../../db/advisory-lock.ts';
import type { DatabaseHandle, DbOrTx } from '../../db/client.ts';
import { databaseExecutor, transactionExecutor } from './executors.ts';

/**
 * Durable jobs (pg-boss 10) in the app's own database: e-mails, documents, images, scheduled
 * clean-ups. A job survives a restart and is retried with exponential backoff when its handler
 * throws. Every instance runs the workers; PostgreSQL hands each job to one of them.
 *
 * Life cycle: create (main.ts or createTestApp) -> buildApp registers handlers (`work`,
 * `schedule`) -> `start()` creates pg-boss's schema and the queues, then runs the workers ->
 * `stop()` before the database closes.
 */
export interface JobQueue {
  /**
   * Queues a job; returns its id (null when a singleton job with the same key already exists).
   * Outside a transaction only: inside `db.transaction(…)` pass `{ tx }` (on PGlite a send
   * outside the open transaction would wait for it forever).
   */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of `name` (one at a time per instance). Throw to retry later. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Sends a job to `name` on a cron schedule (5 fields, Europe/Paris time by default). */
  schedule(name: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  start(): Promise<void>;
  /** Lets the running handlers finish (a few seconds at most), then stops. */
  stop(): Promise<void>;
}

export interface SendOptions {
  /**
   * With `singletonSeconds`: at most one job per key and time slot. On a queue whose `policy` is
   * `short` (see WorkOptions): at most one waiting job per key.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** A date, or a delay in seconds. */
  startAfter?: Date | number;
  retryLimit?: number;
  /** Seconds before the first retry (doubled at every retry with `retryBackoff`). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An open Drizzle transaction: the job is created only if it commits. */
  tx?: DbOrTx;
}

export interface WorkOptions {
  /** pg-boss queue policy, fixed when the queue is first created. Default `standard`. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobQueueOptions {
  /**
   * How often an idle worker looks for due jobs. A job sent for now wakes the workers of its
   * queue at once, on every instance (JOB_SENT_CHANNEL); polling finds the others: delayed jobs,
   * retries, and those sent while an instance was not listening.
   */
  pollingIntervalSeconds?: number;
  /** Defaults of every job (overridable per send). */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long stop() waits for running handlers. */
  stopTimeoutMs?: number;
}

type LogFn = (object: object, message: string) => void;
export interface JobLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/**
 * Defaults: a failed job is retried 12 times, 5 s after the first failure then doubling (with
 * jitter): the last attempt comes 6 to 11 hours after the first, so a message outlives a long
 * SMTP outage. A worker polls every 2 s when idle.
 */
export const JOB_DEFAULTS = {
  pollingIntervalSeconds: 2,
  retryLimit: 12,
  retryDelay: 5,
  retryBackoff: true,
  stopTimeoutMs: 5000,
} as const satisfies Required<JobQueueOptions>;

export const DEFAULT_TIMEZONE = 'Europe/Paris';

/**
 * NOTIFY channel of sent jobs (payload: the queue's name). Sent in the transaction that creates
 * the job, so PostgreSQL delivers it once the job can be seen: a worker woken before the commit
 * would find nothing and sleep a whole polling interval.
 */
export const JOB_SENT_CHANNEL = 'job_sent';

interface Worker {
  name: string;
  handler: JobHandler<object>;
  options: WorkOptions;
  loop?: Promise<void>;
  /** Ends the worker's sleep (set while it sleeps). */
  wake?: () => void;
  /** A wake-up came while it was not sleeping (fetching, running a job): it looks again at once. */
  woken?: boolean;
}

export function createJobQueue(deps: {
  database: DatabaseHandle;
  logger: JobLogger;
  options?: JobQueueOptions;
}): JobQueue {
  const { database, logger } = deps;
  const options = { ...JOB_DEFAULTS, ...deps.options };
  const pollingMs = Math.max(100, options.pollingIntervalSeconds * 1000);
  const executor = databaseExecutor(database);
  const boss = new PgBoss({
    db: executor,
    migrate: true,
    supervise: true,
    schedule: true,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelay,
    retryBackoff: options.retryBackoff,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));

  const workers = new Map<string, Worker>();
  const schedules: { name: string; cron: string; data?: object; tz: string }[] = [];
  const queues = new Map<string, Promise<void>>();
  let starting: Promise<void> | undefined;
  let running = false;
  let stopping = false;
  let unlisten: (() => Promise<void>) | undefined;
  const wake = (name: string) => {
    const worker = workers.get(name);
    if (!worker) return;
    if (worker.wake) worker.wake();
    else worker.woken = true;
  };

  // pg-boss 10 creates a queue (a row and a partition of its job table) without a lock: two
  // instances creating the same queues at once (starting together on a new database) deadlock,
  // and one of them fails to start. On PostgreSQL the instances take turns, and an instance
  // creates one queue at a time (each creation holds a connection for the lock while pg-boss
  // uses another). PGlite has one instance.
  let creations: Promise<unknown> = Promise.resolve();
  const createQueue = (name: string, policy: WorkOptions['policy']) => {
    if (database.kind !== 'postgres') return boss.createQueue(name, { name, policy });
    const created = creations.then(() =>
      withAdvisoryLock(database.client, LOCK_KEYS.jobQueues, () =>
        boss.createQueue(name, { name, policy }),
      ),
    );
    creations = created.catch(() => undefined);
    return created;
  };

  // pg-boss 10's start checks whether its schema is installed, then creates it in a transaction
  // under an advisory lock. Two instances starting together on a new database both found it
  // missing, and the second, once the first released its lock, created it again and failed
  // (duplicate key on pg_namespace, in spite of its `IF NOT EXISTS`). The instances take turns
  // through the whole start: the second finds the schema there.
  const startBoss = async () => {
    if (database.kind !== 'postgres') await boss.start();
    else await withAdvisoryLock(database.client, LOCK_KEYS.jobsSchema, () => boss.start());
  };

  const ensureQueue = (name: string, policy: WorkOptions['policy'] = 'standard') => {
    let created = queues.get(name);
    if (!created) {
      created = createQueue(name, policy);
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  };

  const sleep = (worker: Worker) =>
    new Promise<void>((resolve) => {
      if (worker.woken) {
        resolve();
        return;
      }
      const timer = setTimeout(done, pollingMs);
      function done() {
        clearTimeout(timer);
        worker.wake = undefined;
        resolve();
      }
      worker.wake = done;
    });

  const runJob = async (worker: Worker, job: PgBoss.JobWithMetadata<object>) => {
    const info: JobInfo = {
      id: job.id,
      name: job.name,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
    };
    const expireMs = Number(job.expireInSeconds) * 1000 || 15 * 60_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        worker.handler(job.data, info),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('job timed out')), expireMs);
        }),
      ]);
      clearTimeout(timer);
      await boss.complete(worker.name, job.id);
    } catch (error) {
      clearTimeout(timer);
      const last = info.retryCount >= info.retryLimit;
      const details = {
        err: error,
        queue: worker.name,
        jobId: job.id,
        retryCount: info.retryCount,
      };
      if (last) logger.error(details, 'job failed, no retry left');
      else logger.warn(details, 'job failed, will be retried');
      await boss
        .fail(worker.name, job.id, error instanceof Error ? error : { value: String(error) })
        .catch((failError: unknown) =>
          logger.error({ err: failError, jobId: job.id }, 'could not record a job failure'),
        );
    }
  };

  // Our own loop instead of pg-boss's `work`: it awaits completion and failure records, and
  // stop() can wait for it, so nothing touches the database after it has closed.
  const runWorker = async (worker: Worker) => {
    while (!stopping) {
      let job: PgBoss.JobWithMetadata<object> | undefined;
      // A job announced from now on may be missed by this fetch (sent, or committed, after it
      // began): the announcement is kept for the sleep that would follow.
      worker.woken = false;
      try {
        [job] = await boss.fetch<object>(worker.name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        logger.error({ err: error, queue: worker.name }, 'could not fetch jobs');
      }
      if (job) await runJob(worker, job);
      else if (!stopping) await sleep(worker);
    }
  };

  const startWorker = async (worker: Worker) => {
    await ensureQueue(worker.name, worker.options.policy);
    if (!stopping) worker.loop = runWorker(worker);
  };

  const addSchedule = async (entry: (typeof schedules)[number]) => {
    await ensureQueue(entry.name);
    await boss.schedule(entry.name, entry.cron, entry.data ?? {}, { tz: entry.tz });
  };

  const ready = async () => {
    if (!starting) throw new Error('job queue not started: call start() first');
    await starting;
  };

  return {
    async send(name, data, sendOptions = {}) {
      await ready();
      const { tx, startAfter, ...rest } = sendOptions;
      if (tx) {
        if (!queues.has(name)) throw new Error(`unknown job queue ${name}: register it first`);
      }
      await ensureQueue(name);
      const db = tx ? transactionExecutor(tx) : executor;
      const id = await boss.send(name, data, {
        ...rest,
        ...(startAfter !== undefined ? { startAfter } : {}),
        db,
      });
      if (id !== null && startAfter === undefined) {
        const announced = db.executeSql('SELECT pg_notify($1, $2)', [JOB_SENT_CHANNEL, name]);
        // In a transaction, a failure fails the job's creation too. Outside one the job exists
        // already: the announcement is a hint, which polling makes up for.
        if (tx) await announced;
        else {
          await announced.catch((error: unknown) =>
            logger.warn({ err: error, queue: name }, 'job sent but not announced'),
          );
          wake(name); // this instance's worker need not wait for the notification
        }
      }
      return id;
    },

    async work(name, handler, workOptions = {}) {
      if (workers.has(name)) throw new Error(`a worker for ${name} is already registered`);
      const worker: Worker = { name, handler: handler as JobHandler<object>, options: workOptions };
      workers.set(name, worker);
      if (running) await startWorker(worker);
    },

    async schedule(name, cron, data, scheduleOptions = {}) {
      const entry = { name, cron, data, tz: scheduleOptions.tz ?? DEFAULT_TIMEZONE };
      schedules.push(entry);
      if (running) await addSchedule(entry);
    },

    start() {
      starting ??= (async () => {
        await startBoss();
        unlisten = await database.listen(JOB_SENT_CHANNEL, wake, () => {
          // Jobs sent while the connection was lost were not announced.
          for (const name of workers.keys()) wake(name);
        });
        for (const worker of workers.values())
          await ensureQueue(worker.name, worker.options.policy);
        for (const entry of schedules) await addSchedule(entry);
        running = true;
        for (const worker of workers.values()) await startWorker(worker);
        logger.debug({ queues: [...workers.keys()] }, 'job workers started');
      })();
      return starting;
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      if (starting) await starting.catch(() => undefined);
      running = false;
      await unlisten?.().catch(() => undefined);
      for (const worker of workers.values()) worker.wake?.();
      const loops = [...workers.values()].flatMap((w) => (w.loop ? [w.loop] : []));
      let timer: NodeJS.Timeout | undefined;
      const settled = await Promise.race([
        Promise.allSettled(loops).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), options.stopTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!settled) logger.warn({}, 'job handlers still running at shutdown: retried later');
      if (starting) await boss.stop({ graceful: false, wait: true, close: false });
      // pg-boss's own timers (maintenance, cron) may have a statement on its way.
      await executor.idle(1000);
    },
  };
}

/**
 * The queue of an app built without one (some tests): handlers are accepted and never run,
 * sending throws.
 */
export function unavailableJobQueue(): JobQueue {
  return {
    send: async (name) => {
      throw new Error(`no job queue: cannot send ${name} (pass deps.jobs to buildApp)`);
    },
    work: async () => {},
    schedule: async () => {},
    start: async () => {},
    stop: async () => {},
  };
}
