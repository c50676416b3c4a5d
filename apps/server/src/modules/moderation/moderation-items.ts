import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MODERATION_STATUS_LABELS, type ModerationStatus } from '@ad/contract';
import {
  CORRECTABLE_TYPES,
  MODERATION_TYPE_LABELS,
  type ModerationDuplicate,
  type ModerationHistoryEntry,
  type ModerationPerson,
  type ModerationReview,
  type ModerationType,
} from '@ad/contract/account/moderation';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, events, posts, resources, users } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { pendingRevision, type PendingRevision } from '../member-content/submissions.ts';
import { institutionOptions } from '../user-account/institution.ts';
import { foodProcedureKind } from '../user-projects/food-procedures.ts';
import { initiativeKind } from '../user-projects/initiatives.ts';
import { projectService } from '../user-projects/project-service.ts';
import { eventHandlers } from '../user-publications/user-events.ts';
import { postHandlers } from '../user-publications/user-posts.ts';
import { resourceHandlers } from '../user-publications/user-resources.ts';
import { describeFields, FIELD_LABELS, flatten, type FlatState } from './moderation-fields.ts';
import { publicViewOf } from './moderation-public-view.ts';
import { personName } from './moderation-queue.ts';
import { subjectOf } from './moderation-subjects.ts';

