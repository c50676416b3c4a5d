import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MODERATION_API_PATH,
  MODERATION_DECISIONS,
  MODERATION_TYPES,
} from '@ad/contract/account/moderation';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { readMultipartForm } from '../../platform/uploads/multipart-form.ts';
import { moderationCorrections } from './moderation-corrections.ts';
import { moderationDecisions } from './moderation-decisions.ts';
import { registerModerationDigest } from './moderation-digest.ts';
import { reviewItem } from './moderation-items.ts';
import { moderationQueue } from './moderation-queue.ts';
import { restrictTo, TEAM_ROLES } from './team-access.ts';
import { createModerationEmails } from './moderation.emails.tsx';

export interface ModerationRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const queueQuery = z.object({
  type: z.preprocess(
    emptyAsUndefined,
    z.enum(MODERATION_TYPES, { error: 'Le type est invalide.' }).optional(),
  ),
  departement: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(\d{2}|2[AB]|\d{3})$/, { error: 'Le département est invalide.' })
      .optional(),
  ),
  page: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'La page est invalide.' })
      .int({ error: 'La page est invalide.' })
      .min(1, { error: 'La page est invalide.' })
      .max(100_000, { error: 'La page est invalide.' })
      .default(1),
  ),
});

const itemParams = z.object({ type: z.string(), id: z.string() });

/** `:type/:id` of an item route; anything that cannot be an item is a 404. */
function itemOf(params: { type: string; id: string }) {
  const type = MODERATION_TYPES.find((t) => t === params.type);
  if (!type || !/^\d{1,9}$/.test(params.id)) throw notFound();
  return { type, id: Number(params.id) };
}

const commentField = z.string().max(5000, { error: 'Le commentaire est trop long.' }).nullish();
/** The review's `version` (moderation-items.ts reviewVersion). */
const versionField = z
  .string({ error: 'La version de la contribution est manquante.' })
  .min(1)
  .max(100);

/**
 * The team's moderation API (issue 10): the queue, the review of an item, its correction with
 * the member's form, decisions and unpublishing. Moderators and admins only: anonymous callers
 * get 401, members 403 (the CSRF token of every write is checked by the auth plugin before this).
 */
export const moderationRoutes: FastifyPluginAsync<ModerationRoutesOptions> = async (
  app,
  { config, db, clock },
) => {
  const emails = createModerationEmails(config);
  const decisions = moderationDecisions({ app, config, clock, emails });
  const corrections = moderationCorrections({ app, config, db });
  await registerModerationDigest(app.jobs, { db, clock, config, mailer: app.mailer, emails });

  restrictTo(app, TEAM_ROLES);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const write = routeRateLimit(config, 'write');

  typed.get(
    `${MODERATION_API_PATH}/queue`,
    { schema: { querystring: queueQuery } },
    async (request) => moderationQueue(db, request.query, clock()),
  );

  typed.get(
    `${MODERATION_API_PATH}/items/:type/:id`,
    { schema: { params: itemParams } },
    async (request) => {
      const { type, id } = itemOf(request.params);
      return { data: await reviewItem(app, config, db, type, id, clock()) };
    },
  );

  typed.get(
    `${MODERATION_API_PATH}/items/:type/:id/form`,
    { schema: { params: itemParams } },
    async (request) => {
      const { type, id } = itemOf(request.params);
      return corrections.form(type, id);
    },
  );

  // The member's edit form, sent here by the team: multipart, POST with `_method=put` or PUT.
  const correct = async (request: FastifyRequest) => {
    const { type, id } = itemOf(request.params as { type: string; id: string });
    const form = await readMultipartForm(request);
    return corrections.correct(type, {
      id,
      form,
      actor: requireUser(request),
      ip: request.ip ?? null,
    });
  };
  app.post(`${MODERATION_API_PATH}/items/:type/:id`, write, correct);
  app.put(`${MODERATION_API_PATH}/items/:type/:id`, write, correct);

  typed.post(
    `${MODERATION_API_PATH}/items/:type/:id/decision`,
    {
      ...write,
      schema: {
        params: itemParams,
        body: z.object({
          decision: z.enum(MODERATION_DECISIONS, { error: 'La décision est invalide.' }),
          comment: commentField,
          version: versionField,
        }),
      },
    },
    async (request) => {
      const { type, id } = itemOf(request.params);
      return decisions.decide({
        type,
        id,
        decision: request.body.decision,
        comment: request.body.comment ?? null,
        version: request.body.version,
        actor: requireUser(request),
        ip: request.ip ?? null,
      });
    },
  );

  typed.post(
    `${MODERATION_API_PATH}/items/:type/:id/unpublish`,
    {
      ...write,
      schema: {
        params: itemParams,
        body: z.object({ comment: commentField, version: versionField }),
      },
    },
    async (request) => {
      const { type, id } = itemOf(request.params);
      return decisions.unpublish({
        type,
        id,
        comment: request.body.comment ?? null,
        version: request.body.version,
        actor: requireUser(request),
        ip: request.ip ?? null,
      });
    },
  );
};
