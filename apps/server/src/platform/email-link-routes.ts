import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env.ts';
import { routeRateLimit } from './rate-limit.ts';

/** The request of an e-mail link's POST: its path parameters and its query, as sent. */
type EmailLinkRequest = FastifyRequest<{
  Params: Record<string, string | undefined>;
  Querystring: Record<string, unknown>;
}>;

type EmailLinkHandler = (request: EmailLinkRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * The POST routes of the e-mail links that change something (newsletter, « initiative à jour »,
 * new e-mail address). Mail scanners and link previews open every link of a message, so such a
 * link opens a page (GET, server-rendered by the web app: apps/web/src/pages/email-links) whose
 * button posts to the same URL, path and query; only that POST acts.
 *
 * The secret is in the URL (a token or a signature), which a forged cross-site request cannot
 * know: these routes need no CSRF token and read no body (any content type, including RFC 8058's
 * one-click POST from mail clients, `List-Unsubscribe=One-Click` as multipart or urlencoded).
 * Write tier of the rate limits; answers are never cached (`Cache-Control: no-store`).
 */
export async function registerEmailLinkRoutes(
  app: FastifyInstance,
  config: Config,
  routes: Record<string, EmailLinkHandler>,
): Promise<void> {
  await app.register(async (links) => {
    links.removeAllContentTypeParsers();
    links.addContentTypeParser('*', { bodyLimit: 4096 }, (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', done);
    });
    const options = {
      config: { ...routeRateLimit(config, 'write').config, csrf: false as const },
    };
    for (const [path, handler] of Object.entries(routes)) {
      links.post<{
        Params: Record<string, string | undefined>;
        Querystring: Record<string, unknown>;
      }>(path, options, async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return handler(request, reply);
      });
    }
  });
}

/** A parameter of a link's query; anything else (missing, repeated) is a link that does not work. */
export function linkParam(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}
