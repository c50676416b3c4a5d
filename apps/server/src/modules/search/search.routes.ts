import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FIELD_INVALID_MESSAGE, MAX_SEARCH_QUERY_LENGTH, SEARCH_TYPES } from '@ad/contract';
import { paginatedSchema } from '@ad/contract/schemas';
import type { AppDatabase } from '../../platform/database.ts';
import { pageParam } from '../../platform/list-input.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import {
  presentSearchFilters,
  searchFiltersSchema,
  searchResultSchema,
} from './search.presenter.ts';
import { search } from './search.service.ts';

/** Nightly rebuild of the search lexicon from the content (the triggers keep it exact already). */
export const SEARCH_LEXICON_REBUILD_JOB = 'search.rebuild-lexicon';

const invalid = { error: FIELD_INVALID_MESSAGE };

export const searchInputSchema = z.object({
  // A longer query (a pasted paragraph) is cut, not refused: only its first words count anyway.
  q: z
    .string(invalid)
    .default('')
    .transform((q) => q.slice(0, MAX_SEARCH_QUERY_LENGTH).trim()),
  // `type=` (the web's 'Tous les types') is the same as no type.
  type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(SEARCH_TYPES, invalid).optional(),
  ),
  page: pageParam,
});

export const searchRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  // GET /api/search/filters (spec public-site §7): the result types and their French labels.
  publicGet(app, deps, {
    path: '/api/search/filters',
    response: searchFiltersSchema,
    read: async () => presentSearchFilters(),
  });

  // GET /api/search (spec §7): q, type, page → paginated results (spec §3 'Search result').
  publicGet(app, deps, {
    path: '/api/search',
    input: searchInputSchema,
    response: paginatedSchema(searchResultSchema),
    read: (input) => search(db, input),
  });

  // Idempotent: the lexicon is recomputed from the published content, whatever it held.
  await app.jobs.work(SEARCH_LEXICON_REBUILD_JOB, async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT search_lexicon_rebuild()`);
    });
  });
  await app.jobs.schedule(SEARCH_LEXICON_REBUILD_JOB, '41 4 * * *');
};
