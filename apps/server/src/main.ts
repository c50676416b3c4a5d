import { setFlagsFromString } from 'node:v8';
import { buildApp, createLogger } from './app.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoContent, seedReferenceData } from './db/seed/index.ts';
import { ConfigError, loadConfig, type Config } from './env.ts';
import { createJobQueue } from './platform/jobs/queue.ts';
import { repoRoot } from './platform/paths.ts';
import { storageFromConfig } from './platform/storage/storage-from-config.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

// After a full garbage collection V8 lets the heap grow by a factor it derives from how fast it
// collects against how fast the app allocates: here about 1.3, so marking started again at once
// and ran every half second under a stream of uncached answers (a map list page allocates two
// 250 KB strings), each pause delaying the requests under way. Twice the live heap instead: a
// full collection every few seconds, for about 80 MB more at most (decision 0005).
setFlagsFromString('--heap-growing-percent=100');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  logger.info(
    { database: database.kind, dataDir: config.DATA_DIR },
    database.kind === 'pglite' ? 'embedded PGlite database' : 'PostgreSQL database',
  );
  // The migrations folder sits next to this module (src/db/migrations, or dist/migrations in the build).
  await migrateDatabase(database);

  // Both seeders are idempotent: reference data keeps existing rows, demo content only fills a
  // database without initiatives (first start). Demo accounts never exist in production or over https.
  // Their placeholder files go where the uploads are served from (DATA_DIR/uploads or the bucket).
  const uploads = await storageFromConfig(config);
  try {
    await seedReferenceData(database.db, { rootDir: repoRoot(), storage: uploads.storage });
    if (config.SEED_DEMO) {
      const demo = await seedDemoContent(database.db, {
        storage: uploads.storage,
        demoAccounts: !config.isDeployment,
      });
      if (!demo.skipped) logger.info({ counts: demo.counts }, 'demo content seeded');
    }
  } finally {
    uploads.close();
  }

  const jobs = createJobQueue({ database, logger });
  const app = await buildApp({ config, database, logger, jobs });
  // Runs the handlers buildApp registered (e-mails, clean-ups) in this process.
  await jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      logger.warn({ signal }, 'forced exit');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await jobs.stop(); // lets running jobs finish (a few seconds), the others wait in the database
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  // A second signal while closing forces the exit.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`${config.APP_NAME} : ${config.APP_URL} (écoute sur ${config.HOST}:${config.PORT})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
