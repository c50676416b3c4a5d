import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deletable, MemberList } from '@ad/contract/account/member-content';
import {
  USER_POSTS_PATH,
  type PostFormValues,
  type PostOptions,
  type PostPreview,
} from '@ad/contract/account/publications';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { postCategories, posts } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { checkFormFiles } from '../../platform/uploads/check-form-files.ts';
import {
  formInt,
  formText,
  optionalFormUrl,
  parseForm,
} from '../../platform/uploads/form-fields.ts';
import { moderationStatusFor, pendingPayloads } from '../member-content/submissions.ts';
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
import { registerPublicationRoutes, type PublicationHandlers } from './publication-routes.ts';

/** Columns a member's post form writes (also the revision payload's `values`). */
export interface PostValues {
  categoryId: number;
  title: string;
  authors: string;
  description: string;
  externalUrl: string | null;
  imageFileId: number | null;
}
export type PostRevision = PublicationRevision<PostValues>;

export const POST_MESSAGES = {
  created:
    'Votre actualité a bien été ajoutée, elle est maintenant en cours de modération par notre équipe.',
  updated:
    'Votre actualité a bien été modifiée, elle est maintenant en cours de modération par notre équipe.',
  deleted: 'Votre actualité a bien été supprimée.',
};

const postForm = z.object({
  category_id: formInt('catégorie', { min: 1 }),
  title: formText('titre'),
  authors: formText('auteurs'),
  description: formRichText('description'),
  external_url: optionalFormUrl('lien externe'),
});

const postKind: PublicationKind<PostValues, PostRow> = {
  table: posts,
  subjectType: 'post',
  messages: POST_MESSAGES,
  fileIds: (item) => [item.imageFileId],
  newSlug: (tx, values) => uniqueSlug(tx, posts, values.title, 'actualite'),
  deletedAuditData: (row) => ({ title: row.title }),
};

const postDeletable = (id: number, title: string): Deletable => ({
  label: 'Actualité',
  sentence: "l'actualité",
  name: title,
  success: POST_MESSAGES.deleted,
  url: `${USER_POSTS_PATH}/${id}`,
});

type PostRow = typeof posts.$inferSelect;

const loadOwned = (db: DbOrTx, userId: number, id: number) =>
  loadOwnedPublication(db, postKind, userId, id);

const categoriesOf = (db: DbOrTx) =>
  db
    .select({ id: postCategories.id, name: postCategories.name })
    .from(postCategories)
    .orderBy(asc(postCategories.position), asc(postCategories.name));

/**
 * Applies an approved revision of a post to its live row (the moderation calls it inside its
 * transaction). Returns the ids of the files the post no longer uses: the caller discards them
 * (`FileTransaction.discard`) so that their bytes go too.
 */
export async function applyPostRevision(
  tx: Transaction,
  postId: number,
  payload: PostRevision,
): Promise<number[]> {
  return applyPublicationRevision(tx, postKind, postId, payload);
}

/** The post form: its options and the check of a submitted one (member and team, issue 10). */
export function postEditor(
  config: Config,
  db: DbOrTx,
): PublicationEditor<PostValues, PostRow, PostOptions> {
  return {
    kind: postKind,

    async options(item) {
      const categories = await categoriesOf(db);
      if (!item) return { categories };
      const row = effectiveRow(item.row, item.revision);
      const images = await fileEntries(db, [row.imageFileId]);
      const resource: PostFormValues = {
        id: row.id,
        ...moderationStatusFor(item.row.moderationStatus, item.revision !== null),
        category_id: row.categoryId,
        title: row.title,
        authors: row.authors,
        description: row.description,
        external_url: row.externalUrl,
        featured_image: (row.imageFileId && images.get(row.imageFileId)) || null,
      };
      return { categories, resource };
    },

    async prepare(form, current) {
      const image = fileChange(form, 'image');
      const [input, checked] = await validateTogether(
        () => parseForm(postForm, form),
        () =>
          checkFormFiles(
            config,
            image.kind === 'new' ? [{ key: 'image', file: image.file, kind: 'image' }] : [],
          ),
      );
      const [category] = await db
        .select({ id: postCategories.id })
        .from(postCategories)
        .where(eq(postCategories.id, input.category_id));
      if (!category) throw invalidField('category_id', 'catégorie');

      return {
        uploads: [...checked.values()],
        build: async (persist, uploadedBy) => {
          const upload = checked.get('image');
          const imageFileId = upload
            ? await persist(upload, uploadedBy)
            : image.kind === 'removed' || !current
              ? null
              : current.imageFileId;
          return {
            categoryId: category.id,
            title: input.title,
            authors: input.authors,
            description: input.description,
            externalUrl: input.external_url,
            imageFileId,
          };
        },
      };
    },
  };
}

export function postHandlers(app: FastifyInstance, config: Config, db: AppDatabase) {
  const editor = postEditor(config, db);
  const handlers: PublicationHandlers = {
    path: USER_POSTS_PATH,

    async list(user: SessionUser): Promise<MemberList> {
      const rows = await db
        .select()
        .from(posts)
        .where(eq(posts.userId, user.id))
        .orderBy(desc(posts.updatedAt), desc(posts.id));
      const [revisions, categories] = await Promise.all([
        pendingPayloads<PublicationRevision<PostValues>>(
          db,
          'post',
          rows.map((r) => r.id),
        ),
        categoriesOf(db),
      ]);
      const categoryName = new Map(categories.map((c) => [c.id, c.name]));
      return {
        data: rows.map((live) => {
          const revision = revisions.get(live.id);
          const row = effectiveRow(live, revision);
          return {
            id: row.id,
            title: row.title,
            ...moderationStatusFor(row.moderationStatus, revision !== undefined),
            deletable: postDeletable(row.id, row.title),
            category: (row.categoryId && categoryName.get(row.categoryId)) ?? '',
          };
        }),
        extra: { count: rows.length, attributes: [{ label: 'Catégorie', key: 'category' }] },
      };
    },

    options: async (user, id) =>
      editor.options(id === null ? null : await loadOwned(db, user.id, id)),

    async preview(user, id): Promise<PostPreview> {
      const { row: live, revision } = await loadOwned(db, user.id, id);
      const row = effectiveRow(live, revision);
      const [images, categories] = await Promise.all([
        fileEntries(db, [row.imageFileId]),
        categoriesOf(db),
      ]);
      const image = (row.imageFileId && images.get(row.imageFileId)) || null;
      const category = categories.find((c) => c.id === row.categoryId) ?? null;
      return {
        id: row.id,
        title: row.title,
        authors: row.authors,
        description: row.description,
        external_url: row.externalUrl,
        featured_image: image,
        thumb: image?.thumb_url ?? null,
        category,
        ...moderationStatusFor(live.moderationStatus, revision !== null),
        deletable: postDeletable(row.id, row.title),
      };
    },

    save: (request, user, id, form) =>
      saveMemberForm(app.fileStore, db, editor, { request, user }, id, form),

    async remove(request, user, id) {
      const owned = await loadOwned(db, user.id, id);
      return deletePublication(postKind, app.fileStore, { request, user }, owned);
    },
  };
  return handlers;
}

export const registerUserPosts = (app: FastifyInstance, config: Config, db: AppDatabase) =>
  registerPublicationRoutes(app, config, postHandlers(app, config, db));
