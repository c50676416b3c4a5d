import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deletable, MemberList } from '@ad/contract/account/member-content';
import {
  USER_EVENTS_PATH,
  type EventFormValues,
  type EventOptions,
  type EventPreview,
} from '@ad/contract/account/publications';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { eventCategories, events } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { checkFormFiles } from '../../platform/uploads/check-form-files.ts';
import {
  formDate,
  formInt,
  formText,
  optionalFormDate,
  optionalFormUrl,
  parseForm,
  requiredMessage,
} from '../../platform/uploads/form-fields.ts';
import { moderationStatusFor, pendingPayloads } from '../member-content/submissions.ts';
import { registerPublicationRoutes, type PublicationHandlers } from './publication-routes.ts';
import {
  applyPublicationRevision,
  deletePublication,
  effectiveRow,
  eventDates,
  fileChange,
  fileEntries,
  formRichText,
  invalidField,
  loadOwnedPublication,
  saveMemberForm,
  validateTogether,
  type PublicationEditor,
  type PublicationKind,
  type PublicationRevision,
} from './publication-shared.ts';

/** Columns a member's event form writes (also the revision payload's `values`). */
export interface EventValues {
  categoryId: number;
  title: string;
  startedAt: string;
  endedAt: string | null;
  place: string;
  planner: string;
  description: string;
  externalUrl: string | null;
  imageFileId: number | null;
}
export type EventRevision = PublicationRevision<EventValues>;

export const EVENT_MESSAGES = {
  created:
    'Votre évènement a bien été ajouté, il est maintenant en cours de modération par notre équipe.',
  updated:
    'Votre évènement a bien été modifié, il est maintenant en cours de modération par notre équipe.',
  deleted: 'Votre évènement a bien été supprimé.',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début.',
};

/**
 * Spec §5: every field but external_url is required. ended_at is optional here (the spec gives
 * both readings; a one-day event has no end), but when given it may not precede started_at.
 */
const eventForm = z
  .object({
    category_id: formInt('catégorie', { min: 1 }),
    title: formText('titre'),
    started_at: formDate('date de début'),
    ended_at: optionalFormDate('date de fin'),
    place: formText('lieu'),
    planner: formText('organisateur'),
    description: formRichText('description'),
    external_url: optionalFormUrl('lien externe'),
  })
  .refine((v) => !v.ended_at || v.ended_at >= v.started_at, {
    path: ['ended_at'],
    error: EVENT_MESSAGES.endBeforeStart,
  });

const eventKind: PublicationKind<EventValues, EventRow> = {
  table: events,
  subjectType: 'event',
  messages: EVENT_MESSAGES,
  fileIds: (item) => [item.imageFileId],
  deletedAuditData: (row) => ({ title: row.title }),
};

const eventDeletable = (id: number, title: string): Deletable => ({
  label: 'Évènement',
  sentence: "l'évènement",
  name: title,
  success: EVENT_MESSAGES.deleted,
  url: `${USER_EVENTS_PATH}/${id}`,
});

type EventRow = typeof events.$inferSelect;

const loadOwned = (db: DbOrTx, userId: number, id: number) =>
  loadOwnedPublication(db, eventKind, userId, id);

const categoriesOf = (db: DbOrTx) =>
  db
    .select({ id: eventCategories.id, name: eventCategories.name })
    .from(eventCategories)
    .orderBy(asc(eventCategories.position), asc(eventCategories.name));

/**
 * Applies an approved revision of an event to its live row (inside the moderation's
 * transaction); returns the file ids the event no longer uses, for the caller to discard.
 */
export async function applyEventRevision(
  tx: Transaction,
  eventId: number,
  payload: EventRevision,
): Promise<number[]> {
  return applyPublicationRevision(tx, eventKind, eventId, payload);
}

