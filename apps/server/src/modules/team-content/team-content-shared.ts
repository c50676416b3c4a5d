import { sql, type SQL } from 'drizzle-orm';
import {
  TEAM_CONTENT_MESSAGES,
  type TeamContentMoveInput,
} from '@ad/contract/account/team-content';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { slugify } from '../../platform/slug.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { FileStore, FileTransaction } from '../../platform/uploads/file-store.ts';

/** Who changes the content: the audit event's actor and address. */
export interface Actor {
  user: SessionUser;
  ip: string | null;
}

export interface TeamContentDeps {
  fileStore: FileStore;
  /** Empties the public cache of this instance (after each commit). */
  contentChanged: () => void;
}

/** The audit subject of each kind: `glossary.create`, `faq_item.move`… */
export type AuditSubject =
  'glossary' | 'faq_category' | 'faq_item' | 'team_member' | 'contact_thematic';

export type Verb = 'create' | 'update' | 'delete' | 'move';

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * One change of the team's content: a transaction (with the file store's bookkeeping, so that a
 * photo written for a failed change is removed and a replaced one goes after the commit),
 * serialised per screen by an advisory lock (names, slugs and positions are read then written),
 * and the public cache emptied after the commit so that the public pages show it at once (the
 * tables' triggers tell the other instances).
 */
export function changeRunner({ fileStore, contentChanged }: TeamContentDeps) {
  return async function change<T>(
    lock: 'glossary' | 'faq' | 'team_member' | 'contact_thematic',
    work: (files: FileTransaction) => Promise<T>,
  ): Promise<T> {
    const result = await fileStore.transaction(async (files) => {
      await files.tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`team-content:${lock}`}))`,
      );
      return work(files);
    });
    contentChanged();
    return result;
  };
}

export function audit(
  tx: Transaction,
  actor: Actor,
  subject: AuditSubject,
  verb: Verb,
  id: number,
  data: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, {
    actorId: actor.user.id,
    action: `${subject}.${verb}`,
    subjectType: subject,
    subjectId: id,
    data,
    ip: actor.ip,
  });
}

/** A row that must exist: 404 otherwise. */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}

const identifier = (name: string) => sql.identifier(name);

/** Whether another row of `table` has this text in `column`, ignoring case and accents. */
export async function textTaken(
  tx: DbOrTx,
  table: string,
  column: string,
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  const except = exceptId === null ? sql`` : sql`AND id <> ${exceptId}`;
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM ${identifier(table)}
      WHERE f_unaccent(lower(${identifier(column)})) = f_unaccent(lower(${value})) ${except}
      LIMIT 1`),
  );
  return rows.length > 0;
}

/** `mot`, else `mot-2`, `mot-3`… free in `table` (slugs are made once and kept on edits). */
export async function freeSlug(
  tx: DbOrTx,
  table: string,
  text: string,
  fallback: string,
): Promise<string> {
  const base = slugify(text, 70) || fallback;
  const taken = new Set(
    rowsOf<{ slug: string }>(
      await tx.execute(sql`SELECT slug FROM ${identifier(table)}
        WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`),
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** An ordered table, optionally ordered within a group (the FAQ's questions per category). */
export interface OrderedTable {
  table: string;
  group?: string;
}

const groupFilter = (ordered: OrderedTable, groupValue: number | null): SQL =>
  ordered.group ? sql`WHERE ${identifier(ordered.group)} = ${groupValue}` : sql``;

/** The position after the last row (of the group). */
export async function nextPosition(
  tx: DbOrTx,
  ordered: OrderedTable,
  groupValue: number | null = null,
): Promise<number> {
  const [row] = rowsOf<{ next: number }>(
    await tx.execute(sql`SELECT COALESCE(max(position) + 1, 0)::int AS next
      FROM ${identifier(ordered.table)} ${groupFilter(ordered, groupValue)}`),
  );
  return row?.next ?? 0;
}

/**
 * Swaps a row with its neighbour in the public order (position, then id); the positions of the
 * list (or group) are renumbered 0…n on the way, so that ties of older rows stop mattering.
 * 409 when the row is already at that end. Returns its new index.
 */
export async function moveInOrder(
  tx: DbOrTx,
  ordered: OrderedTable,
  id: number,
  groupValue: number | null,
  { direction }: TeamContentMoveInput,
): Promise<number> {
  const order = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM ${identifier(ordered.table)}
      ${groupFilter(ordered, groupValue)} ORDER BY position, id`),
  ).map((row) => row.id);
  const index = order.indexOf(id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= order.length) {
    throw new HttpError(409, TEAM_CONTENT_MESSAGES.cannotMove);
  }
  [order[index], order[target]] = [order[target]!, order[index]!];
  const positions = sql.join(
    order.map((rowId, position) => sql`(${rowId}::int, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE ${identifier(ordered.table)} AS t SET position = p.position
    FROM (VALUES ${positions}) AS p(id, position)
    WHERE t.id = p.id AND t.position IS DISTINCT FROM p.position`);
  return target;
}
