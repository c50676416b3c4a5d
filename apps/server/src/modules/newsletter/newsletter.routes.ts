import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NEWSLETTER_CHECK_MAILBOX,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_HASHES,
  NEWSLETTER_SUBSCRIBE_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from '@ad/contract';
import { messageResponseSchema, newsletterSubscribeBodySchema } from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { honeypotFilled } from '../../platform/captcha/index.ts';
import { linkParam, registerEmailLinkRoutes } from '../../platform/email-link-routes.ts';
import { HttpError } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import {
  NEWSLETTER_CONFIRMATION_JOB,
  type NewsletterConfirmationJob,
  type NewsletterService,
} from './newsletter.service.ts';

/**
 * Confirmation e-mails per address and day: an honest visitor needs one or two; a robot that
 * signs up someone else's address again and again gets no more than this to them.
 */
export const NEWSLETTER_MAILS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 86_400_000;

const noStore = { 'Cache-Control': 'no-store' };

/**
 * The built-in newsletter (when no provider is configured): sign-up (anonymous-forms tier,
 * honeypot, per-address cap, no captcha: decision record 0009), the confirmation and unsubscribe
 * links of the e-mails (back to the home page with a pop-up), and the team's CSV export.
 */
export const newsletterRoutes: FastifyPluginAsync<{
  config: Config;
  newsletter: NewsletterService;
}> = async (app, { config, newsletter }) => {
  await app.jobs.work<NewsletterConfirmationJob>(NEWSLETTER_CONFIRMATION_JOB, (data, job) =>
    newsletter.sendConfirmation(data, job.id),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** False once the address has had its share of confirmation e-mails today. */
  const mayMail = (email: string) =>
    app.rateLimiter
      .consume(
        `newsletter:${email.trim().toLowerCase()}`,
        NEWSLETTER_MAILS_PER_ADDRESS_PER_DAY,
        DAY_MS,
      )
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 429) return false;
          throw error;
        },
      );

  typed.post(
    NEWSLETTER_SUBSCRIBE_PATH,
    {
      schema: { body: newsletterSubscribeBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (honeypotFilled(request.body)) return { message: NEWSLETTER_CHECK_MAILBOX };
      const email = request.body.EMAIL;
      // Past the cap the answer stays the same: it must not tell anything about the address.
      return newsletter.subscribe(email, {
        ip: request.ip ?? null,
        sendMail: await mayMail(email),
      });
    },
  );

  // The links of the e-mails open a page whose button posts here (platform/email-link-routes.ts).
  // The unsubscribe URL is also posted to by mail clients, without any page (RFC 8058).
  await registerEmailLinkRoutes(app, config, {
    [NEWSLETTER_CONFIRM_PATH]: async (request, reply) => {
      const ok = await newsletter.confirm(linkParam(request.query, 'token'));
      const hash = ok ? NEWSLETTER_HASHES.subscribed : NEWSLETTER_HASHES.notConfirmed;
      return reply.redirect(`/#${hash}`, 303);
    },
    [NEWSLETTER_UNSUBSCRIBE_PATH]: async (request, reply) => {
      const ok = await newsletter.unsubscribe(linkParam(request.query, 'token'));
      const hash = ok ? NEWSLETTER_HASHES.unsubscribed : NEWSLETTER_HASHES.notUnsubscribed;
      return reply.redirect(`/#${hash}`, 303);
    },
  });
};
