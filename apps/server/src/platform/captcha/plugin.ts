import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAPTCHA_CHALLENGE_PATH } from '@ad/contract';
import { captchaChallengeSchema } from '@ad/contract/schemas';
import { routeRateLimit } from '../rate-limit.ts';
import {
  createCaptchaGuard,
  settleCaptchaProof,
  type CaptchaDeps,
  type CaptchaGuard,
} from './captcha.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captcha of the anonymous forms: `preValidation: app.captcha.guard` (see captcha.ts). */
    captcha: CaptchaGuard;
  }
}

/**
 * Decorates `app.captcha`, adds the onSend step that hands out or drops the proof cookie, and the
 * ALTCHA challenge route. Registered on the root instance, after the session hook (the proof is
 * bound to the session or the CSRF nonce) and before the form routes.
 */
export async function registerCaptcha(app: FastifyInstance, deps: CaptchaDeps): Promise<void> {
  const guard = createCaptchaGuard(deps);
  app.decorate('captcha', guard);
  app.decorateRequest('captchaPass', null);
  // Callback style: it runs on every answer and nearly always returns at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.captchaPass) settleCaptchaProof(deps.config, deps.clock, request, reply);
    done(null, payload);
  });

  if (guard.provider !== 'altcha') return;
  // A new challenge per widget check; anonymous-forms tier, like the forms themselves.
  app.withTypeProvider<ZodTypeProvider>().get(
    CAPTCHA_CHALLENGE_PATH,
    {
      schema: { response: { 200: captchaChallengeSchema } },
      ...routeRateLimit(deps.config, 'auth'),
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return guard.createChallenge();
    },
  );
}
