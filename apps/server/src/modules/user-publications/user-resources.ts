import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESOURCE_TYPES, type ResourceTypeSlug } from '@ad/contract';
import type { Deletable, MemberList } from '@ad/contract/account/member-content';
import {
  USER_RESOURCES_PATH,
  type ResourceFormValues,
  type ResourceOptions,
  type ResourcePreview,
} from '@ad/contract/account/publications';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { resourceCategories, resources, resourceTypes, thematics } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { checkFormFiles } from '../../platform/uploads/check-form-files.ts';
import {
  formInt,
  formText,
  optionalFormUrl,
  parseForm,
  requiredMessage,
} from '../../platform/uploads/form-fields.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import { moderationStatusFor, pendingPayloads } from '../member-content/submissions.ts';
import { registerPublicationRoutes, type PublicationHandlers } from './publication-routes.ts';
import {
  applyPublicationRevision,
  deletePublication,
  effectiveRow,
  fileChange,
  fileEntries,
  formRichText,
  invalidField,
  loadOwnedPublication,
  saveMemberForm,
  uniqueSlug,
  validateTogether,
  type PublicationEditor,
  type PublicationKind,
  type PublicationRevision,
} from './publication-shared.ts';

/** Columns a member's resource form writes (also the revision payload's `values`). */
export interface ResourceValues {
  categoryId: number;
  thematicId: number;
  typeId: number;
  name: string;
  description: string;
  externalUrl: string | null;
  videoUrl: string | null;
  imageFileId: number | null;
  documentFileId: number | null;
}
export type ResourceRevision = PublicationRevision<ResourceValues>;

export const RESOURCE_MESSAGES = {
  created:
    'Votre ressource a bien été ajoutée, elle est maintenant en cours de modération par notre équipe.',
  updated:
    'Votre ressource a bien été modifiée, elle est maintenant en cours de modération par notre équipe.',
  deleted: 'Votre ressource a bien été supprimée.',
};

const LABELS = {
  external_url: 'lien externe',
  video_url: 'lien de la vidéo',
  document: 'document',
};

const resourceForm = z.object({
  category_id: formInt('catégorie', { min: 1 }),
  thematic_id: formText('thématique', 100),
  type_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(RESOURCE_TYPES, {
      error: (issue) =>
        issue.input === undefined ? requiredMessage('type') : 'Le champ type est invalide.',
    }),
  ),
  name: formText('nom'),
  description: formRichText('description'),
  external_url: optionalFormUrl(LABELS.external_url),
  video_url: optionalFormUrl(LABELS.video_url),
});

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The field each type needs (spec §5): external_url for 'external_url', video_url for 'video',
 * a document for 'file' (on edit, the saved document satisfies it unless it was removed).
 */
function typeRequirements(form: FormObject, hasDocument: boolean): Record<string, string[]> {
  switch (form.type_id) {
    case 'external_url':
      return blank(form.external_url)
        ? { external_url: [requiredMessage(LABELS.external_url)] }
        : {};
    case 'video':
      return blank(form.video_url) ? { video_url: [requiredMessage(LABELS.video_url)] } : {};
    case 'file':
      return hasDocument ? {} : { document: [requiredMessage(LABELS.document)] };
    default:
      return {};
  }
}

const resourceKind: PublicationKind<ResourceValues, ResourceRow> = {
  table: resources,
  subjectType: 'resource',
  messages: RESOURCE_MESSAGES,
  fileIds: (item) => [item.imageFileId, item.documentFileId],
  newSlug: (tx, values) => uniqueSlug(tx, resources, values.name, 'ressource'),
  deletedAuditData: (row) => ({ name: row.name }),
};

const resourceDeletable = (id: number, name: string): Deletable => ({
  label: 'Ressource',
  sentence: 'la ressource',
  name,
  success: RESOURCE_MESSAGES.deleted,
  url: `${USER_RESOURCES_PATH}/${id}`,
});

type ResourceRow = typeof resources.$inferSelect;

const loadOwned = (db: DbOrTx, userId: number, id: number) =>
  loadOwnedPublication(db, resourceKind, userId, id);

