import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAP_DETAIL_TYPES } from '@ad/contract';
import {
  ERROR_REPORT_MESSAGES,
  ERROR_REPORT_PATHS,
  ERROR_REPORTS_API_PATH,
} from '@ad/contract/error-reports';
import { messageResponseSchema } from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import { honeypotFilled } from '../../platform/captcha/index.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { restrictTo, TEAM_ROLES } from '../moderation/team-access.ts';
import { errorReportBodySchema, errorReportListQuery } from './error-reports.schemas.ts';
import { createErrorReportsService } from './error-reports.service.ts';

export interface ErrorReportsRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
}

const idParams = z.object({ id: z.string() });

/** `:id` of a route; anything that cannot be an id is a 404 (`message` for the visitor's form). */
function idOf(params: { id: string }, message?: string): number {
  if (!/^\d{1,9}$/.test(params.id) || Number(params.id) < 1) throw notFound(message);
  return Number(params.id);
}

/**
 * « Signaler une erreur » (issue 10). The visitor's form, on a published initiative or procedure
 * (anonymous, CSRF checked by the auth plugin, captcha before validation, honeypot, the
 * anonymous-forms rate-limit tier), and the team's API under /api/moderation/error-reports
 * (moderators and admins: 401 anonymous, 403 members).
 */
export const errorReportsRoutes: FastifyPluginAsync<ErrorReportsRoutesOptions> = async (
  app,
  { config, db, clock },
) => {
  const service = createErrorReportsService({ db, clock });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  for (const type of MAP_DETAIL_TYPES) {
    typed.post(
      ERROR_REPORT_PATHS[type],
      {
        preValidation: app.captcha.guard,
        schema: {
          params: idParams,
          body: errorReportBodySchema,
          response: { 200: messageResponseSchema },
        },
        ...routeRateLimit(config, 'auth'),
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (honeypotFilled(request.body)) return { message: ERROR_REPORT_MESSAGES.sent };
        return service.report(
          type,
          idOf(request.params, ERROR_REPORT_MESSAGES.notFound),
          request.body,
          {
            userId: request.user?.id ?? null,
            ip: request.ip ?? null,
          },
        );
      },
    );
  }

  await app.register(async (team) => {
    restrictTo(team, TEAM_ROLES);
    const teamTyped = team.withTypeProvider<ZodTypeProvider>();

    teamTyped.get(
      ERROR_REPORTS_API_PATH,
      { schema: { querystring: errorReportListQuery } },
      async (request) => {
        const { page, type, id } = request.query;
        return service.list({ type, id }, page);
      },
    );

    teamTyped.post(
      `${ERROR_REPORTS_API_PATH}/:id/resolve`,
      { ...routeRateLimit(config, 'write'), schema: { params: idParams } },
      async (request) =>
        service.resolve(idOf(request.params), {
          user: requireUser(request),
          ip: request.ip ?? null,
        }),
    );
  });
};