/** The moderation columns of an item, whatever its type. */
export interface ModeratedItem {
  type: ModerationType;
  id: number;
  title: string;
  moderationStatus: ModerationStatus;
  moderationComment: string | null;
  userId: number | null;
  updatedAt: Date;
  contactId: number | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The item by its type and id (404 when missing). `lock`: its row stays locked until the
 * transaction ends, so that two decisions about it run one after the other.
 */
export async function findItem(
  db: DbOrTx,
  type: ModerationType,
  id: number,
  { lock = false } = {},
): Promise<ModeratedItem> {
  const subject = subjectOf(type);
  const contact =
    subject.institution === 'contact_id'
      ? sql`contact_id`
      : subject.institution === 'self'
        ? sql`id`
        : sql`NULL::int`;
  const result = await db.execute(sql`
    SELECT id, ${sql.identifier(subject.titleColumn)} AS title, moderation_status, moderation_comment,
      user_id, updated_at, ${contact} AS contact_id
    FROM ${sql.identifier(subject.table)} WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`);
  const row = rowsOf<{
    id: number;
    title: string;
    moderation_status: ModerationStatus;
    moderation_comment: string | null;
    user_id: number | null;
    updated_at: string | Date;
    contact_id: number | null;
  }>(result)[0];
  if (!row) throw notFound();
  return {
    type,
    id: Number(row.id),
    title: row.title,
    moderationStatus: row.moderation_status,
    moderationComment: row.moderation_comment,
    userId: row.user_id === null ? null : Number(row.user_id),
    updatedAt: new Date(row.updated_at),
    contactId: row.contact_id === null ? null : Number(row.contact_id),
  };
}

export const revisionOf = (db: DbOrTx, item: ModeratedItem) =>
  pendingRevision(db, subjectOf(item.type).subjectType, item.id);

/**
 * What a review shows, as a token (ModerationReview `version`): the item's status and last change,
 * and its waiting edit's values. A member's save, a correction or a decision changes it.
 */
export function reviewVersion(
  item: ModeratedItem,
  revision: PendingRevision<Record<string, unknown>> | null,
): string {
  const state = [
    item.moderationStatus,
    item.updatedAt.toISOString(),
    revision?.id ?? null,
    revision?.payload ?? null,
  ];
  return createHash('sha1').update(JSON.stringify(state)).digest('base64url');
}

const pick = (row: Record<string, unknown>, type: ModerationType): FlatState =>
  Object.fromEntries(Object.keys(FIELD_LABELS[type]).map((key) => [key, row[key]]));

/** The live (published, when it is) version of an item as a flat state of its fields. */
export async function liveState(db: DbOrTx, type: ModerationType, id: number): Promise<FlatState> {
  switch (type) {
    case 'initiatives':
      return flatten(await initiativeKind.loadState(db, id));
    case 'food_procedures':
      return flatten(await foodProcedureKind.loadState(db, id));
    default: {
      const table = { posts, events, resources, institutions: contacts }[type];
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row ? pick(row, type) : {};
    }
  }
}

/** The file ids a flat state uses (images, documents, logos). */
export function fileIdsOf(state: FlatState): number[] {
  const ids: number[] = [];
  for (const key of ['imageFileId', 'documentFileId'] as const) {
    if (typeof state[key] === 'number') ids.push(state[key]);
  }
  for (const key of ['logos', 'documents'] as const) {
    const list = state[key];
    if (Array.isArray(list)) ids.push(...list.map((f: { fileId: number }) => f.fileId));
  }
  return ids;
}

async function person(db: DbOrTx, userId: number | null) {
  if (userId === null) return null;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

const toPerson = (row: typeof users.$inferSelect): ModerationPerson => ({
  id: row.id,
  name: personName(row.firstname, row.lastname),
  email: row.email,
});

/**
 * The submission as its author's preview shows it, by the account area's own presenters (which
 * read the item as its owner: the pending revision overlaid). Events and resources do not export
 * theirs yet: null (the `fields` list still shows every field).
 */
async function memberPreview(
  app: FastifyInstance,
  config: Config,
  db: AppDatabase,
  type: ModerationType,
  id: number,
  owner: typeof users.$inferSelect | null,
): Promise<object | null> {
  if (!owner) return null;
  const asOwner: SessionUser = {
    id: owner.id,
    email: owner.email,
    firstname: owner.firstname,
    lastname: owner.lastname,
    role: owner.role,
    contactId: owner.contactId,
  };
  const projects = () => projectService({ config, db, fileStore: () => app.fileStore });
  switch (type) {
    case 'posts':
      return postHandlers(app, config, db).preview(asOwner, id);
    case 'events':
      return eventHandlers(app, config, db).preview(asOwner, id);
    case 'resources':
      return resourceHandlers(app, config, db).preview(asOwner, id);
    case 'initiatives':
      return projects().preview(initiativeKind, id, owner.id);
    case 'food_procedures':
      return projects().preview(foodProcedureKind, id, owner.id);
    case 'institutions':
      return owner.contactId === id ? (await institutionOptions(db, owner.id)).institution : null;
    default:
      return null;
  }
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Soumission',
  update: 'Modification par son auteur',
  delete: 'Suppression',
  publish: 'Publication',
  refuse: 'Refus',
  request_changes: 'Demande de modifications',
  unpublish: 'Dépublication',
  correct: "Correction par l'équipe",
};

/** « Champs corrigés : Titre, Description » of a correction's audit event. */
function correctedFields(
  type: ModerationType,
  data: Record<string, unknown> | null,
): string | null {
  const fields = data?.fields;
  if (!Array.isArray(fields)) return null;
  const labels = fields.map((field) => FIELD_LABELS[type][String(field)] ?? String(field));
  return labels.length ? `Champs corrigés : ${labels.join(', ')}.` : 'Aucun champ modifié.';
}

/** Every audit event of the item, newest first, with the names of who did it. */
async function historyOf(
  db: DbOrTx,
  type: ModerationType,
  id: number,
): Promise<ModerationHistoryEntry[]> {
  const { subjectType } = subjectOf(type);
  const result = await db.execute(sql`
    SELECT a.id, a.action, a.data, a.created_at, a.actor_id, u.firstname, u.lastname
    FROM audit_events a LEFT JOIN users u ON u.id = a.actor_id
    WHERE a.subject_type = ${subjectType} AND a.subject_id = ${String(id)}
    ORDER BY a.created_at DESC, a.id DESC`);
  return rowsOf<{
    id: number;
    action: string;
    data: Record<string, unknown> | null;
    created_at: string | Date;
    actor_id: number | null;
    firstname: string | null;
    lastname: string | null;
  }>(result).map((row) => {
    const verb = row.action.split('.').pop() ?? row.action;
    const comment = row.data?.comment;
    return {
      id: Number(row.id),
      action: row.action,
      label: ACTION_LABELS[verb] ?? row.action,
      actor:
        row.actor_id === null
          ? null
          : { id: Number(row.actor_id), name: personName(row.firstname, row.lastname) },
      comment:
        typeof comment === 'string'
          ? comment
          : row.action === 'moderation.correct'
            ? correctedFields(type, row.data)
            : null,
      created_at: new Date(row.created_at).toISOString(),
    };
  });
}

const SIMILAR_TITLE = 0.4;
const DUPLICATES_LIMIT = 5;

/**
 * Published items of the same type that may be the same thing: a similar title (trigram
 * similarity, accents and case ignored), or for projects the same commune and thematic. The `%`
 * operator (similarity above pg_trgm's threshold, 0.3) lets the title's trigram index find the
 * candidates; `SIMILAR_TITLE` then keeps the closest.
 */
async function duplicatesOf(
  db: DbOrTx,
  type: ModerationType,
  id: number,
  submitted: FlatState,
): Promise<ModerationDuplicate[]> {
  const subject = subjectOf(type);
  const table = sql.identifier(subject.table);
  const titleColumn = sql.identifier(subject.titleColumn);
  const title = String(submitted[subject.titleKey] ?? '');
  const similar = rowsOf<{ id: number; title: string }>(
    await db.execute(sql`
      SELECT id, ${titleColumn} AS title FROM ${table}
      WHERE moderation_status = 'published' AND id <> ${id}
        AND f_unaccent(lower(${titleColumn})) % f_unaccent(lower(${title}))
        AND similarity(f_unaccent(lower(${titleColumn})), f_unaccent(lower(${title}))) > ${SIMILAR_TITLE}
      ORDER BY similarity(f_unaccent(lower(${titleColumn})), f_unaccent(lower(${title}))) DESC, id
      LIMIT ${DUPLICATES_LIMIT}`),
  );
  const found: ModerationDuplicate[] = similar.map((r) => ({
    type,
    id: Number(r.id),
    title: r.title,
    reason: 'title',
  }));

  const communes = Array.isArray(submitted.communeCodes) ? submitted.communeCodes.map(String) : [];
  const thematics =
    type === 'initiatives'
      ? [submitted.thematicId].filter((t) => typeof t === 'number')
      : Array.isArray(submitted.thematicIds)
        ? submitted.thematicIds.filter((t) => typeof t === 'number')
        : [];
  if (communes.length && thematics.length) {
    const query =
      type === 'initiatives'
        ? sql`
          SELECT DISTINCT i.id, i.title FROM initiatives i
          JOIN initiative_communes c ON c.initiative_id = i.id
          WHERE i.moderation_status = 'published' AND i.id <> ${id}
            AND i.thematic_id = ANY(${sql.param(thematics)}::int[])
            AND c.commune_code = ANY(${sql.param(communes)}::text[])
          ORDER BY i.id LIMIT ${DUPLICATES_LIMIT}`
        : type === 'food_procedures'
          ? sql`
          SELECT DISTINCT p.id, p.title FROM food_procedures p
          JOIN food_procedure_communes c ON c.food_procedure_id = p.id
          JOIN food_procedure_thematics t ON t.food_procedure_id = p.id
          WHERE p.moderation_status = 'published' AND p.id <> ${id}
            AND t.thematic_id = ANY(${sql.param(thematics)}::int[])
            AND c.commune_code = ANY(${sql.param(communes)}::text[])
          ORDER BY p.id LIMIT ${DUPLICATES_LIMIT}`
          : null;
    if (query) {
      for (const r of rowsOf<{ id: number; title: string }>(await db.execute(query))) {
        if (found.some((f) => f.id === Number(r.id))) continue;
        found.push({ type, id: Number(r.id), title: r.title, reason: 'place_thematic' });
      }
    }
  }
  return found;
}

/** `GET /api/moderation/items/:type/:id`: everything the review page shows. */
export async function reviewItem(
  app: FastifyInstance,
  config: Config,
  db: AppDatabase,
  type: ModerationType,
  id: number,
  now: Date,
): Promise<ModerationReview> {
  const item = await findItem(db, type, id);
  const revision: PendingRevision<Record<string, unknown>> | null = await revisionOf(db, item);
  const live = await liveState(db, type, id);
  const submitted = revision ? flatten(revision.payload) : live;
  const [owner, described, history, duplicates, institution] = await Promise.all([
    person(db, item.userId),
    describeFields(db, type, submitted, revision ? live : null),
    historyOf(db, type, id),
    duplicatesOf(db, type, id, submitted),
    institutionName(db, item),
  ]);
  const kind = revision ? 'edit' : item.moderationStatus === 'pending' ? 'new' : null;
  return {
    type,
    type_label: MODERATION_TYPE_LABELS[type],
    id,
    kind,
    moderation_status: item.moderationStatus,
    moderation_status_label: MODERATION_STATUS_LABELS[item.moderationStatus],
    moderation_comment: item.moderationComment,
    title: String(submitted[subjectOf(type).titleKey] ?? item.title),
    author: owner ? toPerson(owner) : null,
    institution,
    submitted_at: revision
      ? revision.createdAt.toISOString()
      : kind === 'new'
        ? item.updatedAt.toISOString()
        : null,
    preview: await memberPreview(app, config, db, type, id, owner),
    public_view: await publicViewOf(db, {
      type,
      id,
      revision,
      now,
      projectState: async () =>
        revision?.payload ??
        (type === 'initiatives' ? initiativeKind : foodProcedureKind).loadState(db, id),
    }),
    can_correct: kind !== null && CORRECTABLE_TYPES.some((t) => t === type),
    fields: described.fields,
    changes: described.changes,
    history,
    duplicates,
    version: reviewVersion(item, revision),
  };
}

async function institutionName(db: DbOrTx, item: ModeratedItem): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT c.society_name FROM contacts c
    WHERE c.id = COALESCE(${item.contactId}::int,
      (SELECT u.contact_id FROM users u WHERE u.id = ${item.userId}::int))`);
  return rowsOf<{ society_name: string }>(result)[0]?.society_name ?? null;
}