/** The three option lists of the form (small reference tables, read whole). */
async function referenceLists(db: DbOrTx) {
  const [categories, thematicRows, typeRows] = await Promise.all([
    db
      .select({ id: resourceCategories.id, name: resourceCategories.name })
      .from(resourceCategories)
      .orderBy(asc(resourceCategories.position), asc(resourceCategories.name)),
    db
      .select({ id: thematics.id, slug: thematics.slug, name: thematics.name })
      .from(thematics)
      .orderBy(asc(thematics.position), asc(thematics.name)),
    db
      .select({ id: resourceTypes.id, slug: resourceTypes.slug, name: resourceTypes.name })
      .from(resourceTypes)
      .orderBy(asc(resourceTypes.position), asc(resourceTypes.name)),
  ]);
  return { categories, thematics: thematicRows, types: typeRows };
}

const slugOption = (row: { slug: string; name: string } | undefined) =>
  row ? { slug: row.slug, name: row.name } : null;

/**
 * Applies an approved revision of a resource to its live row (inside the moderation's
 * transaction); returns the file ids the resource no longer uses, for the caller to discard.
 */
export async function applyResourceRevision(
  tx: Transaction,
  resourceId: number,
  payload: ResourceRevision,
): Promise<number[]> {
  return applyPublicationRevision(tx, resourceKind, resourceId, payload);
}

/** The resource form: its options and the check of a submitted one (member and team, issue 10). */
export function resourceEditor(
  config: Config,
  db: DbOrTx,
): PublicationEditor<ResourceValues, ResourceRow, ResourceOptions> {
  return {
    kind: resourceKind,

    async options(item) {
      const lists = await referenceLists(db);
      const options: ResourceOptions = {
        categories: lists.categories,
        thematics: lists.thematics.map((t) => ({ slug: t.slug, name: t.name })),
        types: lists.types.map((t) => ({ slug: t.slug, name: t.name })),
      };
      if (!item) return options;
      const row = effectiveRow(item.row, item.revision);
      const saved = await fileEntries(db, [row.imageFileId, row.documentFileId]);
      const resource: ResourceFormValues = {
        id: row.id,
        ...moderationStatusFor(item.row.moderationStatus, item.revision !== null),
        category_id: row.categoryId,
        thematic_id: lists.thematics.find((t) => t.id === row.thematicId)?.slug ?? null,
        type_id:
          (lists.types.find((t) => t.id === row.typeId)?.slug as ResourceTypeSlug | undefined) ??
          null,
        name: row.name,
        description: row.description,
        external_url: row.externalUrl,
        video_url: row.videoUrl,
        featured_image: (row.imageFileId && saved.get(row.imageFileId)) || null,
        document: (row.documentFileId && saved.get(row.documentFileId)) || null,
      };
      return { ...options, resource };
    },

    async prepare(form, current) {
      const image = fileChange(form, 'image');
      const documentInput = fileChange(form, 'document');
      const isFileType = form.type_id === 'file';
      const hasDocument =
        documentInput.kind === 'new' ||
        (documentInput.kind === 'kept' && Boolean(current?.documentFileId));
      const [input, checked] = await validateTogether(
        () => parseForm(resourceForm, form),
        () =>
          checkFormFiles(config, [
            ...(image.kind === 'new'
              ? [{ key: 'image', file: image.file, kind: 'image' as const }]
              : []),
            // A document sent with another type is not kept (the type clears it).
            ...(isFileType && documentInput.kind === 'new'
              ? [{ key: 'document', file: documentInput.file, kind: 'pdf' as const }]
              : []),
          ]),
        typeRequirements(form, hasDocument),
      );
      const lists = await referenceLists(db);
      const category = lists.categories.find((c) => c.id === input.category_id);
      const thematic = lists.thematics.find((t) => t.slug === input.thematic_id);
      const type = lists.types.find((t) => t.slug === input.type_id);
      if (!category) throw invalidField('category_id', 'catégorie');
      if (!thematic) throw invalidField('thematic_id', 'thématique');
      if (!type) throw invalidField('type_id', 'type');

      // Spec §4: a type keeps only its own field; the others are cleared (a document sent with
      // another type is not stored).
      const imageUpload = checked.get('image');
      const documentUpload = input.type_id === 'file' ? checked.get('document') : undefined;
      return {
        uploads: [imageUpload, documentUpload].filter((upload) => upload !== undefined),
        build: async (persist, uploadedBy) => {
          const imageFileId = imageUpload
            ? await persist(imageUpload, uploadedBy)
            : image.kind === 'removed'
              ? null
              : (current?.imageFileId ?? null);
          const documentFileId =
            input.type_id !== 'file'
              ? null
              : documentUpload
                ? await persist(documentUpload, uploadedBy)
                : (current?.documentFileId ?? null);
          return {
            categoryId: category.id,
            thematicId: thematic.id,
            typeId: type.id,
            name: input.name,
            description: input.description,
            externalUrl: input.type_id === 'external_url' ? input.external_url : null,
            videoUrl: input.type_id === 'video' ? input.video_url : null,
            imageFileId,
            documentFileId,
          };
        },
      };
    },
  };
}

