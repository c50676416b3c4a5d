import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@ad/contract';
import {
  NEWSLETTER_SUBSCRIBERS_CSV_PATH,
  TEAM_USER_MESSAGES,
  TEAM_USERS_API_PATH,
  USER_SORTS,
  USER_STATUSES,
} from '@ad/contract/account/team-users';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { pageParam } from '../../platform/list-input.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { ADMIN_ROLES, restrictTo } from '../moderation/team-access.ts';
import { createTeamUsersService, type Actor } from './team-users.service.ts';

export interface TeamUsersRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const listQuery = z.object({
  q: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(100, { error: 'La recherche est trop longue.' }).optional(),
  ),
  role: z.preprocess(
    emptyAsUndefined,
    z.enum(ROLES, { error: TEAM_USER_MESSAGES.roleInvalid }).optional(),
  ),
  status: z.preprocess(
    emptyAsUndefined,
    z.enum(USER_STATUSES, { error: "L'état du compte est invalide." }).optional(),
  ),
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(USER_SORTS, { error: 'Le tri est invalide.' }).default('newest'),
  ),
  page: z.preprocess(emptyAsUndefined, pageParam),
});

const userParams = z.object({ id: z.string() });

/** `:id` of a user route; anything that cannot be an id is a 404. */
function idOf(params: { id: string }): number {
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  return Number(params.id);
}

const actorOf = (request: FastifyRequest): Actor => ({
  user: requireUser(request),
  ip: request.ip ?? null,
});

/**
 * « Utilisateurs » of the back office (issue 10): admins only, moderators included get 403 (the
 * accounts' e-mails, logins and the subscribers are personal data; moderators already see the
 * author of each submission). Anonymous callers get 401; CSRF is checked by the auth plugin and
 * writes count in the write tier.
 */
export const teamUsersRoutes: FastifyPluginAsync<TeamUsersRoutesOptions> = async (
  app,
  { config, db, clock },
) => {
  const service = createTeamUsersService({ db, clock });
  restrictTo(app, ADMIN_ROLES);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const write = routeRateLimit(config, 'write');

  typed.get(TEAM_USERS_API_PATH, { schema: { querystring: listQuery } }, async (request) => {
    const { page, ...filters } = request.query;
    return service.list(filters, page, requireUser(request));
  });

  typed.patch(
    `${TEAM_USERS_API_PATH}/:id`,
    {
      ...write,
      schema: {
        params: userParams,
        body: z.object({ role: z.enum(ROLES, { error: TEAM_USER_MESSAGES.roleInvalid }) }),
      },
    },
    async (request) =>
      service.changeRole(idOf(request.params), request.body.role, actorOf(request)),
  );

  typed.post(
    `${TEAM_USERS_API_PATH}/:id/deactivate`,
    { ...write, schema: { params: userParams } },
    async (request) => service.deactivate(idOf(request.params), actorOf(request)),
  );

  typed.post(
    `${TEAM_USERS_API_PATH}/:id/reactivate`,
    { ...write, schema: { params: userParams } },
    async (request) => service.reactivate(idOf(request.params), actorOf(request)),
  );

  app.get(NEWSLETTER_SUBSCRIBERS_CSV_PATH, async (request, reply) => {
    const { csv, fileName } = await service.exportSubscribers(actorOf(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });
};
