import type { Database, DatabaseHandle as Handle } from '../db/client.ts';

/** The Drizzle database, whichever driver (node-postgres or PGlite) is behind it. */
export type AppDatabase = Database;

/** The handle opened by db/client.ts (db, ping for /healthz, LISTEN, close). */
export type DatabaseHandle = Pick<Handle, 'db' | 'ping' | 'listen' | 'close'>;

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
