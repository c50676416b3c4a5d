import { asc, eq } from 'drizzle-orm';
import type {
  ImageEntry,
  InstitutionOptions,
  InstitutionValues,
} from '@ad/contract/account/user-account';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, contactTypes, departements, files, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ValidationError } from '../../platform/errors.ts';
import { publicFileUrl } from '../../platform/file-urls.ts';
import { ALLOWED_IMAGE_MIMES, type CheckedUpload } from '../../platform/uploads/check-upload.ts';
import type { FileTransaction } from '../../platform/uploads/file-store.ts';
import { moderationStatusFor, pendingRevision, submitEdit } from '../member-content/submissions.ts';
import type { InstitutionForm } from './user-account.schemas.ts';

type ContactRow = typeof contacts.$inferSelect;

/** The contact columns a member edits, in the row's shape (also a revision's `values`). */
export type InstitutionColumns = Pick<
  ContactRow,
  | 'typeId'
  | 'societyName'
  | 'societyEmail'
  | 'addressLine1'
  | 'addressLine2'
  | 'postcode'
  | 'city'
  | 'departementCode'
  | 'phone'
  | 'websiteUrl'
  | 'imageFileId'
  | 'displayInDirectory'
  | 'sendAlsoToPersonalEmail'
>;

/** Pending edit of a published institution (docs/decisions/0003). */
export interface InstitutionRevisionPayload extends Record<string, unknown> {
  values: InstitutionColumns;
  relations: Record<string, never>;
  /** The image of the edit (persisted, not linked until the revision is applied). */
  files: { image: { id: number; name: string } | null };
}

/** '33000' -> '33'; overseas '97100' -> '971'; null when that département is not known. */
export async function departementOfPostcode(
  db: DbOrTx,
  postcode: string | null,
): Promise<string | null> {
  const digits = postcode?.replace(/\s/g, '') ?? '';
  if (!/^\d{5}$/.test(digits)) return null;
  const code = digits.startsWith('97') ? digits.slice(0, 3) : digits.slice(0, 2);
  const [row] = await db
    .select({ code: departements.code })
    .from(departements)
    .where(eq(departements.code, code));
  return row?.code ?? null;
}

/** The member's institution: the contact their account points to. */
async function institutionOf(db: DbOrTx, userId: number): Promise<ContactRow | null> {
  const [row] = await db
    .select({ contact: contacts })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, userId));
  return row?.contact ?? null;
}

async function imageEntry(db: DbOrTx, fileId: number | null): Promise<ImageEntry | null> {
  if (fileId === null) return null;
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file) return null;
  const url = publicFileUrl(file.storageKey) ?? '';
  return {
    id: file.id,
    file: url,
    url,
    thumb_url: publicFileUrl(file.thumbStorageKey) ?? url,
    filename: file.originalName,
    size: file.size,
    name: file.originalName,
    type: file.mimeType,
  };
}

function toValues(
  columns: InstitutionColumns,
  status: ReturnType<typeof moderationStatusFor>,
): InstitutionValues {
  return {
    type_id: columns.typeId,
    society_name: columns.societyName,
    society_email: columns.societyEmail,
    address_line_1: columns.addressLine1,
    address_line_2: columns.addressLine2,
    postcode: columns.postcode,
    city: columns.city,
    phone: columns.phone,
    website_url: columns.websiteUrl,
    display_in_directory: columns.displayInDirectory,
    send_also_to_personal_email: columns.sendAlsoToPersonalEmail,
    ...status,
  };
}

/**
 * `GET /api/user/institution/options`: the types, and the institution as the member last
 * submitted it (the pending revision when an edit of the published version waits).
 */
export async function institutionOptions(db: DbOrTx, userId: number): Promise<InstitutionOptions> {
  const types = await db
    .select({ id: contactTypes.id, name: contactTypes.name })
    .from(contactTypes)
    .orderBy(asc(contactTypes.position), asc(contactTypes.name));
  const allowedImageMimes = [...ALLOWED_IMAGE_MIMES];
  const contact = await institutionOf(db, userId);
  if (!contact) return { types, image: null, institution: null, allowedImageMimes };
  const revision = await pendingRevision<InstitutionRevisionPayload>(db, 'contact', contact.id);
  const columns = revision?.payload.values ?? contact;
  return {
    types,
    image: await imageEntry(db, columns.imageFileId),
    institution: toValues(columns, moderationStatusFor(contact.moderationStatus, !!revision)),
    allowedImageMimes,
  };
}

