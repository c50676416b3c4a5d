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
import { HttpError } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import type { NewsletterService } from './newsletter.service.ts';

/**
 * Confirmation e-mails per address and day: an honest visitor needs one or two; a robot that
 * signs up someone else's address again and again gets no more than this to them.
 */
export const NEWSLETTER_MAILS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 86_400_000;

/** The token of a link; anything else (missing, repeated) is a link that does not work. */
const tokenOf = (query: unknown): string => {
  const token = (query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : '';
};
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

  // The links of the e-mails open a page (GET, server-rendered by the web app) whose button
  // posts here: a mail scanner that follows links changes nothing. The token is in the URL, so
  // these routes read no body (any content type, including RFC 8058's one-click POST from mail
  // clients, `List-Unsubscribe=One-Click` as multipart or urlencoded) and need no CSRF token.
  await app.register(async (links) => {
    links.removeAllContentTypeParsers();
    links.addContentTypeParser('*', { bodyLimit: 4096 }, (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', done);
    });
    const linkRoute = {
      config: { ...routeRateLimit(config, 'write').config, csrf: false as const },
    };

    links.post(NEWSLETTER_CONFIRM_PATH, linkRoute, async (request, reply) => {
      const ok = await newsletter.confirm(tokenOf(request.query));
      reply.headers(noStore);
      const hash = ok ? NEWSLETTER_HASHES.subscribed : NEWSLETTER_HASHES.notConfirmed;
      return reply.redirect(`/#${hash}`, 303);
    });

    links.post(NEWSLETTER_UNSUBSCRIBE_PATH, linkRoute, async (request, reply) => {
      const ok = await newsletter.unsubscribe(tokenOf(request.query));
      reply.headers(noStore);
      const hash = ok ? NEWSLETTER_HASHES.unsubscribed : NEWSLETTER_HASHES.notUnsubscribed;
      return reply.redirect(`/#${hash}`, 303);
    });
  });
};
