import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../database.ts';
import { registerMailWorker, type Mailer } from '../mail/mailer.ts';
import { registerMaintenanceJobs } from './maintenance.ts';
import type { JobQueue } from './queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Durable jobs. A module registers its handlers while the app is built
     * (`await app.jobs.work('images.thumbnail', handler)`); they run once main.ts (or
     * createTestApp) has started the queue.
     */
    jobs: JobQueue;
    /** Queues e-mails (`app.mailer.queue({ to, subject, ...(await renderEmail(<Tpl />)) })`). */
    mailer: Mailer;
  }
}

/** Decorates the app with the queue and the mailer, and registers the platform's own workers. */
export async function registerJobs(
  app: FastifyInstance,
  deps: { jobs: JobQueue; mailer: Mailer; config: Config; db: AppDatabase; clock: Clock },
): Promise<void> {
  const { jobs, mailer, config } = deps;
  app.decorate('jobs', jobs);
  app.decorate('mailer', mailer);
  await registerMailWorker(jobs, mailer, app.log);
  await registerMaintenanceJobs(jobs, { db: deps.db, clock: deps.clock, config });
}