/**
 * Applies an approved edit of an institution (called by the moderation): the live row takes the
 * submitted values and an image replaced by the edit is discarded.
 */
export async function applyContactRevision(
  files: Pick<FileTransaction, 'tx' | 'discard'>,
  contactId: number,
  payload: InstitutionRevisionPayload,
): Promise<void> {
  const [current] = await files.tx
    .select({ imageFileId: contacts.imageFileId })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!current) return;
  await files.tx
    .update(contacts)
    .set({ ...payload.values })
    .where(eq(contacts.id, contactId));
  if (current.imageFileId !== null && current.imageFileId !== payload.values.imageFileId) {
    await files.discard([current.imageFileId]);
  }
}

/** The structure type must exist: checked before the image is stored (422 under `type_id`). */
export async function checkInstitutionType(db: DbOrTx, typeId: number): Promise<void> {
  const [type] = await db
    .select({ id: contactTypes.id })
    .from(contactTypes)
    .where(eq(contactTypes.id, typeId));
  if (!type) {
    throw new ValidationError({ type_id: ['Le champ type de structure est invalide.'] });
  }
}

/**
 * `POST /api/user/institution`: creates the member's institution (pending) or edits it. An edit
 * of the published institution becomes a pending revision (the directory keeps the published
 * version); otherwise the row is updated and goes back to moderation. Runs inside the file
 * store's transaction; its type (`checkInstitutionType`) and `image` have been checked already,
 * and the image named to that transaction.
 */
export async function saveInstitution(
  store: FileTransaction,
  input: { userId: number; form: InstitutionForm; image: CheckedUpload | null; ip: string | null },
): Promise<{ id: number; created: boolean }> {
  const { tx } = store;
  const { userId, form } = input;
  const newImageId = input.image ? await store.persist(input.image, userId) : null;
  const base = {
    typeId: form.type_id,
    societyName: form.society_name,
    societyEmail: form.society_email,
    addressLine1: form.address_line_1,
    addressLine2: form.address_line_2,
    postcode: form.postcode,
    city: form.city,
    departementCode: await departementOfPostcode(tx, form.postcode),
    phone: form.phone,
    websiteUrl: form.website_url,
    displayInDirectory: form.display_in_directory,
    sendAlsoToPersonalEmail: form.send_also_to_personal_email,
  };

  const contact = await institutionOf(tx, userId);
  if (!contact) {
    const [row] = await tx
      .insert(contacts)
      .values({ ...base, imageFileId: newImageId, userId, moderationStatus: 'pending' })
      .returning({ id: contacts.id });
    if (!row) throw new Error('contact not inserted');
    await tx.update(users).set({ contactId: row.id }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: userId,
      action: 'institution.create',
      subjectType: 'contact',
      subjectId: row.id,
      ip: input.ip,
    });
    return { id: row.id, created: true };
  }

  const revision = await pendingRevision<InstitutionRevisionPayload>(tx, 'contact', contact.id);
  // The image the member saw in the form: the waiting edit's, else the live one.
  const shownImageId = revision ? revision.payload.values.imageFileId : contact.imageFileId;
  const imageFileId = newImageId ?? (form.delete_image ? null : shownImageId);
  const values: InstitutionColumns = { ...base, imageFileId };
  // An image of a replaced waiting edit was never linked: nothing else uses it.
  const orphan =
    revision && shownImageId !== null && shownImageId !== contact.imageFileId ? shownImageId : null;
  const image =
    imageFileId === null
      ? null
      : { id: imageFileId, name: input.image?.file.filename ?? String(imageFileId) };

  await submitEdit(tx, {
    subjectType: 'contact',
    item: { id: contact.id, moderationStatus: contact.moderationStatus },
    revisionId: revision?.id ?? null,
    authorId: userId,
    payload: { values, relations: {}, files: { image } } satisfies InstitutionRevisionPayload,
    applyNow: async () => {
      await tx
        .update(contacts)
        .set({ ...values, moderationStatus: 'pending' })
        .where(eq(contacts.id, contact.id));
      if (contact.imageFileId !== null && contact.imageFileId !== imageFileId) {
        await store.discard([contact.imageFileId]);
      }
    },
  });
  if (orphan !== null && orphan !== imageFileId) await store.discard([orphan]);
  await recordAudit(tx, {
    actorId: userId,
    action: 'institution.update',
    subjectType: 'contact',
    subjectId: contact.id,
    ip: input.ip,
  });
  return { id: contact.id, created: false };
}
