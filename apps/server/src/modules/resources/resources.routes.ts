import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { paginatedSchema } from '@ad/contract/schemas';
import type { AppDatabase } from '../../platform/database.ts';
import { codeListParam, idListParam, pageParam } from '../../platform/list-input.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { resourceFiltersSchema, resourceSchema } from './resources.presenter.ts';
import {
  readResource,
  readResourceFilters,
  readResources,
  RESOURCES_PATH,
} from './resources.service.ts';

/** 'Les ressources' and the resource page (spec public-site §2, §3, §7). */
export const resourcesRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  publicGet(app, deps, {
    path: `${RESOURCES_PATH}/filters`,
    response: resourceFiltersSchema,
    read: () => readResourceFilters(db),
  });

  publicGet(app, deps, {
    path: RESOURCES_PATH,
    input: z.object({
      page: pageParam,
      subthematics: idListParam,
      types: codeListParam,
      categories: idListParam,
    }),
    response: paginatedSchema(resourceSchema),
    read: (input) => readResources(db, input),
  });

  publicGet(app, deps, {
    path: `${RESOURCES_PATH}/:slug`,
    input: z.object({ slug: z.string().min(1).max(255) }),
    response: z.object({ data: resourceSchema }),
    read: ({ slug }) => readResource(db, slug),
  });
};
