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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env.ts';
import { hmac, randomNonce, safeEqual } from './tokens.ts';

export const SESSION_COOKIE = 'ad_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_REQUEST_HEADER = 'x-csrf-token';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A returning visitor sends the same nonce on every page view: its token is computed once
// (an HMAC costs about as much as serving the rest of a cached page). Bounded, dropped when full.
const MAX_REMEMBERED_TOKENS = 10_000;
const rememberedTokens = new Map<string, string>();

function anonymousToken(config: Config, nonce: string): string {
  return hmac(config.SESSION_SECRET, `csrf:${nonce}`);
}

/** The token of a nonce the browser sent back, remembered. */
function returningAnonymousToken(config: Config, nonce: string): string {
  const key = `${config.SESSION_SECRET}\0${nonce}`;
  let token = rememberedTokens.get(key);
  if (token === undefined) {
    token = anonymousToken(config, nonce);
    if (rememberedTokens.size >= MAX_REMEMBERED_TOKENS) rememberedTokens.clear();
    rememberedTokens.set(key, token);
  }
  return token;
}

export function cookieOptions(config: Config) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

/** The CSRF token the request must carry, or null when the browser has none yet. */
export function expectedCsrfToken(config: Config, request: FastifyRequest): string | null {
  if (request.session) return request.session.csrfToken;
  const nonce = request.cookies[XSRF_COOKIE];
  return nonce ? returningAnonymousToken(config, nonce) : null;
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
