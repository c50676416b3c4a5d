/**
 * The captcha of the anonymous forms (decision record 0007). Form routes use the guard as their
 * preValidation hook:
 *
 *   typed.post('/api/contact-us', {
 *     preValidation: app.captcha.guard,
 *     schema: { body: z.object({ ...fields, ...captchaFields }) },
 *     ...routeRateLimit(config, 'auth'),
 *   }, handler);
 *
 * The guard reads `recaptcha_response` / `recaptcha_verified` from the raw body and throws a 422
 * on `recaptcha_response` when they do not pass. It runs before the body is validated on purpose:
 * an accepted captcha sent along with another invalid field must be remembered (the visitor then
 * gets the proof cookie and the form does not ask again, spec §4); a captcha checked after the
 * other fields would never be looked at when they fail.
 */
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { lt } from 'drizzle-orm';
import {
  CAPTCHA_PROOF_COOKIE,
  CAPTCHA_PROOF_MINUTES,
  CAPTCHA_RESPONSE_FIELD,
  CAPTCHA_VERIFIED_FIELD,
} from '@ad/contract';
import type { CaptchaChallenge } from '@ad/contract/schemas';
import { captchaSolutions } from '../../db/schema/platform.ts';
import type { Config } from '../../env.ts';
import { XSRF_COOKIE } from '../auth/csrf.ts';
import { sha256Hex } from '../auth/tokens.ts';
import type { AppDatabase, Clock } from '../database.ts';
import { HttpError, MESSAGES, ValidationError } from '../errors.ts';
import {
  ALTCHA_DIFFICULTY,
  altchaSecrets,
  checkAltchaPayload,
  createAltchaChallenge,
  type AltchaDifficulty,
} from './altcha.ts';
import { newProof, readProof, signProof, type Proof } from './proof.ts';
import { verifyRecaptchaToken } from './recaptcha.ts';

/** siteverify's answers to a wrong or missing secret key (not the visitor's fault). */
const SECRET_ERRORS = new Set(['invalid-input-secret', 'missing-input-secret']);

export interface CaptchaFields {
  recaptcha_response?: unknown;
  recaptcha_verified?: unknown;
}

export interface CaptchaGuard {
  readonly provider: 'altcha' | 'recaptcha';
  /**
   * Accepts a fresh answer (`recaptcha_response`, usable once) or, with `recaptcha_verified`,
   * the visitor's proof cookie (usable once, 30 minutes); otherwise throws
   * ValidationError({ recaptcha_response: [MESSAGES.captchaRequired | MESSAGES.captchaInvalid] }).
   * When the request then fails (status >= 400), its answer carries a fresh proof cookie.
   */
  verify(request: FastifyRequest, reply: FastifyReply, fields: CaptchaFields): Promise<void>;
  /** preValidation hook: `verify` on the raw request body. */
  guard: preValidationAsyncHookHandler;
  /** A signed ALTCHA challenge (404 when reCAPTCHA is configured). */
  createChallenge(): Promise<CaptchaChallenge>;
}

export interface CaptchaDeps {
  config: Config;
  db: AppDatabase;
  clock: Clock;
  /** Tests: an easier proof of work. */
  altchaDifficulty?: AltchaDifficulty;
  /** Tests: the HTTP client used for reCAPTCHA's siteverify. */
  fetch?: typeof fetch;
}

/** What `verify` accepted, for the answer's onSend hook (see registerCaptcha). */
export interface CaptchaPass {
  /** Expiry (Unix seconds) of the proof handed out if the request fails. */
  proofExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the captcha guard when it accepted this request. */
    captchaPass: CaptchaPass | null;
  }
}

const PROOF_LIFETIME_SECONDS = CAPTCHA_PROOF_MINUTES * 60;
/** reCAPTCHA tokens live two minutes at Google; ours are remembered a little longer. */
const RECAPTCHA_TOKEN_MEMORY_MS = 10 * 60_000;
/** Expired rows of captcha_solutions are deleted at most this often (per instance). */
const PURGE_INTERVAL_MS = 60_000;

const isTrue = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true';

export function captchaError(message: string): ValidationError {
  return new ValidationError({ [CAPTCHA_RESPONSE_FIELD]: [message] });
}

/** What the proof is bound to: the session when signed in, else the anonymous CSRF nonce. */
export function visitorBinding(request: FastifyRequest): string | null {
  if (request.session) return `session:${request.session.id}`;
  const nonce = request.cookies[XSRF_COOKIE];
  return nonce ? `visitor:${nonce}` : null;
}

