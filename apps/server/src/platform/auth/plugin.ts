import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSRF_HEADER } from '@ad/contract';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '@ad/contract/account/team-users';
import { loginBodySchema, loginResponseSchema } from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { HttpError, MESSAGES, ValidationError } from '../errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../passwords.ts';
import { decodedPathname } from '../url-path.ts';
import { honeypotFilled } from '../captcha/honeypot.ts';
import { ACCOUNT_WINDOW_MS, routeRateLimit } from '../rate-limit.ts';
import {
  SAFE_METHODS,
  SESSION_COOKIE,
  XSRF_COOKIE,
  cookieOptions,
  hasValidCsrfToken,
  issueAnonymousToken,
} from './csrf.ts';
import { toPageUser, type ActiveSession, type SessionStore, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    session: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /**
     * `false`: a state change without the CSRF token. Only for a route authorised by a secret
     * of its own URL (a signed link of an e-mail), which a forged cross-site request cannot know,
     * and which mail clients call without any page (RFC 8058 one-click unsubscribe).
     */
    csrf?: false;
  }
}

/** Paths that never need the session (static files, probes): no lookup for each of a page's files. */
const SESSIONLESS_PREFIXES = [
  '/assets/',
  '/dsfr/',
  '/uploads/',
  '/healthz',
  '/@',
  '/src/',
  '/node_modules/',
];

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, MESSAGES.unauthenticated);
  return request.user;
}

/**
 * Sessions, CSRF and the login/logout routes. Registered on the root instance (hooks apply to
 * every route, including the 404 handler).
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: { config: Config; store: SessionStore },
): Promise<void> {
  const { config, store } = deps;
  const sessionCookie = (reply: FastifyReply, token: string, remember: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions(config),
      maxAge: Math.floor(store.lifetimeOf(remember) / 1000),
    });

  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request, reply) => {
    // Prefix checks on the decoded path: the router decodes it too, so `/api/%75ser` must not slip by.
    const pathname = decodedPathname(request.url);
    if (SESSIONLESS_PREFIXES.some((p) => pathname.startsWith(p))) return;

    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await store.find(token);
      if (session) {
        request.session = session;
        request.user = session.user;
        if (await store.touch(session)) sessionCookie(reply, token, session.remember);
      } else {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
    }

    if ((pathname === '/api/user' || pathname.startsWith('/api/user/')) && !request.user) {
      throw new HttpError(401, MESSAGES.unauthenticated);
    }
    if (
      !SAFE_METHODS.has(request.method) &&
      request.routeOptions.config.csrf !== false &&
      !hasValidCsrfToken(config, request)
    ) {
      throw new HttpError(419, MESSAGES.csrf);
    }
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/connexion',
    {
      schema: { body: loginBodySchema, response: { 200: loginResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      const { email, password, remember = false } = request.body;
      await app.rateLimiter.consume(
        `sign-in:${email.trim().toLowerCase()}`,
        config.RATE_LIMIT_ACCOUNT_MAX,
        ACCOUNT_WINDOW_MS,
      );
      // A robot that filled the honeypot gets the answer of a wrong password.
      if (honeypotFilled(request.body)) {
        throw new ValidationError({ email: [MESSAGES.invalidCredentials] });
      }
      const found = await store.findUserByEmail(email);
      const ok = found?.passwordHash
        ? await verifyPassword(found.passwordHash, password)
        : await verifyAgainstDummy(password);
      // One message for an unknown address and a wrong password.
      if (!found || !ok) throw new ValidationError({ email: [MESSAGES.invalidCredentials] });
      // Told only to whoever knows the password.
      if (!found.emailVerifiedAt) {
        throw new ValidationError({ email: [MESSAGES.emailNotVerified] });
      }
      if (found.deactivatedAt) {
        throw new ValidationError({ email: [ACCOUNT_DEACTIVATED_MESSAGE] });
      }

      if (request.session) await store.destroy(request.session.id);
      const created = await store.create({
        userId: found.id,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        remember,
      });
      await store.recordLogin(found.id);
      const session = await store.find(created.token);
      if (!session) throw new Error('Session just created cannot be read back');

      sessionCookie(reply, created.token, remember);
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      reply.header(CSRF_HEADER, session.csrfToken);
      reply.header('Cache-Control', 'no-store');
      return { user: toPageUser(session.user) };
    },
  );

  app.post('/deconnexion', routeRateLimit(config, 'write'), async (request, reply) => {
    if (request.session) await store.destroy(request.session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.header(CSRF_HEADER, issueAnonymousToken(config, reply));
    reply.header('Cache-Control', 'no-store');
    return reply.code(204).send();
  });
}
