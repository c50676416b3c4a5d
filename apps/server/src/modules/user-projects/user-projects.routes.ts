import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { readMultipartForm } from '../../platform/uploads/multipart-form.ts';
import { foodProcedureKind, foodProcedureOptions } from './food-procedures.ts';
import { initiativeKind, initiativeOptions } from './initiatives.ts';
import { projectService } from './project-service.ts';

export interface UserRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
  sessions: SessionStore;
}

/** A path id: decimal digits only, else the item does not exist (404). */
function idOf(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const parsed = z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .safeParse(raw);
  if (!parsed.success || parsed.data < 1) throw notFound();
  return parsed.data;
}

/**
 * The member's initiatives and food procedures (spec account-area §2, §3, §7): dashboard lists,
 * form options, preview, create, edit (moderated, docs/decisions/0003) and delete.
 */
export const userProjectsRoutes: FastifyPluginAsync<UserRoutesOptions> = async (
  app,
  { config, db },
) => {
  const service = projectService({ config, db, fileStore: () => app.fileStore });
  const kinds = [
    {
      kind: initiativeKind,
      options: (userId: number) => initiativeOptions(db, userId),
    },
    {
      kind: foodProcedureKind,
      options: () => foodProcedureOptions(db),
    },
  ];
  const write = routeRateLimit(config, 'write');

  for (const { kind, options } of kinds) {
    const base = `/api/user/${kind.path}`;

    app.get(base, async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return service.list(kind, user.id);
    });

    app.get(`${base}/options`, async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return options(user.id);
    });

    app.get(`${base}/options/:id`, async (request, reply) => {
      const user = requireUser(request);
      const id = idOf(request);
      const resource = await service.resource(kind, id, user.id);
      reply.header('Cache-Control', 'no-store');
      return { ...(await options(user.id)), resource };
    });

    app.get(`${base}/:id`, async (request, reply) => {
      const user = requireUser(request);
      const id = idOf(request);
      reply.header('Cache-Control', 'no-store');
      return { data: await service.preview(kind, id, user.id) };
    });

    app.post(base, { ...write }, async (request) => {
      const user = requireUser(request);
      const form = await readMultipartForm(request);
      return service.save(kind, { form, userId: user.id, itemId: null, ip: request.ip ?? null });
    });

    const update = async (request: FastifyRequest) => {
      const user = requireUser(request);
      const id = idOf(request);
      const form = await readMultipartForm(request);
      return service.save(kind, { form, userId: user.id, itemId: id, ip: request.ip ?? null });
    };
    app.post(`${base}/:id`, { ...write }, update);
    app.put(`${base}/:id`, { ...write }, update);

    app.delete(`${base}/:id`, { ...write }, async (request) => {
      const user = requireUser(request);
      return service.remove(kind, idOf(request), user.id, request.ip ?? null);
    });
  }
};