/** The event form: its options and the check of a submitted one (member and team, issue 10). */
export function eventEditor(
  config: Config,
  db: DbOrTx,
): PublicationEditor<EventValues, EventRow, EventOptions> {
  return {
    kind: eventKind,

    async options(item) {
      const categories = await categoriesOf(db);
      if (!item) return { categories };
      const row = effectiveRow(item.row, item.revision);
      const images = await fileEntries(db, [row.imageFileId]);
      const resource: EventFormValues = {
        id: row.id,
        ...moderationStatusFor(item.row.moderationStatus, item.revision !== null),
        category_id: row.categoryId,
        title: row.title,
        started_at: row.startedAt,
        ended_at: row.endedAt,
        place: row.place,
        planner: row.planner,
        description: row.description,
        external_url: row.externalUrl,
        image: (row.imageFileId && images.get(row.imageFileId)) || null,
      };
      return { categories, resource };
    },

    async prepare(form, current) {
      const image = fileChange(form, 'image');
      // The image is required: on edit the saved one satisfies it unless it was removed.
      const imageMissing =
        image.kind !== 'new' && (image.kind === 'removed' || !current?.imageFileId);
      const [input, checked] = await validateTogether(
        () => parseForm(eventForm, form),
        () =>
          checkFormFiles(
            config,
            image.kind === 'new' ? [{ key: 'image', file: image.file, kind: 'image' }] : [],
          ),
        imageMissing ? { image: [requiredMessage('image')] } : {},
      );
      const [category] = await db
        .select({ id: eventCategories.id })
        .from(eventCategories)
        .where(eq(eventCategories.id, input.category_id));
      if (!category) throw invalidField('category_id', 'catégorie');

      return {
        uploads: [...checked.values()],
        build: async (persist, uploadedBy) => {
          const upload = checked.get('image');
          const imageFileId = upload
            ? await persist(upload, uploadedBy)
            : (current?.imageFileId ?? null);
          return {
            categoryId: category.id,
            title: input.title,
            startedAt: input.started_at,
            endedAt: input.ended_at,
            place: input.place,
            planner: input.planner,
            description: input.description,
            externalUrl: input.external_url,
            imageFileId,
          };
        },
      };
    },
  };
}

export function eventHandlers(app: FastifyInstance, config: Config, db: AppDatabase) {
  const editor = eventEditor(config, db);
  const handlers: PublicationHandlers = {
    path: USER_EVENTS_PATH,

    async list(user): Promise<MemberList> {
      const rows = await db
        .select()
        .from(events)
        .where(eq(events.userId, user.id))
        .orderBy(desc(events.updatedAt), desc(events.id));
      const revisions = await pendingPayloads<PublicationRevision<EventValues>>(
        db,
        'event',
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((live) => {
          const revision = revisions.get(live.id);
          const row = effectiveRow(live, revision);
          return {
            id: row.id,
            title: row.title,
            ...moderationStatusFor(row.moderationStatus, revision !== undefined),
            deletable: eventDeletable(row.id, row.title),
            dates: eventDates(row.startedAt, row.endedAt),
            place: row.place ?? '',
          };
        }),
        extra: {
          count: rows.length,
          attributes: [
            { label: 'Date', key: 'dates' },
            { label: 'Lieu', key: 'place' },
          ],
        },
      };
    },

    options: async (user, id) =>
      editor.options(id === null ? null : await loadOwned(db, user.id, id)),

    async preview(user, id): Promise<EventPreview> {
      const { row: live, revision } = await loadOwned(db, user.id, id);
      const row = effectiveRow(live, revision);
      const [images, categories] = await Promise.all([
        fileEntries(db, [row.imageFileId]),
        categoriesOf(db),
      ]);
      return {
        id: row.id,
        title: row.title,
        started_at: row.startedAt,
        ended_at: row.endedAt,
        place: row.place,
        planner: row.planner,
        description: row.description,
        external_url: row.externalUrl,
        image: (row.imageFileId && images.get(row.imageFileId)) || null,
        category: categories.find((c) => c.id === row.categoryId) ?? null,
        ...moderationStatusFor(live.moderationStatus, revision !== null),
        deletable: eventDeletable(row.id, row.title),
      };
    },

    save: (request, user, id, form) =>
      saveMemberForm(app.fileStore, db, editor, { request, user }, id, form),

    async remove(request, user, id) {
      const owned = await loadOwned(db, user.id, id);
      return deletePublication(eventKind, app.fileStore, { request, user }, owned);
    },
  };
  return handlers;
}

export const registerUserEvents = (app: FastifyInstance, config: Config, db: AppDatabase) =>
  registerPublicationRoutes(app, config, eventHandlers(app, config, db));
