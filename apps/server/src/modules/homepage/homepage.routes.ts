import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HOME_FIRST_POSTS, HOME_LAST_POSTS } from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { pageRequest } from '../../platform/pagination.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { postListItemSchema, presentPostListItem } from '../posts/posts.presenter.ts';
import { listPublishedPosts } from '../posts/posts.queries.ts';

/**
 * GET /api/homepage (spec §7): `posts`, the latest published posts, enough for the home page's
 * 'Latest news' (the 2 first, then up to 3 more: spec §9).
 */
export const homepageRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  publicGet(app, deps, {
    path: '/api/homepage',
    response: z.object({ posts: z.array(postListItemSchema) }),
    read: async () => {
      const { rows } = await listPublishedPosts(
        db,
        { categories: [] },
        pageRequest(1, HOME_FIRST_POSTS + HOME_LAST_POSTS),
      );
      return { posts: rows.map(presentPostListItem) };
    },
  });
};
