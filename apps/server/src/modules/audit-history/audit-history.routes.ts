import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIsoDay } from '@ad/contract';
import { AUDIT_API_PATH, AUDIT_SYSTEM_ACTOR } from '@ad/contract/account/audit-history';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { pageParam } from '../../platform/list-input.ts';
import { restrictTo, TEAM_ROLES } from '../moderation/team-access.ts';
import { createAuditHistory } from './audit-history.service.ts';

export interface AuditHistoryRoutesOptions {
  db: AppDatabase;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/** A calendar day, YYYY-MM-DD (`isIsoDay`: the years 1900–2999, which PostgreSQL takes). */
const dateParam = (error: string) => optional(z.string({ error }).refine(isIsoDay, { error }));

const auditQuery = z
  .object({
    actor: optional(
      z.string().regex(new RegExp(`^(${AUDIT_SYSTEM_ACTOR}|\\d{1,9})$`), {
        error: "L'auteur est invalide.",
      }),
    ),
    action: optional(z.string().regex(/^[a-z_.]{1,64}$/, { error: "L'action est invalide." })),
    subject_type: optional(
      z.string().regex(/^[a-z_]{1,64}$/, { error: 'Le type de contenu est invalide.' }),
    ),
    subject_id: optional(
      z.string().regex(/^[\w-]{1,64}$/, { error: "L'identifiant du contenu est invalide." }),
    ),
    from: dateParam('La date de début est invalide.'),
    to: dateParam('La date de fin est invalide.'),
    page: z.preprocess(emptyAsUndefined, pageParam),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'La date de fin doit être postérieure à la date de début.',
    path: ['to'],
  });

/**
 * « Historique » of the back office (issue 10): the audit events, as a whole or of one item.
 * Moderators and admins read it (moderators already see each item's history on its review
 * page); anonymous callers get 401, members 403. Read-only: nothing here changes anything.
 */
export const auditHistoryRoutes: FastifyPluginAsync<AuditHistoryRoutesOptions> = async (
  app,
  { db },
) => {
  const history = createAuditHistory({ db });
  restrictTo(app, TEAM_ROLES);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(AUDIT_API_PATH, { schema: { querystring: auditQuery } }, async (request) => {
    const { actor, action, subject_type, subject_id, from, to, page } = request.query;
    return history.list(
      {
        actor: actor === undefined || actor === AUDIT_SYSTEM_ACTOR ? actor : Number(actor),
        action,
        subjectType: subject_type,
        subjectId: subject_id,
        from,
        to,
      },
      page,
      requireUser(request),
    );
  });

  typed.get(`${AUDIT_API_PATH}/actors`, async () => history.actors());
};
