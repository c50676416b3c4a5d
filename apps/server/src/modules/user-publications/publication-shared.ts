import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FileEntry } from '@ad/contract/account/member-content';
import type { DbOrTx } from '../../db/client.ts';
import {
  files,
  posts,
  resources,
  revisions,
  type RevisionSubjectType,
} from '../../db/schema/index.ts';
import { slugify } from '../../db/seed/util.ts';
import { notFound, ValidationError } from '../../platform/errors.ts';
import { publicFileUrl } from '../../platform/file-urls.ts';
import { requiredMessage } from '../../platform/uploads/form-fields.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import { UploadedFile } from '../../platform/uploads/uploaded-file.ts';

/**
 * What the posts, events and resources of the account area share: the revision payload, files
 * as the forms show them, slugs, and the small form rules of the three.
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
          url,
          thumb_url: publicFileUrl(row.thumbStorageKey) ?? url,
          filename: row.originalName,
          size: row.size,
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

/** The pending revisions' payloads of some of a member's items, by item id (dashboard lists). */
export async function pendingPayloads<V>(
  db: DbOrTx,
  subjectType: RevisionSubjectType,
  subjectIds: readonly number[],
): Promise<Map<number, PublicationRevision<V>>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .select({ subjectId: revisions.subjectId, payload: revisions.payload })
    .from(revisions)
    .where(
      and(
        eq(revisions.subjectType, subjectType),
        eq(revisions.status, 'pending'),
        inArray(revisions.subjectId, [...subjectIds]),
      ),
    );
  return new Map(rows.map((r) => [r.subjectId, r.payload as PublicationRevision<V>]));
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
