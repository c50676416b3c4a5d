import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { HttpError } from './errors.ts';
import { slugify } from './slug.ts';

/**
 * Helpers of the team's editable tables (reference lists, glossary, FAQ, team, contact
 * thematics): raw rows, slugs made once, and the order the team sets.
 */

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `mot`, else `mot-2`, `mot-3`… free in the `slug` column of `table`. */
export async function freeSlug(
  tx: DbOrTx,
  table: string,
  text: string,
  fallback: string,
): Promise<string> {
  const base = slugify(text, 70) || fallback;
  const taken = new Set(
    rowsOf<{ slug: string }>(
      await tx.execute(sql`SELECT slug FROM ${sql.identifier(table)}
        WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`),
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Swaps the row `id` with its neighbour in `order` (the ids of its list in the public order) and
 * writes the positions 0…n of the list, so that ties of older rows stop mattering. 409 with
 * `cannotMove` when the row is already at that end. Returns its new index. The rows that moved
 * count as updated (`updated_at`): what shows the list in its order, a PDF sheet for one, is
 * made again.
 */
export async function swapInOrder(
  tx: DbOrTx,
  table: string,
  order: number[],
  id: number,
  direction: 'up' | 'down',
  cannotMove: string,
): Promise<number> {
  const index = order.indexOf(id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= order.length) throw new HttpError(409, cannotMove);
  const swapped = [...order];
  [swapped[index], swapped[target]] = [swapped[target]!, swapped[index]!];
  const positions = sql.join(
    swapped.map((rowId, position) => sql`(${rowId}::int, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE ${sql.identifier(table)} AS t SET position = p.position, updated_at = now()
    FROM (VALUES ${positions}) AS p(id, position)
    WHERE t.id = p.id AND t.position IS DISTINCT FROM p.position`);
  return target;
}
