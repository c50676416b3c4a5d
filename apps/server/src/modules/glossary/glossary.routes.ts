import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDatabase } from '../../platform/database.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { glossaryByLetterSchema, presentGlossary } from './glossary.presenter.ts';
import { listGlossaryEntries } from './glossary.queries.ts';

export const glossaryRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  // GET /api/glossary (spec public-site §7): every entry, grouped by letter.
  publicGet(app, deps, {
    path: '/api/glossary',
    response: z.object({ data: glossaryByLetterSchema }),
    read: async () => ({ data: presentGlossary(await listGlossaryEntries(db)) }),
  });
};
