import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { faqItemSchema, faqListSchema, presentFaqItem, presentFaqList } from './faq.presenter.ts';
import { findFaqItem, listFaqQuestions } from './faq.queries.ts';

export const faqRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  // GET /api/faq (spec public-site §7): the questions grouped by category slug, and the categories.
  publicGet(app, deps, {
    path: '/api/faq',
    response: faqListSchema,
    read: async () => presentFaqList(await listFaqQuestions(db)),
  });

  // GET /api/faq/{slug} (spec public-site §7): the question of faq-item.
  publicGet(app, deps, {
    path: '/api/faq/:slug',
    input: z.object({ slug: z.string().min(1).max(255) }),
    response: z.object({ data: faqItemSchema }),
    read: async ({ slug }) => {
      const row = await findFaqItem(db, slug);
      if (!row) throw notFound();
      return { data: presentFaqItem(row) };
    },
  });
};
