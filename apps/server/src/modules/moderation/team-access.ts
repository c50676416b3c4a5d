import type { FastifyInstance } from 'fastify';
import type { Role } from '@ad/contract';
import { forbidden, unauthenticated } from '../../platform/errors.ts';

/** The roles of the team's back office. */
export const TEAM_ROLES: readonly Role[] = ['moderator', 'admin'];
export const ADMIN_ROLES: readonly Role[] = ['admin'];

/**
 * Restricts every route of the plugin (encapsulated Fastify context) to the given roles:
 * anonymous callers get 401, other members 403, before any route runs. Answers are never cached.
 */
export function restrictTo(app: FastifyInstance, roles: readonly Role[]): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!request.user) throw unauthenticated();
    if (!roles.includes(request.user.role)) throw forbidden();
  });
}
