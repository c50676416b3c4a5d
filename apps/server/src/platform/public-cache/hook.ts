import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import { withoutTrackingParams } from '@ad/contract';
import type { Config } from '../../env.ts';
import { anonymousPageToken, ensureCsrfToken, SESSION_COOKIE, XSRF_COOKIE } from '../auth/csrf.ts';
import { etagMatches, VARY_ENCODING } from '../http-cache.ts';
import { escapeHtml } from '../html-shell/render.ts';
import { gzipPageParts } from './page-gzip.ts';
import {
  encodedBody,
  gzipPage,
  pageBody,
  type CachedJson,
  type CachedPage,
  type CachedResponse,
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
export const publicCacheKey = (url: string): string => withoutTrackingParams(url);

/**
 * Serves anonymous GETs from the public response cache, before the session lookup and any
 * database work. Registered after the rate limit (which still counts these requests) and before
 * the session hook. What differs per visitor is filled in here and never cached: a page's CSRF
 * token (the meta tag), and its `user` is null for every visitor without a session cookie.
 * Most such requests are answered before Fastify, by the front door (`front-door.ts`), with the
 * same writer; this hook answers the others that reach Fastify: those the front door leaves to
 * it (a redirect, a revalidation, an encoding only @fastify/compress offers), requests made with
 * `app.inject`, and those of the servers Fastify adds when it listens on several addresses.
 */
export function registerPublicCacheHook(
  app: FastifyInstance,
  deps: { cache: PublicResponseCache; config: Config },
): void {
  const { cache, config } = deps;
  // Callback style (not async): no promise and no extra microtask on the hot path. An answer
  // sent here ends the request without calling `done`.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isAnonymousRead(request.method, request.cookies[SESSION_COOKIE])) return done();
    const entry = cache.get(publicCacheKey(request.url));
    if (!entry) return done();

    const direct = directWrite(entry, request.raw);
    if (direct) {
      // The headers set so far (security headers, rate limit) are kept.
      const headers: OutgoingHeaders = reply.getHeaders();
      reply.hijack();
      writeDirect(direct, reply.raw, headers, config, request.cookies[XSRF_COOKIE]);
      return;
    }
    switch (entry.kind) {
      case 'redirect':
        reply.redirect(entry.location, entry.status);
        return;
      case 'page': {
        // An encoding other than gzip: @fastify/compress's onSend compresses the page (rare).
        const token = escapeHtml(ensureCsrfToken(config, request, reply));
        reply
          .code(entry.status)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', VARY_ENCODING)
          .send(pageBody(entry, token));
        return;
      }
      case 'json':
        // A revalidation (304), or an encoding only @fastify/compress offers: the whole send.
        reply.header('Cache-Control', entry.cacheControl).header('Vary', VARY_ENCODING);
        sendJsonEntry(request, reply, entry);
        return;
    }
  });
}

/** A GET or HEAD (answered as its GET: Node's response leaves the body out) without a session. */
export const isAnonymousRead = (method: string | undefined, session: string | undefined) =>
  (method === 'GET' || method === 'HEAD') && !session;

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
  if (!request.cookies[SESSION_COOKIE]) cache.set(publicCacheKey(request.url), entry, generation);
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
 * A cached answer that can be written straight to the response, without Fastify's send and
 * onSend steps, because none of them would change it: @fastify/cookie's (the nonce cookie comes
 * as a header value), the HTTP cache's (a private page gets no ETag; a JSON answer carries its
 * own), the captcha's (no form was handled) and @fastify/compress's (the body is compressed
 * already, or the visitor accepts no encoding). Null for the rest: a redirect, a revalidation
 * that matches (304), an encoding only @fastify/compress offers.
 */
export type DirectWrite =
  | { kind: 'page'; entry: CachedPage; gzip: boolean }
  | { kind: 'json'; entry: CachedJson; encoding: 'br' | 'gzip' | null };

export function directWrite(entry: CachedResponse, request: IncomingMessage): DirectWrite | null {
  const accept = request.headers['accept-encoding'];
  switch (entry.kind) {
    case 'page': {
      const gzip = accept !== undefined && pageEncodings.negotiate(accept) === 'gzip';
      return gzip || accept === undefined ? { kind: 'page', entry, gzip } : null;
    }
    case 'json': {
      const encoding = accept === undefined ? null : jsonEncodings.negotiate(accept);
      if (encoding === null && accept !== undefined) return null;
      if (etagMatches(request.headers['if-none-match'], entry.etag)) return null;
      return { kind: 'json', entry, encoding: encoding as 'br' | 'gzip' | null };
    }
    case 'redirect':
      return null;
  }
}

export type OutgoingHeaders = Record<string, string | number | string[] | undefined>;

/**
 * Writes `write` to `response` after `headers` (those due before the answer: security headers,
 * rate limit), with the same headers, in the same order, as `reply.send` would write. A page gets
 * the visitor's CSRF token (from `nonce`, their `XSRF-TOKEN` cookie, or a new one); a JSON answer
 * its ETag, `Cache-Control` and `Vary` as `sendJsonEntry` gives them, in the encoding negotiated
 * (brotli or gzip, compressed once), or plain for a visitor who accepts no encoding.
 */
export function writeDirect(
  write: DirectWrite,
  response: ServerResponse,
  headers: OutgoingHeaders,
  config: Config,
  nonce: string | undefined,
): void {
  if (write.kind === 'json') {
    const { entry, encoding } = write;
    headers['cache-control'] = entry.cacheControl;
    headers.vary = VARY_ENCODING;
    headers.etag = entry.etag;
    headers['content-type'] = entry.type;
    if (encoding) headers['content-encoding'] = encoding;
    writeRaw(response, 200, headers, [encoding ? encodedBody(entry, encoding) : entry.body]);
    return;
  }
  const { entry, gzip } = write;
  const csrf = anonymousPageToken(config, nonce);
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
  writeRaw(response, entry.status, headers, parts);
}

/**
 * Ends the request with `parts` as the body, its length, and `headers`. The cached pieces are
 * written as they are, without copying them into one buffer (a fresh buffer of a page's size per
 * request cost a fifth of the throughput in allocation and garbage collection). The socket is
 * corked, so the headers and the pieces still leave in one system call (a write per piece cost a
 * third of the server's time).
 */
function writeRaw(
  response: ServerResponse,
  status: number,
  headers: OutgoingHeaders,
  parts: Buffer[],
): void {
  let length = 0;
  for (const part of parts) length += part.length;
  headers['content-length'] = String(length);
  response.socket?.cork();
  response.writeHead(status, headers);
  for (let i = 0; i < parts.length - 1; i += 1) response.write(parts[i]);
  response.end(parts.at(-1));
  response.socket?.uncork();
}
