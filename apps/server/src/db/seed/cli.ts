/**
 * npm run seed -w apps/server -- [--scale N] [--seed S]
 * Opens the database of the configuration (DATABASE_URL, else PGlite under DATA_DIR), migrates,
 * seeds the reference data, then the demo content (empty database only) or N scale initiatives.
 */
import { loadConfig } from '../../env.ts';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { repoRoot } from '../../platform/paths.ts';
import { storageFromConfig } from '../../platform/storage/storage-from-config.ts';
import { seedDemoContent } from './demo.ts';
import { seedReferenceData } from './reference.ts';
import { seedScale } from './scale.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: 'string' }, seed: { type: 'string' } },
    allowPositionals: false,
  });
  const scale = values.scale === undefined ? undefined : Number(values.scale);
  if (scale !== undefined && (!Number.isInteger(scale) || scale < 0)) {
    throw new Error(`--scale expects a non-negative integer, got "${values.scale}"`);
  }
  const config = loadConfig();
  const root = repoRoot();
  const dataDir = config.DATA_DIR;
  const databaseUrl = config.DATABASE_URL;

  const started = performance.now();
  const lap = (label: string, since: number) =>
    console.log(`${label.padEnd(18)} ${((performance.now() - since) / 1000).toFixed(2)} s`);
  // The placeholders go where the application serves its uploads from: DATA_DIR/uploads or the bucket.
  const uploads = await storageFromConfig(config);
  const storage = uploads.storage;
  const handle = await openDatabase({ databaseUrl, dataDir });
  console.log(`Database: ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${dataDir})`}`);
  try {
    let t = performance.now();
    await migrateDatabase(handle);
    lap('migrations', t);

    t = performance.now();
    const reference = await seedReferenceData(handle.db, { rootDir: root, storage });
    lap('reference data', t);
    console.table(reference);

    t = performance.now();
    if (scale === undefined) {
      const demo = await seedDemoContent(handle.db, {
        storage,
        demoAccounts: !config.isDeployment,
      });
      lap('demo content', t);
      if (demo.skipped) console.log('Demo content skipped: the database already has initiatives.');
      else console.table(demo.counts);
    } else {
      const counts = await seedScale(handle.db, {
        initiatives: scale,
        seed: values.seed === undefined ? undefined : Number(values.seed),
        storage,
      });
      lap('scale data set', t);
      console.table(counts);
    }
    // Fresh statistics and visibility map: PGlite has no autovacuum, and PostgreSQL's would come
    // only later; without them the first queries on a large set pick poor plans and index-only
    // scans (the map's lists) read the table.
    t = performance.now();
    await handle.db.execute(sql`VACUUM ANALYZE`);
    lap('vacuum analyze', t);
    lap('total', started);
  } finally {
    await handle.close();
    uploads.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
