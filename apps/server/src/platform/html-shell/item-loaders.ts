import { and, eq } from 'drizzle-orm';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import type { AppDatabase } from '../database.ts';

/**
 * Fields of the loaded item that fill the ':placeholder' title and description of a route.
 * The detail screens built so far declare their item through their query instead (web app,
 * app/pages.ts: `item`); these loaders serve the detail routes whose screen is still to come.
 */
export type ShellItem = Record<string, string | null>;

/** undefined: the route has no item; null: the item does not exist or is not published. */
export type ItemLoader = (
  db: AppDatabase,
  params: Record<string, string>,
) => Promise<ShellItem | null>;

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/** `/initiatives/:selectedResourceType/:selectedResource`: type 'initiative' or 'demarche', id (or slug). */
const initiativeItem: ItemLoader = async (db, params) => {
  const type = params.selectedResourceType;
  const key = params.selectedResource ?? '';
  const table =
    type === 'initiative' ? initiatives : type === 'demarche' ? foodProcedures : undefined;
  if (!table) return null;
  const byKey = /^\d{1,9}$/.test(key) ? eq(table.id, Number(key)) : eq(table.slug, key);
  return first(
    await db
      .select({ title: table.title, summary: table.summary })
      .from(table)
      .where(and(byKey, eq(table.moderationStatus, 'published')))
      .limit(1),
  );
};

export const itemLoaders: Record<string, ItemLoader> = {
  'initiative-item': initiativeItem,
};
