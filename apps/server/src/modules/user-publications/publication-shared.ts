import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FileEntry, SavedResponse } from '@ad/contract/account/member-content';
import type { DbOrTx } from '../../db/client.ts';
import { events, files, posts, resources } from '../../db/schema/index.ts';
import { slugify } from '../../platform/slug.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { notFound, ValidationError } from '../../platform/errors.ts';
import { publicFileUrl } from '../../platform/file-urls.ts';
import { requiredMessage } from '../../platform/uploads/form-fields.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import type { CheckedUpload } from '../../platform/uploads/check-upload.ts';
import type { FileStore, FileTransaction } from '../../platform/uploads/file-store.ts';
import { UploadedFile } from '../../platform/uploads/uploaded-file.ts';
import {
  deleteRevisions,
  ownedOr404,
  pendingRevision,
  replacePendingPayload,
  submitEdit,
} from '../member-content/submissions.ts';

/**
 * What the posts, events and resources of the account area share: the revision payload, files
 * as the forms show them, slugs, the small form rules of the three, and their create / edit /
 * delete writes.
 */

/**
 * The payload of a pending revision (docs/decisions/0003): the row's new column values (in the
 * row's shape, files included as ids) and the files uploaded for it, stored but not yet linked.
 */
export interface PublicationRevision<V> {
  values: V;
  relations: Record<string, never>;
  files: { added: number[] };
  [key: string]: unknown;
}

/** `:id` of a member route; anything that is not an id cannot be an item: 404. */
export function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** Rich text from the editor, sanitised before the required check (an empty editor sends `<p></p>`). */
export const formRichText = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (sanitizeRichText(value) ?? undefined) : value),
    z
      .string({ error: requiredMessage(label) })
      .max(100_000, { error: `Le champ ${label} est trop long.` }),
  );

/**
 * A file input of an edit form: a new file, `''` (the member removed the saved file) or absent
 * (the saved file is kept). Create forms send `''` when no file was chosen.
 */
export type FileChange =
  { kind: 'new'; file: UploadedFile } | { kind: 'removed' } | { kind: 'kept' };

export function fileChange(form: FormObject, key: string): FileChange {
  if (!(key in form)) return { kind: 'kept' };
  const value = form[key];
  if (value instanceof UploadedFile) return { kind: 'new', file: value };
  return { kind: 'removed' };
}

export const invalidField = (key: string, label: string) =>
  new ValidationError({ [key]: [`Le champ ${label} est invalide.`] });

/** Saved files as the forms and previews show them, by id. */
export async function fileEntries(
  db: DbOrTx,
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, FileEntry>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: files.id,
      storageKey: files.storageKey,
      thumbStorageKey: files.thumbStorageKey,
      originalName: files.originalName,
      size: files.size,
      mimeType: files.mimeType,
    })
    .from(files)
    .where(inArray(files.id, wanted));
  return new Map(
    rows.map((row) => {
      const url = publicFileUrl(row.storageKey) ?? '';
      return [
        row.id,
        {
          id: row.id,
          file: url,
          url,
          thumb_url: publicFileUrl(row.thumbStorageKey) ?? url,
          filename: row.originalName,
          size: row.size,
          ...(row.mimeType.startsWith('image/')
            ? { name: row.originalName, type: row.mimeType }
            : {}),
        },
      ];
    }),
  );
}

/**
 * A slug free in `table` for `text`: `mon-titre`, else `mon-titre-2`, `mon-titre-3`… (one query
 * reads every taken candidate).
 */