export function resourceHandlers(app: FastifyInstance, config: Config, db: AppDatabase) {
  const editor = resourceEditor(config, db);
  const handlers: PublicationHandlers = {
    path: USER_RESOURCES_PATH,

    async list(user): Promise<MemberList> {
      const rows = await db
        .select()
        .from(resources)
        .where(eq(resources.userId, user.id))
        .orderBy(desc(resources.updatedAt), desc(resources.id));
      const [revisions, lists] = await Promise.all([
        pendingPayloads<PublicationRevision<ResourceValues>>(
          db,
          'resource',
          rows.map((r) => r.id),
        ),
        referenceLists(db),
      ]);
      return {
        data: rows.map((live) => {
          const revision = revisions.get(live.id);
          const row = effectiveRow(live, revision);
          return {
            id: row.id,
            name: row.name,
            ...moderationStatusFor(row.moderationStatus, revision !== undefined),
            deletable: resourceDeletable(row.id, row.name),
            category: lists.categories.find((c) => c.id === row.categoryId)?.name ?? '',
            type: lists.types.find((t) => t.id === row.typeId)?.name ?? '',
          };
        }),
        extra: {
          count: rows.length,
          attributes: [
            { label: 'Catégorie', key: 'category' },
            { label: 'Type', key: 'type' },
          ],
        },
      };
    },

    options: async (user, id) =>
      editor.options(id === null ? null : await loadOwned(db, user.id, id)),

    async preview(user, id): Promise<ResourcePreview> {
      const { row: live, revision } = await loadOwned(db, user.id, id);
      const row = effectiveRow(live, revision);
      const [saved, lists] = await Promise.all([
        fileEntries(db, [row.imageFileId, row.documentFileId]),
        referenceLists(db),
      ]);
      const image = (row.imageFileId && saved.get(row.imageFileId)) || null;
      const document = (row.documentFileId && saved.get(row.documentFileId)) || null;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        category: lists.categories.find((c) => c.id === row.categoryId) ?? null,
        thematic: slugOption(lists.thematics.find((t) => t.id === row.thematicId)),
        type: slugOption(lists.types.find((t) => t.id === row.typeId)),
        external_url: row.externalUrl,
        video_url: row.videoUrl,
        featured_image: image,
        thumb: image?.thumb_url ?? null,
        resourceFile: document
          ? { file: document.url, filename: document.filename, size: document.size }
          : null,
        ...moderationStatusFor(live.moderationStatus, revision !== null),
        deletable: resourceDeletable(row.id, row.name),
      };
    },

    save: (request, user, id, form) =>
      saveMemberForm(app.fileStore, db, editor, { request, user }, id, form),

    async remove(request, user, id) {
      const owned = await loadOwned(db, user.id, id);
      return deletePublication(resourceKind, app.fileStore, { request, user }, owned);
    },
  };
  return handlers;
}

export const registerUserResources = (app: FastifyInstance, config: Config, db: AppDatabase) =>
  registerPublicationRoutes(app, config, resourceHandlers(app, config, db));
