import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle, DbOrTx } from '../../db/client.ts';

type QueryResult = { rows: unknown[] };

/** pg-boss's `db` option, plus a way to wait until no statement is running (shutdown). */
export interface TrackedExecutor extends PgBoss.Db {
  idle(timeoutMs: number): Promise<void>;
}

/**
 * pg-boss runs its statements on the app's own database connection(s).
 * - PostgreSQL: the node-postgres pool (a statement without values may hold several commands,
 *   which the simple query protocol accepts; the last result is returned).
 * - PGlite: `query` prepares one statement with parameters, `exec` runs several without; pg-boss
 *   sends its schema (and its locked maintenance commands) as one multi-statement text without
 *   values, everything else as one statement with values.
 */
export function databaseExecutor(database: DatabaseHandle): TrackedExecutor {
  const running = new Set<Promise<unknown>>();
  const run = (text: string, values?: unknown[]): Promise<QueryResult> => {
    if (database.kind === 'postgres') {
      return database.client
        .query(text, values as unknown[])
        .then((result) => lastResult(result as unknown as QueryResult | QueryResult[]));
    }
    if (values && values.length > 0) {
      return database.client.query(text, values as unknown[]) as Promise<QueryResult>;
    }
    return database.client.exec(text).then((results) => lastResult(results));
  };
  return {
    executeSql: (text, values) => {
      const promise = run(text, values);
      running.add(promise);
      const forget = () => running.delete(promise);
      promise.then(forget, forget);
      return promise as Promise<{ rows: never[] }>;
    },
    idle: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (running.size > 0 && Date.now() < deadline) {
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
        ]);
      }
    },
  };
}

function lastResult(result: QueryResult | QueryResult[]): QueryResult {
  if (!Array.isArray(result)) return result;
  return result[result.length - 1] ?? { rows: [] };
}

/**
 * Runs pg-boss statements inside an open Drizzle transaction, so that a job exists only if the
 * transaction commits. pg-boss numbers its parameters ($1…, some used twice); each occurrence
 * becomes a Drizzle parameter of its own. (On PGlite the transaction holds the only connection:
 * a job sent outside it while it is open would wait for it forever.)
 */
export function transactionExecutor(tx: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as QueryResult;
      return { rows: result.rows as never[] };
    },
  };
}
