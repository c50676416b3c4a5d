import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { recordAudit } from '../../platform/audit.ts';
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
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import {
  deleteRevisions,
  moderationStatusFor,
  ownedOr404,
  pendingRevision,
  submitEdit,
} from '../member-content/submissions.ts';
import {
  droppedFiles,
  fileChange,
  fileEntries,
  formRichText,
  invalidField,
  pendingPayloads,
  uniqueSlug,
  validateTogether,
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

const postDeletable = (id: number, title: string): Deletable => ({
  label: 'Actualité',
  sentence: "l'actualité",
  name: title,
  success: POST_MESSAGES.deleted,
  url: `${USER_POSTS_PATH}/${id}`,
});

type PostRow = typeof posts.$inferSelect;

/** The row as its owner sees it: the pending revision's values over the live ones. */
const effective = (row: PostRow, revision: PostRevision | null | undefined): PostRow =>
  revision ? { ...row, ...revision.values } : row;

async function loadOwned(db: DbOrTx, userId: number, id: number) {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  const owned = ownedOr404(row, userId);
  const revision = await pendingRevision<PostRevision>(db, 'post', id);
  return { row: owned, revision: revision?.payload ?? null };
}

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
  const [row] = await tx
    .select({ imageFileId: posts.imageFileId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!row) return [];
  await tx.update(posts).set(payload.values).where(eq(posts.id, postId));
  return droppedFiles([row.imageFileId], [payload.values.imageFileId]);
}

export function postHandlers(app: FastifyInstance, config: Config, db: AppDatabase) {
  const handlers: PublicationHandlers = {
    path: USER_POSTS_PATH,

    async list(user: SessionUser): Promise<MemberList> {
      const rows = await db
        .select()
        .from(posts)
        .where(eq(posts.userId, user.id))
        .orderBy(desc(posts.updatedAt), desc(posts.id));
      const [revisions, categories] = await Promise.all([
        pendingPayloads<PostValues>(
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
          const row = effective(live, revision);
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

    async options(user, id): Promise<PostOptions> {
      const categories = await categoriesOf(db);
      if (id === null) return { categories };
      const { row: live, revision } = await loadOwned(db, user.id, id);
      const row = effective(live, revision);
      const images = await fileEntries(db, [row.imageFileId]);
      const resource: PostFormValues = {
        id: row.id,
        category_id: row.categoryId,
        title: row.title,
        authors: row.authors,
        description: row.description,
        external_url: row.externalUrl,
        featured_image: (row.imageFileId && images.get(row.imageFileId)) || null,
      };
      return { categories, resource };
    },

    async preview(user, id): Promise<PostPreview> {
      const { row: live, revision } = await loadOwned(db, user.id, id);
      const row = effective(live, revision);
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

    async save(request: FastifyRequest, user, id, form: FormObject) {
      const existing = id === null ? null : await loadOwned(db, user.id, id);
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

      return app.fileStore.transaction(async ({ tx, persist, discard }) => {
        const upload = checked.get('image');
        const current = existing ? effective(existing.row, existing.revision) : null;
        const imageFileId = upload
          ? await persist(upload, user.id)
          : image.kind === 'removed' || !current
            ? null
            : current.imageFileId;
        const values: PostValues = {
          categoryId: category.id,
          title: input.title,
          authors: input.authors,
          description: input.description,
          externalUrl: input.external_url,
          imageFileId,
        };

        if (!existing) {
          const slug = await uniqueSlug(tx, posts, input.title, 'actualite');
          const [created] = await tx
            .insert(posts)
            .values({ ...values, slug, userId: user.id, moderationStatus: 'pending' })
            .returning({ id: posts.id });
          if (!created) throw new Error('post not inserted');
          await recordAudit(tx, {
            actorId: user.id,
            action: 'post.create',
            subjectType: 'post',
            subjectId: created.id,
            ip: request.ip,
          });
          return { message: POST_MESSAGES.created, data: { id: created.id } };
        }

        const { row } = existing;
        const payload: PostRevision = {
          values,
          relations: {},
          files: { added: droppedFiles([imageFileId], [row.imageFileId]) },
        };
        const outcome = await submitEdit(tx, {
          subjectType: 'post',
          item: row,
          authorId: user.id,
          payload,
          applyNow: async () => {
            await tx
              .update(posts)
              .set({ ...values, moderationStatus: 'pending' })
              .where(eq(posts.id, row.id));
            await discard(droppedFiles([row.imageFileId], [imageFileId]));
          },
        });
        if (outcome === 'revision') {
          // Files of the replaced revision that this one does not keep are orphans now.
          await discard(droppedFiles(existing.revision?.files.added ?? [], payload.files.added));
        }
        await recordAudit(tx, {
          actorId: user.id,
          action: 'post.update',
          subjectType: 'post',
          subjectId: row.id,
          data: { outcome },
          ip: request.ip,
        });
        return { message: POST_MESSAGES.updated, data: { id: row.id } };
      });
    },

    async remove(request, user, id) {
      const { row, revision } = await loadOwned(db, user.id, id);
      await app.fileStore.transaction(async ({ tx, discard }) => {
        await tx.delete(posts).where(eq(posts.id, row.id));
        await deleteRevisions(tx, 'post', row.id);
        await discard([...droppedFiles([row.imageFileId], []), ...(revision?.files.added ?? [])]);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'post.delete',
          subjectType: 'post',
          subjectId: row.id,
          data: { title: row.title },
          ip: request.ip,
        });
      });
      return { message: POST_MESSAGES.deleted };
    },
  };
  return handlers;
}

export const registerUserPosts = (app: FastifyInstance, config: Config, db: AppDatabase) =>
  registerPublicationRoutes(app, config, postHandlers(app, config, db));