export async function uniqueSlug(
  db: DbOrTx,
  table: typeof posts | typeof resources,
  text: string,
  fallback: string,
): Promise<string> {
  const base = slugify(text, 70) || fallback;
  const taken = await db
    .select({ slug: table.slug })
    .from(table)
    .where(or(eq(table.slug, base), like(table.slug, `${base}-%`)));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** File ids of `before` that `after` no longer uses (replaced or removed files). */
export function droppedFiles(
  before: readonly (number | null | undefined)[],
  after: readonly (number | null | undefined)[],
): number[] {
  const kept = new Set(after.filter((id): id is number => typeof id === 'number'));
  return before.filter((id): id is number => typeof id === 'number' && !kept.has(id));
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '03 mars 2027' (DD MMMM YYYY, spec §9) of a YYYY-MM-DD calendar day. */
export const frenchDate = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

/** The dashboard's « Date » of an event: « du 03 mars 2027 au 05 mars 2027 » or one day. */
export function eventDates(startedAt: string, endedAt: string | null): string {
  if (!endedAt || endedAt === startedAt) return frenchDate(startedAt);
  return `du ${frenchDate(startedAt)} au ${frenchDate(endedAt)}`;
}

/**
 * Runs the form's field validation and its file checks, and reports the errors of both at once
 * (a member who forgot the title and chose a bad image learns both in one go).
 */
export async function validateTogether<A, B>(
  parse: () => A,
  check: () => Promise<B>,
  extraErrors: Record<string, string[]> = {},
): Promise<[A, B]> {
  const errors: Record<string, string[]> = {};
  let parsed: A | undefined;
  let checked: B | undefined;
  try {
    parsed = parse();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  try {
    checked = await check();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  for (const [key, messages] of Object.entries(extraErrors)) errors[key] ??= messages;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return [parsed as A, checked as B];
}

/** The tables of the three types: they share `id`, `userId`, `moderationStatus` and the files. */
type PublicationTable = typeof posts | typeof events | typeof resources;
type PublicationRow = PublicationTable['$inferSelect'];

/** What the create, edit and delete of one type need to know about it. */
export interface PublicationKind<V extends object, R extends PublicationRow> {
  /** The table whose rows are `R` (the helpers below read its rows as `R`). */
  table: Extract<PublicationTable, { $inferSelect: R }>;
  subjectType: 'post' | 'event' | 'resource';
  messages: { created: string; updated: string; deleted: string };
  /** The file columns of a row or of the form's values (the files that go with the item). */
  fileIds(item: V | R): (number | null)[];
  /** The slug of a new item, for the types that have one in their public URL. */
  newSlug?(tx: DbOrTx, values: V): Promise<string>;
  /** What the delete's audit event keeps of the item (its title or name). */
  deletedAuditData(row: R): Record<string, unknown>;
}

/** A member's own item and its pending revision, if any. */
export interface OwnedPublication<R, V> {
  row: R;
  revision: PublicationRevision<V> | null;
  /** The pending revision's id (null: none). */
  revisionId: number | null;
}

interface PublicationWrite {
  files: Pick<FileTransaction, 'tx' | 'discard'>;
  request: FastifyRequest;
  user: SessionUser;
}

/** The revision payload of an edit of a published row: its values and the files it adds. */
function revisionPayload<V extends object, R extends PublicationRow>(
  kind: PublicationKind<V, R>,
  row: R,
  values: V,
): PublicationRevision<V> {
  return {
    values,
    relations: {},
    files: { added: droppedFiles(kind.fileIds(values), kind.fileIds(row)) },
  };
}

/**
 * Saves a member's form inside its file transaction, with its audit event: a new item is
 * inserted `pending`; an edit goes through `submitEdit` (docs/decisions/0003). The files the
 * edit no longer uses, and those of a replaced revision it does not keep, are discarded.
 */
export async function savePublication<V extends object, R extends PublicationRow>(
  kind: PublicationKind<V, R>,
  { files: { tx, discard }, request, user }: PublicationWrite,
  existing: OwnedPublication<R, V> | null,
  values: V,
): Promise<Required<SavedResponse>> {
  const { subjectType } = kind;
  const table: PublicationTable = kind.table;
  if (!existing) {
    const slug = kind.newSlug ? { slug: await kind.newSlug(tx, values) } : {};
    const [created] = await tx
      .insert(table)
      .values({ ...values, ...slug, userId: user.id, moderationStatus: 'pending' })
      .returning({ id: table.id });
    if (!created) throw new Error(`${subjectType} not inserted`);
    await recordAudit(tx, {
      actorId: user.id,
      action: `${subjectType}.create`,
      subjectType,
      subjectId: created.id,
      ip: request.ip,
    });
    return { message: kind.messages.created, data: { id: created.id } };
  }

  const { row } = existing;
  const fileIds = kind.fileIds(values);
  const liveFileIds = kind.fileIds(row);
  const payload = revisionPayload(kind, row, values);
  const outcome = await submitEdit(tx, {
    subjectType,
    item: row,
    revisionId: existing.revisionId,
    authorId: user.id,
    payload,
    applyNow: async () => {
      await tx
        .update(table)
        .set({ ...values, moderationStatus: 'pending' })
        .where(eq(table.id, row.id));
      await discard(droppedFiles(liveFileIds, fileIds));
    },
  });
  if (outcome === 'revision') {
    // Files of the replaced revision that this one does not keep are orphans now.
    await discard(droppedFiles(existing.revision?.files.added ?? [], payload.files.added));
  }
  await recordAudit(tx, {
    actorId: user.id,
    action: `${subjectType}.update`,
    subjectType,
    subjectId: row.id,
    data: { outcome },
    ip: request.ip,
  });
  return { message: kind.messages.updated, data: { id: row.id } };
}

/**
 * A member's create (`id` null) or edit of their own item through the type's editor: every check
 * first, then the save in one file transaction.
 */
export async function saveMemberForm<V extends object, R extends PublicationRow, O extends object>(
  fileStore: FileStore,
  db: DbOrTx,
  editor: PublicationEditor<V, R, O>,
  { request, user }: Omit<PublicationWrite, 'files'>,
  id: number | null,
  form: FormObject,
): Promise<Required<SavedResponse>> {
  const existing = id === null ? null : await loadOwnedPublication(db, editor.kind, user.id, id);
  const prepared = await editor.prepare(
    form,
    existing ? effectiveRow(existing.row, existing.revision) : null,
  );
  return fileStore.transaction(
    async ({ tx, persist, discard }) =>
      savePublication(
        editor.kind,
        { files: { tx, discard }, request, user },
        existing,
        await prepared.build(persist, user.id),
      ),
    prepared.uploads,
  );
}

/**
 * Deletes a member's item with its pending revision and every file of both, and records the
 * audit event, in one file transaction.
 */
export async function deletePublication<V extends object, R extends PublicationRow>(
  kind: PublicationKind<V, R>,
  fileStore: FileStore,
  { request, user }: Omit<PublicationWrite, 'files'>,
  { row, revision }: OwnedPublication<R, V>,
): Promise<{ message: string }> {
  const { subjectType } = kind;
  const table: PublicationTable = kind.table;
  await fileStore.transaction(async ({ tx, discard }) => {
    await tx.delete(table).where(eq(table.id, row.id));
    await deleteRevisions(tx, subjectType, row.id);
    await discard([...droppedFiles(kind.fileIds(row), []), ...(revision?.files.added ?? [])]);
    await recordAudit(tx, {
      actorId: user.id,
      action: `${subjectType}.delete`,
      subjectType,
      subjectId: row.id,
      data: kind.deletedAuditData(row),
      ip: request.ip,
    });
  });
  return { message: kind.messages.deleted };
}

/** A member's own item of `kind` with its pending revision, or 404. */
export async function loadOwnedPublication<V extends object, R extends PublicationRow>(
  db: DbOrTx,
  kind: PublicationKind<V, R>,
  userId: number,
  id: number,
): Promise<OwnedPublication<R, V>> {
  const owned = ownedOr404(await findPublicationRow(db, kind, id), userId);
  const revision = await pendingRevision<PublicationRevision<V>>(db, kind.subjectType, id);
  return { row: owned, revision: revision?.payload ?? null, revisionId: revision?.id ?? null };
}

/** An item of `kind` with its pending revision, whoever submitted it (the team's back office), or 404. */
export async function loadPublication<V extends object, R extends PublicationRow>(
  db: DbOrTx,
  kind: PublicationKind<V, R>,
  id: number,
): Promise<OwnedPublication<R, V>> {
  const row = await findPublicationRow(db, kind, id);
  if (!row) throw notFound();
  const revision = await pendingRevision<PublicationRevision<V>>(db, kind.subjectType, id);
  return { row, revision: revision?.payload ?? null, revisionId: revision?.id ?? null };
}

async function findPublicationRow<V extends object, R extends PublicationRow>(
  db: DbOrTx,
  kind: PublicationKind<V, R>,
  id: number,
): Promise<R | undefined> {
  const table: PublicationTable = kind.table;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  // `kind.table` is the table of `R` (its type says so), which drizzle cannot see through the union.
  return row as R | undefined;
}

/**
 * How a type's form reads, for the member's routes and the team's corrections (issue 10): its
 * option lists and the check of a submitted form.
 */
export interface PublicationEditor<V extends object, R extends PublicationRow, O extends object> {
  kind: PublicationKind<V, R>;
  /**
   * The form's option lists; given an item, also its values as the form shows them (`resource`):
   * those of its pending revision when there is one.
   */
  options(item: OwnedPublication<R, V> | null): Promise<O>;
  /**
   * Checks a submitted form against the item's current values (`null` on create): a 422 with
   * every error at once, nothing written. The result names the new files and builds the values
   * inside the file transaction, recording them.
   */
  prepare(form: FormObject, current: R | null): Promise<PreparedValues<V>>;
}

/**
 * A checked form: its new files (stored before the file transaction opens), and how to build its
 * values inside that transaction (the new files are recorded by `persist`).
 */
export interface PreparedValues<V> {
  uploads: CheckedUpload[];
  build(persist: FileTransaction['persist'], uploadedBy: number): Promise<V>;
}

/**
 * The team's correction of a pending submission (issue 10), inside its file transaction: a new
 * item's row takes the values and stays pending (its owner and its date, hence its place in the
 * queue, unchanged); the pending revision of a published item takes them as its payload, the
 * live row untouched. The files the correction no longer uses are discarded. False when the item
 * no longer waits (decided meanwhile): nothing was written.
 */
export async function correctPublication<V extends object, R extends PublicationRow>(
  kind: PublicationKind<V, R>,
  { tx, discard }: Pick<FileTransaction, 'tx' | 'discard'>,
  { row, revision }: OwnedPublication<R, V>,
  values: V,
): Promise<boolean> {
  if (revision) {
    const payload = revisionPayload(kind, row, values);
    if (!(await replacePendingPayload(tx, kind.subjectType, row.id, payload))) return false;
    await discard(droppedFiles(revision.files.added, payload.files.added));
    return true;
  }
  const table: PublicationTable = kind.table;
  const updated = await tx
    .update(table)
    .set({ ...values, updatedAt: sql`updated_at` })
    .where(and(eq(table.id, row.id), eq(table.moderationStatus, 'pending')))
    .returning({ id: table.id });
  if (updated.length === 0) return false;
  await discard(droppedFiles(kind.fileIds(row), kind.fileIds(values)));
  return true;
}

/** The row as its owner sees it: the pending revision's values over the live ones. */
export const effectiveRow = <V extends object, R extends PublicationRow>(
  row: R,
  revision: PublicationRevision<V> | null | undefined,
): R => (revision ? { ...row, ...revision.values } : row);

/**
 * Applies an approved revision to its live row (the moderation calls it inside its
 * transaction). Returns the ids of the files the item no longer uses: the caller discards them
 * (`FileTransaction.discard`) so that their bytes go too.
 */
export async function applyPublicationRevision<V extends object, R extends PublicationRow>(
  tx: DbOrTx,
  kind: PublicationKind<V, R>,
  id: number,
  payload: PublicationRevision<V>,
): Promise<number[]> {
  const table: PublicationTable = kind.table;
  const [row] = await tx.select().from(table).where(eq(table.id, id));
  if (!row) return [];
  await tx.update(table).set(payload.values).where(eq(table.id, id));
  return droppedFiles(kind.fileIds(row as R), kind.fileIds(payload.values));
}
