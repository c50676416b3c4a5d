/**
 * CSRF and sessions (decision record material):
 * - Signed-in visitors have a server-side session: cookie `ad_session` holds a random 256-bit
 *   token, the `sessions` row is keyed by its sha256 (a database leak exposes no usable cookie) and
 *   stores a random `csrf_token` (synchronizer token). Login creates a new row (new id and new
 *   CSRF token: no fixation), logout deletes it.
 * - Anonymous visitors get no database row: the first HTML page sets `XSRF-TOKEN`, an HttpOnly
 *   random nonce, and their CSRF token is HMAC-SHA256(SESSION_SECRET, nonce). Crawlers and
 *   one-page visits therefore cost no write, and the token is still bound to the browser.
 * - The token reaches the app through `<meta name="csrf-token">` (and the X-CSRF-TOKEN response
 *   header after login/logout); every POST/PUT/PATCH/DELETE must echo it in `X-CSRF-TOKEN`,
 *   otherwise 419. Cookies are SameSite=Lax, so they are not even sent on cross-site POSTs.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env.ts';
import { randomNonce, safeEqual } from './tokens.ts';

export const SESSION_COOKIE = 'ad_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_REQUEST_HEADER = 'x-csrf-token';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A returning visitor sends the same nonce on every page view: its token is computed once
// (an HMAC costs about as much as serving the rest of a cached page), with its bytes for the
// cached pages. Keyed by nonce; the secret is kept to tell two configurations apart (tests).
// Bounded, dropped when full.
const MAX_REMEMBERED_TOKENS = 10_000;
interface RememberedToken {
  secret: string;
  token: string;
  bytes: Buffer;
}
const rememberedTokens = new Map<string, RememberedToken>();

// The HMAC key of the last secret seen, prepared once (a string key is prepared on every call).
let hmacKey: { secret: string; key: KeyObject } | undefined;

/** HMAC-SHA256(SESSION_SECRET, "csrf:" + nonce), base64url: HTML-safe as it is. */
function anonymousToken(config: Config, nonce: string): string {
  const secret = config.SESSION_SECRET;
  if (hmacKey?.secret !== secret) hmacKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return createHmac('sha256', hmacKey.key).update(`csrf:${nonce}`).digest('base64url');
}

/** The token of a nonce the browser sent back, remembered. */
function rememberedToken(config: Config, nonce: string): RememberedToken {
  const secret = config.SESSION_SECRET;
  let remembered = rememberedTokens.get(nonce);
  if (remembered === undefined || remembered.secret !== secret) {
    const token = anonymousToken(config, nonce);
    remembered = { secret, token, bytes: Buffer.from(token) };
    if (rememberedTokens.size >= MAX_REMEMBERED_TOKENS) rememberedTokens.clear();
    rememberedTokens.set(nonce, remembered);
  }
  return remembered;
}

export function cookieOptions(config: Config) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

/** The CSRF token the request must carry, or null when the browser has none yet. */
export function expectedCsrfToken(config: Config, request: FastifyRequest): string | null {
  if (request.session) return request.session.csrfToken;
  const nonce = request.cookies[XSRF_COOKIE];
  return nonce ? rememberedToken(config, nonce).token : null;
}

export function hasValidCsrfToken(config: Config, request: FastifyRequest): boolean {
  const expected = expectedCsrfToken(config, request);
  const given = request.headers[CSRF_REQUEST_HEADER];
  return typeof given === 'string' && expected !== null && safeEqual(given, expected);
}

/** The token to hand to the page; creates the anonymous nonce cookie when needed. */
export function ensureCsrfToken(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  const existing = expectedCsrfToken(config, request);
  if (existing) return existing;
  return issueAnonymousToken(config, reply);
}

/** New anonymous nonce (first visit, or after logout). */
export function issueAnonymousToken(config: Config, reply: FastifyReply): string {
  const nonce = randomNonce();
  reply.setCookie(XSRF_COOKIE, nonce, cookieOptions(config));
  return anonymousToken(config, nonce);
}

/**
 * The `Set-Cookie` value of a new anonymous nonce: what `reply.setCookie(XSRF_COOKIE, nonce,
 * cookieOptions(config))` writes (a test compares them), without @fastify/cookie's onSend step.
 * The nonce is hex, which cookie encoding leaves as it is.
 */
export function anonymousCookieHeader(config: Config, nonce: string): string {
  return `${XSRF_COOKIE}=${nonce}; Path=/; HttpOnly${config.secureCookies ? '; Secure' : ''}; SameSite=Lax`;
}

/** What a cached page needs from an anonymous visitor's CSRF state. */
export interface AnonymousPageToken {
  /** The token's bytes, HTML-safe (base64url). */
  bytes: Buffer;
  /** For a new visitor, the `Set-Cookie` value of its new nonce; otherwise null. */
  setCookie: string | null;
}

/**
 * ensureCsrfToken for a visitor without a session answered from the public cache, where the
 * response is written without Fastify's onSend steps: the cookie comes back as a header value.
 * `nonce`: the visitor's `XSRF-TOKEN` cookie, if any.
 */
export function anonymousPageToken(config: Config, nonce: string | undefined): AnonymousPageToken {
  if (nonce) return { bytes: rememberedToken(config, nonce).bytes, setCookie: null };
  const fresh = randomNonce();
  return {
    bytes: Buffer.from(anonymousToken(config, fresh)),
    setCookie: anonymousCookieHeader(config, fresh),
  };
}