export function proofCookieOptions(config: Config, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function createCaptchaGuard(deps: CaptchaDeps): CaptchaGuard {
  const { config, db, clock } = deps;
  const provider = config.captchaProvider;
  const secrets = altchaSecrets(config.SESSION_SECRET);
  const difficulty = deps.altchaDifficulty ?? ALTCHA_DIFFICULTY;
  let lastPurge = 0;

  /** Records `id` as used; false if it already was (atomic: concurrent replays lose). */
  async function useOnce(id: string, expiresAt: Date): Promise<boolean> {
    const now = clock();
    if (now.getTime() - lastPurge >= PURGE_INTERVAL_MS) {
      lastPurge = now.getTime();
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
    }
    const inserted = await db
      .insert(captchaSolutions)
      .values({ id, expiresAt })
      .onConflictDoNothing()
      .returning({ id: captchaSolutions.id });
    return inserted.length === 1;
  }

  async function acceptAnswer(request: FastifyRequest, answer: string): Promise<boolean> {
    const now = clock();
    if (provider === 'altcha') {
      const check = await checkAltchaPayload(answer, secrets, now);
      return check.ok && (await useOnce(check.id, check.expiresAt));
    }
    const check = await verifyRecaptchaToken({
      url: config.RECAPTCHA_VERIFY_URL,
      secret: config.RECAPTCHA_SECRET_KEY ?? '',
      token: answer,
      remoteIp: request.ip,
      fetch: deps.fetch,
    });
    if (!check.ok) {
      if (check.reason === 'unavailable') {
        request.log.warn({ detail: check.detail }, 'reCAPTCHA siteverify unavailable');
      } else if (check.errorCodes?.some((code) => SECRET_ERRORS.has(code))) {
        // Every answer is refused until the key is fixed: the operator must hear of it.
        request.log.error(
          { errorCodes: check.errorCodes },
          'reCAPTCHA refuses the secret key (RECAPTCHA_SECRET_KEY): every form is refused',
        );
      }
      return false;
    }
    const id = sha256Hex(`recaptcha:${answer}`);
    return useOnce(id, new Date(now.getTime() + RECAPTCHA_TOKEN_MEMORY_MS));
  }

  async function acceptProof(
    request: FastifyRequest,
    reply: FastifyReply,
    value: string,
  ): Promise<Proof | null> {
    const binding = visitorBinding(request);
    const nowSeconds = Math.floor(clock().getTime() / 1000);
    const proof = binding ? readProof(config.SESSION_SECRET, binding, value, nowSeconds) : null;
    if (proof && (await useOnce(sha256Hex(`proof:${proof.id}`), new Date(proof.expiresAt * 1000))))
      return proof;
    reply.clearCookie(CAPTCHA_PROOF_COOKIE, { path: '/' });
    return null;
  }

  async function verify(request: FastifyRequest, reply: FastifyReply, fields: CaptchaFields) {
    const answer = fields.recaptcha_response;
    if (answer !== undefined && answer !== null && answer !== '') {
      if (typeof answer !== 'string' || !(await acceptAnswer(request, answer)))
        throw captchaError(MESSAGES.captchaInvalid);
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      request.captchaPass = { proofExpiresAt: nowSeconds + PROOF_LIFETIME_SECONDS };
      return;
    }
    if (isTrue(fields.recaptcha_verified)) {
      const cookie = request.cookies[CAPTCHA_PROOF_COOKIE];
      if (!cookie) throw captchaError(MESSAGES.captchaRequired);
      const proof = await acceptProof(request, reply, cookie);
      if (!proof) throw captchaError(MESSAGES.captchaInvalid);
      // A proof handed out again keeps its expiry: failing forms never extend it.
      request.captchaPass = { proofExpiresAt: proof.expiresAt };
      return;
    }
    throw captchaError(MESSAGES.captchaRequired);
  }

  return {
    provider,
    verify,
    guard: async (request, reply) => {
      const body = request.body;
      const fields =
        typeof body === 'object' && body !== null
          ? {
              recaptcha_response: (body as Record<string, unknown>)[CAPTCHA_RESPONSE_FIELD],
              recaptcha_verified: (body as Record<string, unknown>)[CAPTCHA_VERIFIED_FIELD],
            }
          : {};
      await verify(request, reply, fields);
    },
    createChallenge: async () => {
      if (provider !== 'altcha') throw new HttpError(404, MESSAGES.notFound);
      const { parameters, signature } = await createAltchaChallenge(secrets, clock(), difficulty);
      if (!signature) throw new Error('ALTCHA challenge not signed');
      return { parameters: { ...parameters }, signature };
    },
  };
}

/**
 * onSend step: a request the guard accepted that still fails (another field, a server error)
 * gets a fresh proof, so that the form can send `recaptcha_verified` next time; a request that
 * succeeds drops the proof it used.
 */
export function settleCaptchaProof(
  config: Config,
  clock: Clock,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const pass = request.captchaPass;
  if (!pass) return;
  if (reply.statusCode < 400) {
    if (request.cookies[CAPTCHA_PROOF_COOKIE])
      reply.clearCookie(CAPTCHA_PROOF_COOKIE, { path: '/' });
    return;
  }
  const binding = visitorBinding(request);
  const remaining = pass.proofExpiresAt - Math.floor(clock().getTime() / 1000);
  if (!binding || remaining <= 0) return;
  const value = signProof(config.SESSION_SECRET, binding, newProof(pass.proofExpiresAt));
  reply.setCookie(CAPTCHA_PROOF_COOKIE, value, proofCookieOptions(config, remaining));
}
