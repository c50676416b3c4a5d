import { and, asc, count, desc, eq, exists, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/files.ts';
import { postCategories, posts } from '../../db/schema/posts.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { PageRequest } from '../../platform/pagination.ts';

const published = eq(posts.moderationStatus, 'published');

/** Newest first; the id breaks ties so that pages never overlap. */
const newestFirst = [desc(posts.publishedAt), desc(posts.id)] as const;

/** The columns of a post card (spec §3 Post (list)): one join each for its category and image. */
const listColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  description: posts.description,
  updatedAt: posts.updatedAt,
  categoryName: postCategories.name,
  imageStorageKey: files.storageKey,
};

function selectCards(db: AppDatabase) {
  return db
    .select(listColumns)
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .leftJoin(files, eq(files.id, posts.imageFileId));
}

export interface PostListRow {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  updatedAt: Date;
  categoryName: string | null;
  imageStorageKey: string | null;
}

/** The categories a visitor can filter by: those with at least one published post. */
export function listUsedPostCategories(db: AppDatabase) {
  return db
    .select({ id: postCategories.id, name: postCategories.name })
    .from(postCategories)
    .where(
      exists(
        db
          .select({ one: posts.id })
          .from(posts)
          .where(and(eq(posts.categoryId, postCategories.id), published)),
      ),
    )
    .orderBy(asc(postCategories.position), asc(postCategories.id));
}

export interface PostFilters {
  categories: readonly number[];
}

function listWhere(filters: PostFilters): SQL | undefined {
  return and(
    published,
    filters.categories.length ? inArray(posts.categoryId, [...filters.categories]) : undefined,
  );
}

/** A page of published posts and the total with the same filters: two queries. */
export async function listPublishedPosts(
  db: AppDatabase,
  filters: PostFilters,
  request: PageRequest,
): Promise<{ rows: PostListRow[]; total: number }> {
  const where = listWhere(filters);
  const [rows, [counted]] = await Promise.all([
    selectCards(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A published post with what its detail shows (spec §3 Post (detail)), or null. */
export async function findPublishedPost(db: AppDatabase, slug: string) {
  const [row] = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      description: posts.description,
      updatedAt: posts.updatedAt,
      externalUrl: posts.externalUrl,
      categoryId: posts.categoryId,
      categoryName: postCategories.name,
      eventStartedAt: posts.eventStartedAt,
      eventEndedAt: posts.eventEndedAt,
      eventPlace: posts.eventPlace,
      eventHour: posts.eventHour,
      imageStorageKey: files.storageKey,
      imageOriginalName: files.originalName,
      imageWidth: files.width,
      imageHeight: files.height,
    })
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .leftJoin(files, eq(files.id, posts.imageFileId))
    .where(and(eq(posts.slug, slug), published))
    .limit(1);
  return row ?? null;
}

export type PostDetailRow = NonNullable<Awaited<ReturnType<typeof findPublishedPost>>>;

/**
 * Up to `limit` other published posts: those of the same category first, then the newest of the
 * others. Two small queries rather than one sorted on "same category": each follows an index
 * (category, then status + published_at) instead of sorting every published post.
 */
export async function listRelatedPosts(
  db: AppDatabase,
  post: { id: number; categoryId: number | null },
  limit = 3,
): Promise<PostListRow[]> {
  const sameCategory =
    post.categoryId === null
      ? []
      : await selectCards(db)
          .where(and(published, eq(posts.categoryId, post.categoryId), ne(posts.id, post.id)))
          .orderBy(...newestFirst)
          .limit(limit);
  if (sameCategory.length >= limit) return sameCategory;
  // Without a category, every other post is a candidate.
  const otherCategories =
    post.categoryId === null
      ? undefined
      : or(isNull(posts.categoryId), ne(posts.categoryId, post.categoryId));
  const others = await selectCards(db)
    .where(and(published, otherCategories, ne(posts.id, post.id)))
    .orderBy(...newestFirst)
    .limit(limit - sameCategory.length);
  return [...sameCategory, ...others];
}
