import { sql, type SQL } from 'drizzle-orm';

/**
 * A JSON array of `item` for each row of `from` (a `FROM … WHERE …` clause, usually correlated to
 * the outer row), in `order`; `[]` when there is none. A list read in the query of its owner
 * rather than in a query of its own: on PGlite every query is a round trip to its thread, planned
 * anew.
 */
export const jsonList = <T>(item: SQL, from: SQL, order: SQL): SQL<T[]> =>
  sql<T[]>`(SELECT coalesce(json_agg(${item} ORDER BY ${order}), '[]'::json) ${from})`;
