import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { paginatedSchema } from '@ad/contract/schemas';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { idListParam, pageParam } from '../../platform/list-input.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import {
  postCategoryOptionSchema,
  postDetailSchema,
  postListItemSchema,
  presentPostDetail,
  presentPostListItem,
} from './posts.presenter.ts';
import {
  findPublishedPost,
  listPublishedPosts,
  listRelatedPosts,
  listUsedPostCategories,
} from './posts.queries.ts';

export const POSTS_PATH = '/api/posts';

/** Other posts shown under a post ('Ces actualités peuvent vous intéresser...'). */
export const RELATED_POSTS = 3;

export const postsRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  // GET /api/posts/filters (spec public-site §7): the 'Catégories' filter of the news list.
  publicGet(app, deps, {
    path: `${POSTS_PATH}/filters`,
    response: z.object({ categories: z.array(postCategoryOptionSchema) }),
    read: async () => ({ categories: await listUsedPostCategories(db) }),
  });

  // GET /api/posts?page=&categories[]= : published posts, newest first.
  publicGet(app, deps, {
    path: POSTS_PATH,
    input: z.object({ page: pageParam, categories: idListParam }),
    response: paginatedSchema(postListItemSchema),
    read: async ({ page, categories }) => {
      const request = pageRequest(page);
      const { rows, total } = await listPublishedPosts(db, { categories }, request);
      return paginate(
        rows.map(presentPostListItem),
        total,
        request,
        pageLink(POSTS_PATH, { categories }),
      );
    },
  });

  // GET /api/posts/{slug}: a published post and its related posts (spec §7: `post`,
  // `related_posts`); anything else is a 404.
  publicGet(app, deps, {
    path: `${POSTS_PATH}/:slug`,
    input: z.object({ slug: z.string().min(1).max(255) }),
    response: z.object({ post: postDetailSchema, related_posts: z.array(postListItemSchema) }),
    read: async ({ slug }) => {
      const row = await findPublishedPost(db, slug);
      if (!row) throw notFound();
      const related = await listRelatedPosts(db, row, RELATED_POSTS);
      return { post: presentPostDetail(row), related_posts: related.map(presentPostListItem) };
    },
  });
};
