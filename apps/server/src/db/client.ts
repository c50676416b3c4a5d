import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };
export type Schema = typeof schema;

/** A Drizzle database typed with the schema, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` of `db.transaction(async (tx) => …)`. */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What query functions accept: the database or an open transaction. */
export type DbOrTx = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

interface HandleBase {
  db: Database;
  /** Throws if the database does not answer (used by /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PGlite })
  | (HandleBase & { kind: 'postgres'; client: pg.Pool });

export interface OpenDatabaseOptions {
  /** postgres://… — when unset, an embedded PGlite is used. */
  databaseUrl?: string;
  /** Data directory of the app; PGlite files live in `${dataDir}/pglite`. */
  dataDir: string;
  /** PGlite only: keep everything in memory (tests). */
  inMemory?: boolean;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
  /** PGlite only: start from a data directory tarball (see test-db.ts). */
  loadDataDir?: Blob | File;
}

/** The extensions PGlite must load so that the migrations' CREATE EXTENSION works. */
export const pgliteExtensions = { unaccent, pg_trgm };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return {
      kind: 'postgres',
      client: pool,
      db,
      ping: async () => {
        await pool.query('SELECT 1');
      },
      close: async () => {
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'pglite',
    client,
    db,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
