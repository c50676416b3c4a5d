import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MemberList, SavedResponse } from '@ad/contract/account/member-content';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { readMultipartForm, type FormObject } from '../../platform/uploads/multipart-form.ts';
import { idParam } from './publication-shared.ts';

/** What a type of the account area (posts, events, resources) answers on its routes. */
export interface PublicationHandlers {
  /** e.g. '/api/user/posts'. */
  path: string;
  list(user: SessionUser): Promise<MemberList>;
  /** `id` null: the create form's options; else also the item (`resource`), or 404. */
  options(user: SessionUser, id: number | null): Promise<object>;
  preview(user: SessionUser, id: number): Promise<object>;
  /** `id` null: create; else edit (404 for another member's item). */
  save(
    request: FastifyRequest,
    user: SessionUser,
    id: number | null,
    form: FormObject,
  ): Promise<Required<SavedResponse>>;
  remove(request: FastifyRequest, user: SessionUser, id: number): Promise<{ message: string }>;
}

const noStore = { 'Cache-Control': 'no-store' };

/**
 * The routes of one type (spec account-area §7): list, options, preview, create, edit (POST with
 * `_method=put`, or PUT) and delete. Anonymous callers get 401 from the auth plugin, a request
 * without the CSRF token 419; writes use the write rate-limit tier.
 */
export function registerPublicationRoutes(
  app: FastifyInstance,
  config: Config,
  handlers: PublicationHandlers,
): void {
  const { path } = handlers;
  const write = routeRateLimit(config, 'write');

  app.get(path, async (request, reply) => {
    reply.headers(noStore);
    return handlers.list(requireUser(request));
  });
  app.get(`${path}/options`, async (request, reply) => {
    reply.headers(noStore);
    return handlers.options(requireUser(request), null);
  });
  app.get(`${path}/options/:id`, async (request, reply) => {
    reply.headers(noStore);
    return handlers.options(requireUser(request), idParam(request));
  });
  app.get(`${path}/:id`, async (request, reply) => {
    reply.headers(noStore);
    return { data: await handlers.preview(requireUser(request), idParam(request)) };
  });

  app.post(path, write, async (request) => {
    const user = requireUser(request);
    return handlers.save(request, user, null, await readMultipartForm(request));
  });
  const update = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const id = idParam(request);
    return handlers.save(request, user, id, await readMultipartForm(request));
  };
  app.post(`${path}/:id`, write, update);
  app.put(`${path}/:id`, write, update);

  app.delete(`${path}/:id`, write, async (request) =>
    handlers.remove(request, requireUser(request), idParam(request)),
  );
}
