import { and, eq, sql } from 'drizzle-orm';
import { MODERATION_STATUS_LABELS, type ModerationStatus } from '@ad/contract';
import { MODERATED_MEANWHILE_MESSAGE } from '@ad/contract/account/member-content';
import type { DbOrTx } from '../../db/client.ts';
import { revisions, type RevisionSubjectType } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/ordered-rows.ts';
import { MODERATION_SUBJECTS } from '../moderation/moderation-subjects.ts';

/**
 * The moderation lifecycle of what members submit (docs/decisions/0003): a new item is
 * `pending`; an edit of an unpublished item updates it and puts it back to `pending`; an edit of
 * a published item is kept as a pending revision while the published version stays online.
 */

/** A member's own item or 404 (another member's item is never revealed). */
export function ownedOr404<T extends { userId: number | null }>(
  item: T | undefined,
  userId: number,
): T {
  if (!item || item.userId !== userId) throw notFound();
  return item;
}

export interface PendingRevision<P> {
  id: number;
  payload: P;
  createdAt: Date;
}

/** The pending revision of an item, if its owner edited it after publication. */
export async function pendingRevision<P = Record<string, unknown>>(
  db: DbOrTx,
  subjectType: RevisionSubjectType,
  subjectId: number,
): Promise<PendingRevision<P> | null> {
  const [row] = await db
    .select({ id: revisions.id, payload: revisions.payload, createdAt: revisions.createdAt })
    .from(revisions)
    .where(
      and(
        eq(revisions.subjectType, subjectType),
        eq(revisions.subjectId, subjectId),
        eq(revisions.status, 'pending'),
      ),
    );
  return row ? { id: row.id, payload: row.payload as P, createdAt: row.createdAt } : null;
}

/** The pending revisions' payloads of some of a member's items, by item id (dashboard lists). */
export async function pendingPayloads<P>(
  db: DbOrTx,
  subjectType: RevisionSubjectType,
  subjectIds: readonly number[],
): Promise<Map<number, P>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .select({ subjectId: revisions.subjectId, payload: revisions.payload })
    .from(revisions)
    .where(
      and(
        eq(revisions.subjectType, subjectType),
        eq(revisions.status, 'pending'),
        sql`${revisions.subjectId} = ANY(${sql.param([...subjectIds])}::int[])`,
      ),
    );
  return new Map(rows.map((r) => [r.subjectId, r.payload as P]));
}

/** The table of a type of submission (the row a save and a moderation decision lock). */
const tableOf = (subjectType: RevisionSubjectType): string =>
  Object.values(MODERATION_SUBJECTS).find((subject) => subject.subjectType === subjectType)!.table;

/**
 * Saves a member's edit. Published item: the payload becomes (or replaces) its pending revision
 * and nothing public changes; otherwise `applyNow` writes the row and its relations, and the
 * item goes back to `pending`. Returns which of the two happened.
 *
 * The item's row is locked first, as a moderation decision locks it, and read again with its
 * pending revision: when the team decided meanwhile (its status or its waiting edit is not the
 * one the save was built on, `item.moderationStatus` and `revisionId`), nothing is written: 409.
 * The save would otherwise rewrite a revision already approved, or an item just published.
 */
export async function submitEdit<P extends Record<string, unknown>>(
  tx: DbOrTx,
  input: {
    subjectType: RevisionSubjectType;
    item: { id: number; moderationStatus: ModerationStatus };
    /** The pending revision the save was built on (null: none). */
    revisionId: number | null;
    authorId: number;
    payload: P;
    applyNow: () => Promise<void>;
  },
): Promise<'revision' | 'updated'> {
  const [row] = rowsOf<{ moderation_status: ModerationStatus }>(
    await tx.execute(sql`SELECT moderation_status FROM ${sql.identifier(tableOf(input.subjectType))}
      WHERE id = ${input.item.id} FOR UPDATE`),
  );
  const existing = await pendingRevision(tx, input.subjectType, input.item.id);
  if (
    row?.moderation_status !== input.item.moderationStatus ||
    (existing?.id ?? null) !== input.revisionId
  ) {
    throw new HttpError(409, MODERATED_MEANWHILE_MESSAGE);
  }
  if (input.item.moderationStatus !== 'published') {
    await input.applyNow();
    return 'updated';
  }
  if (existing) {
    await tx
      .update(revisions)
      .set({ payload: input.payload, authorId: input.authorId })
      .where(eq(revisions.id, existing.id));
  } else {
    await tx.insert(revisions).values({
      subjectType: input.subjectType,
      subjectId: input.item.id,
      authorId: input.authorId,
      payload: input.payload,
    });
  }
  return 'revision';
}

/**
 * Replaces the payload of an item's pending revision, its author unchanged (the team's correction
 * of a submission, issue 10). False when no revision of the item is pending any more.
 */
export async function replacePendingPayload(
  tx: DbOrTx,
  subjectType: RevisionSubjectType,
  subjectId: number,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const updated = await tx
    .update(revisions)
    .set({ payload })
    .where(
      and(
        eq(revisions.subjectType, subjectType),
        eq(revisions.subjectId, subjectId),
        eq(revisions.status, 'pending'),
      ),
    )
    .returning({ id: revisions.id });
  return updated.length > 0;
}

/** Drops the pending revisions of a deleted item (revisions have no foreign key to it). */
export async function deleteRevisions(
  tx: DbOrTx,
  subjectType: RevisionSubjectType,
  subjectId: number,
): Promise<void> {
  await tx
    .delete(revisions)
    .where(and(eq(revisions.subjectType, subjectType), eq(revisions.subjectId, subjectId)));
}

/**
 * The status label of the dashboard and the previews: a published item with an edit waiting is
 * « En cours de modération » (what the member sees is their edit).
 */
export function moderationStatusFor(
  status: ModerationStatus,
  hasPendingRevision: boolean,
): { moderation_status: ModerationStatus; moderation_status_label: string } {
  const effective = hasPendingRevision ? 'pending' : status;
  return {
    moderation_status: effective,
    moderation_status_label: MODERATION_STATUS_LABELS[effective],
  };
}

/** What the dashboard's delete modal needs (spec account-area §3 'Dashboard list item'). */
export interface Deletable {
  label: string;
  sentence: string;
  name: string;
  success: string;
  url: string;
}

/** `GET /api/user/{type}`: the list and how the dashboard labels its extra attributes. */
export interface MemberList<Item> {
  data: Item[];
  extra: { count: number; attributes: { label: string; key: string }[] };
}
