import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import { withoutTrackingParams } from '@ad/contract';
import type { Config } from '../../env.ts';
import { anonymousPageToken, ensureCsrfToken, SESSION_COOKIE } from '../auth/csrf.ts';
import { etagMatches, VARY_ENCODING } from '../http-cache.ts';
import { escapeHtml } from '../html-shell/render.ts';
import { gzipPageParts } from './page-gzip.ts';
import {
  encodedBody,
  gzipPage,
  pageBody,
  type CachedJson,
  type CachedPage,
  type PublicResponseCache,
} from './response-cache.ts';

const jsonEncodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
// A page's CSRF token sits inside its compressed body: only gzip can be assembled around it.
const pageEncodings = new Negotiator({ supportedValues: ['gzip'] });

/**
 * The address an answer is kept under: its path and query without the parameters that campaign
 * and social links add (`utm_*`, `fbclid`…): no answer depends on them, and a shared link would
 * otherwise miss the cache at every click. The server renders pages for this address.
 */
export const publicCacheKey = (request: FastifyRequest): string =>
  withoutTrackingParams(request.url);

/**
 * Serves anonymous GETs from the public response cache, before the session lookup and any
 * database work. Registered after the rate limit (which still counts these requests) and before
 * the session hook. What differs per visitor is filled in here and never cached: a page's CSRF
 * token (the meta tag), and its `user` is null for every visitor without a session cookie.
 */
export function registerPublicCacheHook(
  app: FastifyInstance,
  deps: { cache: PublicResponseCache; config: Config },
): void {
  const { cache, config } = deps;
  // Callback style (not async): no promise and no extra microtask on the hot path. An answer
  // sent here ends the request without calling `done`.
  app.addHook('onRequest', (request, reply, done) => {
    // A HEAD is answered as its GET (Node's response leaves the body out).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || request.cookies[SESSION_COOKIE]) return done();
    const entry = cache.get(publicCacheKey(request));
    if (!entry) return done();

    switch (entry.kind) {
      case 'redirect':
        reply.redirect(entry.location, entry.status);
        return;
      case 'page': {
        const accept = request.headers['accept-encoding'];
        const gzip = accept !== undefined && pageEncodings.negotiate(accept) === 'gzip';
        if (gzip || accept === undefined) {
          writePage(reply, entry, gzip, anonymousPageToken(config, request));
          return;
        }
        // Another encoding: @fastify/compress's onSend compresses the page (rare).
        const token = escapeHtml(ensureCsrfToken(config, request, reply));
        reply
          .code(entry.status)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', VARY_ENCODING)
          .send(pageBody(entry, token));
        return;
      }
      case 'json': {
        const accept = request.headers['accept-encoding'];
        const encoding = accept === undefined ? null : jsonEncodings.negotiate(accept);
        if (
          (encoding !== null || accept === undefined) &&
          !etagMatches(request.headers['if-none-match'], entry.etag)
        ) {
          writeJson(reply, entry, encoding as 'br' | 'gzip' | null);
          return;
        }
        // A revalidation (304), or an encoding only @fastify/compress offers: the whole send.
        reply.header('Cache-Control', entry.cacheControl).header('Vary', VARY_ENCODING);
        sendJsonEntry(request, reply, entry);
        return;
      }
    }
  });
}

/**
 * Sends an answer just computed from the public content, after keeping it in the cache when it
 * was computed without a session (only those are shared with other visitors) and the content did
 * not change since `generation` was read, at the start of the request.
 */
export function keepAndSend(
  cache: PublicResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedJson,
  generation: number,
): FastifyReply {
  if (!request.cookies[SESSION_COOKIE]) cache.set(publicCacheKey(request), entry, generation);
  return sendJsonEntry(request, reply, entry);
}

/**
 * Sends a public JSON answer, computed now or kept in the cache: its ETag (304 when the visitor
 * has it), then its bytes in the encoding the visitor accepts, compressed once and kept with the
 * entry, in one write with their length. (Left to @fastify/compress, an answer computed now was
 * compressed as a stream, in chunks, and compressed again on its first request from the cache.)
 */
export function sendJsonEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedJson,
): FastifyReply {
  reply.header('ETag', entry.etag);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type(entry.type);
  const accept = request.headers['accept-encoding'];
  const encoding = accept ? jsonEncodings.negotiate(accept) : null;
  if (!encoding) return reply.send(entry.body);
  return reply.header('Content-Encoding', encoding).send(encodedBody(entry, encoding));
}

/**
 * Writes a cached page straight to the response, without Fastify's send and onSend steps, when
 * none of them would change it: @fastify/cookie's (the nonce cookie comes as a header value),
 * the HTTP cache's (a private page gets no ETag), the captcha's (no form was handled) and
 * @fastify/compress's (the body is gzip already, or the visitor accepts no encoding). The
 * headers set so far (security headers, rate limit) are kept; `onResponse` hooks and the
 * request log still run (on the response's `finish`). Same headers, in the same order, as
 * `reply.send` would write.
 */
function writePage(
  reply: FastifyReply,
  entry: CachedPage,
  gzip: boolean,
  csrf: { bytes: Buffer; setCookie: string | null },
): void {
  const headers: OutgoingHeaders = reply.getHeaders();
  headers['content-type'] = 'text/html; charset=utf-8';
  headers['cache-control'] = 'private, no-cache';
  headers.vary = VARY_ENCODING;
  let parts: Buffer[];
  if (gzip) {
    headers['content-encoding'] = 'gzip';
    parts = gzipPageParts(gzipPage(entry), csrf.bytes);
  } else {
    parts = [entry.before, csrf.bytes, entry.after];
  }
  if (csrf.setCookie !== null) headers['set-cookie'] = csrf.setCookie;
  writeRaw(reply, entry.status, headers, parts);
}

/**
 * Writes a cached JSON answer straight to the response, like a page (same reasons): its ETag,
 * `Cache-Control` and `Vary` as `sendJsonEntry` gives them, in the encoding negotiated (brotli or
 * gzip, compressed once), or plain for a visitor who accepts no encoding.
 */
function writeJson(reply: FastifyReply, entry: CachedJson, encoding: 'br' | 'gzip' | null): void {
  const headers: OutgoingHeaders = reply.getHeaders();
  headers['cache-control'] = entry.cacheControl;
  headers.vary = VARY_ENCODING;
  headers.etag = entry.etag;
  headers['content-type'] = entry.type;
  if (encoding) headers['content-encoding'] = encoding;
  writeRaw(reply, 200, headers, [encoding ? encodedBody(entry, encoding) : entry.body]);
}

type OutgoingHeaders = Record<string, string | number | string[] | undefined>;

/**
 * Ends the request with `parts` as the body, its length, and `headers`. The cached pieces are
 * written as they are, without copying them into one buffer (a fresh buffer of a page's size per
 * request cost a fifth of the throughput in allocation and garbage collection). The socket is
 * corked, so the headers and the pieces still leave in one system call (a write per piece cost a
 * third of the server's time).
 */
function writeRaw(
  reply: FastifyReply,
  status: number,
  headers: OutgoingHeaders,
  parts: Buffer[],
): void {
  let length = 0;
  for (const part of parts) length += part.length;
  headers['content-length'] = String(length);
  reply.hijack();
  const response = reply.raw;
  response.socket?.cork();
  response.writeHead(status, headers);
  for (let i = 0; i < parts.length - 1; i += 1) response.write(parts[i]);
  response.end(parts.at(-1));
  response.socket?.uncork();
}
