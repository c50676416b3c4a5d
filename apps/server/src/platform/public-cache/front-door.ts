import type { IncomingMessage, ServerResponse } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../env.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from '../auth/csrf.ts';
import { clientAddress } from '../client-address.ts';
import type { ReadLimit } from '../rate-limit.ts';
import {
  directWrite,
  isAnonymousRead,
  publicCacheKey,
  writeDirect,
  type OutgoingHeaders,
} from './hook.ts';
import type { PublicResponseCache } from './response-cache.ts';

/** The levels at which Fastify logs each request. */
const INFO_AND_BELOW = new Set(['info', 'debug', 'trace']);

export interface FrontDoorDeps {
  cache: PublicResponseCache;
  config: Config;
  /** The security headers every answer carries (`registerSecurityHeaders`). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The read tier of the rate limit; null when rate limiting is off. */
  readLimit: ReadLimit | null;
  log: FastifyBaseLogger;
}

/**
 * Answers `request` from the public cache before Fastify, when it can: an anonymous GET or HEAD
 * whose answer the cache holds and can write as it is (`directWrite`). True when answered.
 *
 * Fastify's own work for a request (its request and reply objects, routing, hooks, logger) cost
 * about half of the server's time on such an answer (decision 0005): here it is skipped, and
 * what the hooks would have done for it is done here, from the same sources: the security
 * headers, the read tier of the rate limit (the same counters; over the limit, the request goes
 * to Fastify, which answers the 429), the NUL guard (such an address goes to Fastify, which
 * answers the 400), and the request log.
 */
export function publicCacheFrontDoor(
  deps: FrontDoorDeps,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { cache, config, readLimit, log } = deps;
  const securityHeaders = Object.entries(deps.securityHeaders);
  const addressOf = clientAddress(config.TRUST_PROXY);
  return (request, response) => {
    const url = request.url ?? '/';
    if (url.includes('%00')) return false;
    const cookie = request.headers.cookie;
    const cookies = cookie === undefined ? {} : fastifyCookie.parse(cookie);
    if (!isAnonymousRead(request.method, cookies[SESSION_COOKIE])) return false;
    const entry = cache.get(publicCacheKey(url));
    if (!entry) return false;
    const write = directWrite(entry, request);
    if (!write) return false;
    const limitHeaders = readLimit === null ? [] : readLimit(request);
    if (limitHeaders === null) return false;

    const started = performance.now();
    const headers: OutgoingHeaders = {};
    for (const [name, value] of securityHeaders) headers[name] = value;
    for (const [name, value] of limitHeaders) headers[name] = value;
    writeDirect(write, response, headers, config, cookies[XSRF_COOKIE]);
    if (INFO_AND_BELOW.has(log.level)) {
      // What Fastify logs when a request completes, the request in the same form (`createLogger`).
      const req = {
        method: request.method,
        url,
        host: request.headers.host,
        ip: addressOf(request),
        socket: request.socket,
      };
      const res = { statusCode: response.statusCode };
      const responseTime = performance.now() - started;
      log.info({ req, res, responseTime, publicCache: true }, 'request completed');
    }
    return true;
  };
}

/**
 * Puts the front door before Fastify on the app's HTTP server: each request goes to it first,
 * then, when it is not answered there, to Fastify's handler (`app.routing`). Once the app is
 * closing, every request goes to Fastify, which answers 503 and closes the connection (a kept-alive
 * connection answered here would keep the server from closing). An error here (none is known)
 * is logged and the request handed to Fastify, as long as nothing was written yet.
 */
export function openFrontDoor(app: FastifyInstance, deps: FrontDoorDeps): void {
  const answer = publicCacheFrontDoor(deps);
  const fastify = app.routing;
  if (!app.server.listeners('request').includes(fastify)) {
    throw new Error("public cache: Fastify's handler is not the server's request listener");
  }
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.server.removeListener('request', fastify);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let answered = false;
    try {
      answered = !closing && answer(request, response);
    } catch (error) {
      app.log.error({ err: error }, 'public cache: the front door failed');
      if (response.headersSent) {
        response.destroy();
        return;
      }
    }
    if (!answered) fastify(request, response);
  });
}
