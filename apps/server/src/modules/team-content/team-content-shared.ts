import { sql, type SQL } from 'drizzle-orm';
import {
  TEAM_CONTENT_MESSAGES,
  teamContentDoneMessage,
  type TeamContentDeleteResponse,
  type TeamContentKind,
  type TeamContentMoveInput,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { notFound, ValidationError } from '../../platform/errors.ts';
import { rowsOf, swapInOrder } from '../../platform/ordered-rows.ts';
import type { CheckedUpload } from '../../platform/uploads/check-upload.ts';
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

type Lock = 'glossary' | 'faq' | 'team_member' | 'contact_thematic';

/**
 * One change of the team's content: a transaction (with the file store's bookkeeping: a new
 * photo, named in `uploads`, is stored before it opens and removed if the change fails; a
 * replaced one goes after the commit),
 * serialised per screen by an advisory lock (names, slugs and positions are read then written),
 * and the public cache emptied after the commit so that the public pages show it at once (the
 * tables' triggers tell the other instances).
 */
export function changeRunner({ fileStore, contentChanged }: TeamContentDeps) {
  return async function change<T>(
    lock: Lock,
    work: (files: FileTransaction) => Promise<T>,
    uploads: readonly CheckedUpload[] = [],
  ): Promise<T> {
    const result = await fileStore.transaction(async (files) => {
      await files.tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`team-content:${lock}`}))`,
      );
      return work(files);
    }, uploads);
    contentChanged();
    return result;
  };
}

export type Change = ReturnType<typeof changeRunner>;

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

/**
 * Refuses (422 on `column`) a text that another row of `table` already has in `column`, ignoring
 * case and accents.
 */
export async function assertTextFree(
  tx: DbOrTx,
  table: string,
  column: string,
  value: string,
  exceptId: number | null,
  message: string,
): Promise<void> {
  const except = exceptId === null ? sql`` : sql`AND id <> ${exceptId}`;
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM ${identifier(table)}
      WHERE f_unaccent(lower(${identifier(column)})) = f_unaccent(lower(${value})) ${except}
      LIMIT 1`),
  );
  if (rows.length > 0) throw new ValidationError({ [column]: [message] });
}

/** The audit data of a renamed entry: its title, and the previous one when it changed. */
export const titleChange = (before: string, after: string) => ({
  title: after,
  ...(before === after ? {} : { previous_title: before }),
});

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
  return swapInOrder(tx, ordered.table, order, id, direction, TEAM_CONTENT_MESSAGES.cannotMove);
}

/** What the shared steps of a change need to know of one kind of entry. */
export interface EntryKind<R> {
  lock: Lock;
  subject: AuditSubject;
  /** Its screen, which names it in the confirmation messages. */
  screen: TeamContentKind;
  load: (db: DbOrTx, id: number) => Promise<R>;
  /** Its name in the messages and the audit events. */
  title: (row: R) => string;
}

/** The answer to an entry added or modified. */
export function written<R>(
  kind: EntryKind<R>,
  row: R,
  verb: 'ajouté' | 'modifié',
): TeamContentWriteResponse<R> {
  return { message: teamContentDoneMessage(kind.screen, kind.title(row), verb), data: row };
}

/**
 * Deletes an entry: once it is loaded (404), `remove` refuses or deletes what it must, then the
 * event is recorded with its title and `data`.
 */
export async function removeEntry<R>(
  change: Change,
  kind: EntryKind<R>,
  id: number,
  actor: Actor,
  remove: (files: FileTransaction, before: R) => Promise<void>,
  data: (before: R) => Record<string, unknown> = () => ({}),
): Promise<TeamContentDeleteResponse> {
  const title = await change(kind.lock, async (files) => {
    const before = await kind.load(files.tx, id);
    await remove(files, before);
    await audit(files.tx, actor, kind.subject, 'delete', id, {
      title: kind.title(before),
      ...data(before),
    });
    return kind.title(before);
  });
  return { message: teamContentDoneMessage(kind.screen, title, 'supprimé') };
}

/** Moves an entry up or down its list (`groupOf`: its group in `ordered`), see moveInOrder. */
export async function moveEntry<R>(
  change: Change,
  kind: EntryKind<R>,
  ordered: OrderedTable,
  id: number,
  input: TeamContentMoveInput,
  actor: Actor,
  groupOf: (row: R) => number | null = () => null,
): Promise<TeamContentWriteResponse<R>> {
  const row = await change(kind.lock, async ({ tx }) => {
    const current = await kind.load(tx, id);
    const position = await moveInOrder(tx, ordered, id, groupOf(current), input);
    await audit(tx, actor, kind.subject, 'move', id, {
      title: kind.title(current),
      direction: input.direction,
      position,
    });
    return kind.load(tx, id);
  });
  return { message: TEAM_CONTENT_MESSAGES.moved, data: row };
}
