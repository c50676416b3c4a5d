import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';

/**
 * Public content changes only when the team publishes, so public GETs are cached briefly by
 * browsers and proxies and revalidated with an ETag.
 * - Route: `{ preHandler: publicCache(60) }` marks the answer as public for 60 s.
 * - `registerHttpCache(app)` (before compression) adds the ETag of every public 200 answer and
 *   turns a matching If-None-Match into 304.
 */
/**
 * An answer compressed or not depending on Accept-Encoding says so, so that a shared cache keeps
 * one of each, compressed or not. Lower case, as @fastify/compress writes it: it adds its own
 * unless this exact spelling is there already.
 */
export const VARY_ENCODING = 'accept-encoding';

export function publicCache(maxAgeSeconds = 60): preHandlerHookHandler {
  return function setPublicCache(_request, reply, done) {
    // Also when this answer goes uncompressed (@fastify/compress names it only when it does).
    reply.header('Cache-Control', `public, max-age=${maxAgeSeconds}`).header('Vary', VARY_ENCODING);
    done();
  };
}

export function registerHttpCache(app: FastifyInstance): void {
  // Callback style (not async): it runs on every answer, cached ones included.
  app.addHook('onSend', (request, reply, payload, done) =>
    done(null, withHttpCache(request, reply, payload)),
  );
}

function withHttpCache(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  // A response that sets a cookie (session refresh) must never be stored by a shared cache.
  if (reply.hasHeader('set-cookie') && isPublic(reply.getHeader('cache-control'))) {
    reply.header('Cache-Control', 'private, no-cache');
  }
  // An error is an answer of the moment (a post read just before its publication, the database
  // down): no browser or proxy may keep it for the lifetime of the content's answers.
  if (reply.statusCode >= 400 && isPublic(reply.getHeader('cache-control'))) {
    reply.header('Cache-Control', 'no-store');
  }
  if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD'))
    return payload;
  const cacheControl = reply.getHeader('cache-control');
  if (!isPublic(cacheControl)) return payload;
  // The public response cache sets the ETag it computed once; otherwise hash the body.
  let etag = reply.getHeader('etag');
  if (typeof etag !== 'string') {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('ETag', etag);
  }
  if (etagMatches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    return '';
  }
  return payload;
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

function isPublic(cacheControl: unknown): boolean {
  return typeof cacheControl === 'string' && cacheControl.startsWith('public');
}
