import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { defaultMigrationsFolder, migrateDatabase } from './migrate.ts';

export type TestDatabase = DatabaseHandle & {
  /** Name of the throw-away PostgreSQL database (postgres kind only). */
  databaseName?: string;
  /**
   * The SQL of the Drizzle queries made while `run` runs (the job queue's own queries are not
   * Drizzle's and are not counted): `expect(queries).toHaveLength(2)` proves there is no N+1.
   */
  recordQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
};

/** The queries of every test database go through here; recordQueries() listens for a while. */
function createQueryRecorder() {
  let current: string[] | null = null;
  return {
    onQuery: (query: string) => current?.push(query),
    async record<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
      if (current) throw new Error('recordQueries() calls cannot overlap');
      const queries: string[] = [];
      current = queries;
      try {
        return { result: await run(), queries };
      } finally {
        current = null;
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file.
 * - DATABASE_URL set: creates `test_<random>` on that server, migrates it; close() drops it.
 * - otherwise: an in-memory PGlite, migrated. The migrated data directory is cached in the OS temp
 *   folder (keyed by the migrations' content) so later test files skip initdb and migrations.
 */
export async function createTestDatabase(
  options: { migrationsFolder?: string } = {},
): Promise<TestDatabase> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl
    ? createPostgresTestDatabase(databaseUrl, migrationsFolder)
    : createPgliteTestDatabase(migrationsFolder);
}

async function createPostgresTestDatabase(
  databaseUrl: string,
  migrationsFolder: string,
): Promise<TestDatabase> {
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(databaseUrl, migrationsFolder);
  const admin = await connectAdmin(databaseUrl);
  try {
    await admin.query(`CREATE DATABASE "${databaseName}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${databaseName}`;
  const recorder = createQueryRecorder();
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: tmpdir(),
    poolMax: 5,
    onQuery: recorder.onQuery,
  });
  const dropDatabase = async () => {
    const client = await connectAdmin(databaseUrl);
    try {
      await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  try {
    // A no-op on the migrated template's copy; a guard against a stale template.
    await migrateDatabase(handle, migrationsFolder);
  } catch (error) {
    await handle.close();
    await dropDatabase();
    throw error;
  }
  const close = handle.close;
  return {
    ...handle,
    databaseName,
    recordQueries: recorder.record,
    close: async () => {
      await close();
      await dropDatabase();
    },
  };
}

const TEMPLATE_PREFIX = 'test_template_';

/**
 * The name of a migrated template database on the server, created once per set of migrations
 * (its name carries their hash): each test file's database is a copy of it, which is much faster
 * than migrating every one. Workers take turns through an advisory lock; templates of older
 * migrations are dropped.
 */
async function postgresTemplate(databaseUrl: string, migrationsFolder: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash(migrationsFolder, 'postgres')}`;
  const admin = await connectAdmin(databaseUrl);
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [TEMPLATE_PREFIX]);
    const ready = await admin.query(
      'SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate',
      [name],
    );
    if (ready.rowCount) return name;
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%'",
    );
    for (const { datname } of stale.rows) {
      await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: tmpdir(),
      poolMax: 1,
    });
    try {
      await migrateDatabase(handle, migrationsFolder);
    } finally {
      await handle.close();
    }
    await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [TEMPLATE_PREFIX]);
    await admin.end();
  }
}

/** Connects to the database of the URL, or to `postgres` on that server if it does not exist. */
async function connectAdmin(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const url = new URL(databaseUrl);
    url.pathname = '/postgres';
    const fallback = new pg.Client({ connectionString: url.toString() });
    await fallback.connect();
    return fallback;
  }
}

/** A short hash of the migrations (and of what runs them), naming the cached templates. */
function migrationsHash(migrationsFolder: string, engine: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256').update(engine);
  if (engine === 'pglite') {
    try {
      hash.update(
        String(createRequire(import.meta.url)('@electric-sql/pglite/package.json').version),
      );
    } catch {
      hash.update('unknown-pglite');
    }
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.sql') || entry.name === '_journal.json') {
        hash.update(entry.name).update(readFileSync(path));
      }
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

function templateCachePath(migrationsFolder: string): string {
  return join(
    tmpdir(),
    `ad-pglite-test-template-${migrationsHash(migrationsFolder, 'pglite')}.tar.gz`,
  );
}

async function createPgliteTestDatabase(migrationsFolder: string): Promise<TestDatabase> {
  const recorder = createQueryRecorder();
  const onQuery = recorder.onQuery;
  const withRecorder = (handle: DatabaseHandle): TestDatabase => ({
    ...handle,
    recordQueries: recorder.record,
  });
  const cachePath = templateCachePath(migrationsFolder);
  if (existsSync(cachePath)) {
    let handle: DatabaseHandle | undefined;
    try {
      const blob = new Blob([readFileSync(cachePath)]);
      handle = await openDatabase({
        dataDir: tmpdir(),
        inMemory: true,
        loadDataDir: blob,
        onQuery,
      });
      // Re-running is a no-op when up to date, and guards against a stale snapshot.
      await migrateDatabase(handle, migrationsFolder);
      return withRecorder(handle);
    } catch {
      // Corrupt or incompatible snapshot: fall through and rebuild it.
      await handle?.close().catch(() => {});
    }
  }
  const handle = await openDatabase({ dataDir: tmpdir(), inMemory: true, onQuery });
  await migrateDatabase(handle, migrationsFolder);
  if (handle.kind === 'pglite') {
    try {
      const dump = await handle.client.dumpDataDir('gzip');
      const temporary = `${cachePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
      renameSync(temporary, cachePath);
    } catch {
      // The cache is an optimisation only.
    }
  }
  return withRecorder(handle);
}
