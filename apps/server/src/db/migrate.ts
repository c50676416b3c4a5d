import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { LOCK_KEYS, withAdvisoryLock } from './advisory-lock.ts';
import type { DatabaseHandle } from './client.ts';
import { schema } from './client.ts';

/**
 * The migrations folder next to this module: src/db/migrations when run from source, and
 * dist/migrations when bundled into dist/main.js (the build copies the folder there).
 */
export function defaultMigrationsFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder(),
): Promise<void> {
  if (!existsSync(migrationsFolder)) {
    throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  }
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, {
      migrationsFolder,
    });
    return;
  }
  // Several instances may start together: one migrator at a time.
  await withAdvisoryLock(handle.client, LOCK_KEYS.migrations, (client) =>
    migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder }),
  );
}
