import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTACT_US_OPTIONS_PATH, CONTACT_US_PATH, CONTACT_US_SENT } from '@ad/contract';
import {
  contactUsBodySchema,
  contactUsOptionsSchema,
  messageResponseSchema,
} from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { honeypotFilled } from '../../platform/captcha/index.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { registerContactMessageJobs } from './contact-messages.ts';
import type { ContactUsService, SenderMeta } from './contact-us.service.ts';

export function senderOf(request: FastifyRequest): SenderMeta {
  return {
    userId: request.user?.id ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/**
 * 'Nous contacter': its options (public, cached, also read by the page's server rendering) and
 * the form (captcha checked before validation, honeypot, anonymous-forms rate-limit tier).
 */
export const contactUsRoutes: FastifyPluginAsync<
  PublicGetDeps & { config: Config; db: AppDatabase; clock: Clock; contactUs: ContactUsService }
> = async (app, { config, db, clock, contactUs, ...deps }) => {
  await registerContactMessageJobs(app.jobs, { db, clock });

  publicGet(app, deps, {
    path: CONTACT_US_OPTIONS_PATH,
    response: contactUsOptionsSchema,
    read: () => contactUs.options(),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    CONTACT_US_PATH,
    {
      preValidation: app.captcha.guard,
      schema: { body: contactUsBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (honeypotFilled(request.body)) return { message: CONTACT_US_SENT };
      return contactUs.send(request.body, senderOf(request));
    },
  );
};
