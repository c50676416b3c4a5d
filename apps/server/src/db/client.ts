import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PgliteThread } from './pglite-thread.ts';
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

/** Stops listening. */
export type Unlisten = () => Promise<void>;

interface HandleBase {
  db: Database;
  /** Throws if the database does not answer (used by /healthz). */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, whichever connection or instance sent it.
   * PostgreSQL: a dedicated connection that reconnects by itself: `onLost` when it is lost
   * (notifications sent meanwhile are lost), `onReconnect` once it listens again. PGlite: within
   * the process (its thread), never lost.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: (error: unknown) => void,
  ): Promise<Unlisten>;
  close(): Promise<void>;
}

export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PgliteThread })
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
  /** PGlite on disk only: how long to wait for another process's lock (default: until stale). */
  lockWaitMs?: number;
  /** Called with the SQL of every query made through Drizzle (tests count them). */
  onQuery?: (query: string) => void;
  /** PostgreSQL: how often a LISTEN connection proves it still answers (tests shorten it). */
  listenHeartbeat?: ListenHeartbeat;
}

/** A `SELECT 1` every `everyMs` on a LISTEN connection; no answer within `timeoutMs`: lost. */
export interface ListenHeartbeat {
  everyMs: number;
  timeoutMs: number;
}

/**
 * A connection left half-open (a NAT's idle timeout, a failover, a cable) hears nothing and says
 * nothing: TCP keep-alive alone takes about eleven minutes to notice (10 s, then Linux's nine
 * probes 75 s apart). The heartbeat notices within about eight seconds.
 */
const LISTEN_HEARTBEAT: ListenHeartbeat = { everyMs: 5_000, timeoutMs: 3_000 };

/** The extensions PGlite must load so that the migrations' CREATE EXTENSION works. */
const pgliteExtensions = ['unaccent', 'pg_trgm'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg({
      client: pool,
      schema,
      logger: queryLogger(options),
    }) as unknown as Database;
    return {
      kind: 'postgres',
      client: pool,
      db,
      ping: async () => {
        await pool.query('SELECT 1');
      },
      listen: (channel, onNotify, onReconnect, onLost) =>
        listenPostgres(
          options.databaseUrl!,
          options.listenHeartbeat ?? LISTEN_HEARTBEAT,
          channel,
          onNotify,
          onReconnect,
          onLost,
        ),
      close: async () => {
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  let unlock = async () => {};
  if (!options.inMemory) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    const lockPath = join(options.dataDir, 'pglite.lock');
    const wait = options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs };
    const release = await lockDataDir(dataDir, lockPath, wait);
    let released: Promise<void> | undefined;
    unlock = () => (released ??= release());
  }
  // In a worker thread of its own: see pglite-thread.ts.
  const client = await PgliteThread.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  }).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  // Drizzle's PGlite driver uses `query` and `transaction`, which the thread answers as PGlite.
  const db = drizzlePglite({
    client: client as unknown as PGlite,
    schema,
    logger: queryLogger(options),
  }) as unknown as Database;
  return {
    kind: 'pglite',
    client,
    db,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    // The thread's unlisten and close do nothing once the database is closed.
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    // The lock is given back once the database is closed: if closing fails, it stays held until
    // the process ends (then it goes stale).
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}

function queryLogger(options: OpenDatabaseOptions) {
  const { onQuery } = options;
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
}

const LISTEN_RETRY_MS = 1000;

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
async function listenPostgres(
  connectionString: string,
  heartbeat: ListenHeartbeat,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
  onLost?: (error: unknown) => void,
): Promise<Unlisten> {
  let current: pg.Client | null = null;
  let lastError: unknown = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const beat = setInterval(() => {
    const client = current;
    if (!client) return;
    let answered = false;
    const late = setTimeout(() => {
      // After the I/O of this turn of the event loop: an answer that came during a stall of the
      // loop is read first, and a connection that answered is not dropped.
      setImmediate(() => {
        if (answered) return;
        lastError = new Error('LISTEN connection: no answer to the heartbeat');
        // With a query running, end() destroys the socket at once; 'end' then reconnects.
        client.end().catch(() => {});
      });
    }, heartbeat.timeoutMs);
    late.unref();
    client
      .query('SELECT 1')
      .catch(() => {}) // a failed query ends the connection: 'end' handles it
      .finally(() => {
        answered = true;
        clearTimeout(late);
      });
  }, heartbeat.everyMs);
  beat.unref();

  const connect = async (): Promise<void> => {
    // TCP keep-alive: a connection left half-open (a NAT's idle timeout, a failover) ends, and
    // reconnects, instead of waiting for notifications that never come.
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      // The first probe after 10 s of silence (Linux's default waits two hours).
      keepAliveInitialDelayMillis: 10_000,
      // A reconnection to a host that does not answer gives up, and is tried again.
      connectionTimeoutMillis: heartbeat.timeoutMs,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    // A lost connection emits 'error' then 'end': retry until it listens again.
    client.on('error', (error) => {
      lastError = error;
    });
    client.on('end', () => {
      if (current !== client) return; // failed while connecting: reconnect() retries
      current = null;
      if (stopped) return;
      onLost?.(lastError);
      timer = setTimeout(() => void reconnect(), LISTEN_RETRY_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Connected but refused LISTEN (a standby): the connection is not left open.
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      // Closed while it was connecting: it would keep the process alive.
      await client.end().catch(() => {});
      return;
    }
    current = client;
  };
  const reconnect = async () => {
    try {
      await connect();
      if (!stopped) onReconnect?.();
    } catch {
      if (!stopped) timer = setTimeout(() => void reconnect(), LISTEN_RETRY_MS);
    }
  };

  try {
    await connect();
  } catch (error) {
    clearInterval(beat);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(beat);
    // A half-open connection never acknowledges its end: a shutdown does not wait for it.
    let gaveUp: NodeJS.Timeout | undefined;
    await Promise.race([
      current?.end().catch(() => {}),
      new Promise<void>((resolve) => {
        gaveUp = setTimeout(resolve, heartbeat.timeoutMs);
        gaveUp.unref();
      }),
    ]);
    clearTimeout(gaveUp);
  };
}
