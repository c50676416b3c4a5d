import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathTo } from '@ad/contract';
import { EMAIL_CHANGE_PARAM, EMAIL_CHANGE_RESULTS } from '@ad/contract/account/user-account';
import {
  emailOnlyBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  signUpBodySchema,
} from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { ACCOUNT_WINDOW_MS, routeRateLimit } from '../../platform/rate-limit.ts';
import { honeypotFilled } from '../../platform/captcha/index.ts';
import { linkParam, registerEmailLinkRoutes } from '../../platform/email-link-routes.ts';
import {
  ACCOUNT_MESSAGES,
  RESET_PATH,
  SEND_ACCOUNT_LINK_JOB,
  VERIFY_PATH,
  EMAIL_CHANGE_PATH,
  SEND_EMAIL_CHANGE_JOB,
  type AccountsService,
  type SendLinkJob,
} from './accounts.service.ts';

/**
 * Sign-up (`/inscription`), address verification and forgotten password. Each form is limited
 * per address (auth tier) and per e-mail address (RATE_LIMIT_ACCOUNT_MAX per 15 minutes); the
 * anonymous ones carry a captcha (checked before validation) and a honeypot: when it is filled
 * the answer looks like a success and nothing happens.
 */
export const accountsRoutes: FastifyPluginAsync<{
  config: Config;
  accounts: AccountsService;
}> = async (app, { config, accounts }) => {
  await app.jobs.work<SendLinkJob>(SEND_ACCOUNT_LINK_JOB, (data, job) =>
    accounts.sendLink(data, job.id),
  );
  await app.jobs.work<{ userId: number }>(SEND_EMAIL_CHANGE_JOB, (data, job) =>
    accounts.sendEmailChange(data.userId, job.id),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const perAccount = (action: string, email: string) =>
    app.rateLimiter.consume(
      `${action}:${email.trim().toLowerCase()}`,
      config.RATE_LIMIT_ACCOUNT_MAX,
      ACCOUNT_WINDOW_MS,
    );
  const noStore = { 'Cache-Control': 'no-store' };

  typed.post(
    pathTo('register'),
    {
      preValidation: app.captcha.guard,
      schema: { body: signUpBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (honeypotFilled(request.body)) {
        return { message: ACCOUNT_MESSAGES.signedUp(request.body.email) };
      }
      await perAccount('sign-up', request.body.email);
      return accounts.signUp(request.body);
    },
  );

  // The links of the sign-up e-mail and of a new address (« Informations personnelles ») open a
  // page whose button posts here (platform/email-link-routes.ts): whoever clicks it, signed in or
  // not, the token alone proves the mailbox. The sign-in page, or the profile page, then says how
  // it went.
  await registerEmailLinkRoutes(app, config, {
    [VERIFY_PATH]: async (request, reply) => {
      const token = linkParam(request.query, 'token');
      const ok = token && token.length <= 200 ? await accounts.verifyEmail(token) : false;
      return reply.redirect(`${pathTo('login')}?verification=${ok ? 'ok' : 'invalide'}`, 303);
    },
    [EMAIL_CHANGE_PATH]: async (request, reply) => {
      const token = linkParam(request.query, 'token');
      const result =
        token && token.length <= 200 ? await accounts.confirmEmailChange(token) : 'invalid';
      const search = `${EMAIL_CHANGE_PARAM}=${EMAIL_CHANGE_RESULTS[result]}`;
      return reply.redirect(`${pathTo('myaccount.profile')}?${search}`, 303);
    },
  });

  typed.post(
    `${pathTo('register')}/renvoyer-le-lien`,
    {
      preValidation: app.captcha.guard,
      schema: { body: emailOnlyBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (honeypotFilled(request.body)) return { message: ACCOUNT_MESSAGES.verificationResent };
      await perAccount('verification', request.body.email);
      return accounts.resendVerification(request.body.email);
    },
  );

  typed.post(
    pathTo('forgot-password'),
    {
      preValidation: app.captcha.guard,
      schema: { body: emailOnlyBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (honeypotFilled(request.body)) return { message: ACCOUNT_MESSAGES.resetRequested };
      await perAccount('reset', request.body.email);
      return accounts.requestPasswordReset(request.body.email);
    },
  );

  typed.post(
    RESET_PATH,
    {
      schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return accounts.resetPassword(request.body.token, request.body.password);
    },
  );
};
