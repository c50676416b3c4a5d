import { z } from 'zod';
import { HONEYPOT_FIELD } from '../captcha.ts';
import { FIELD_INVALID_MESSAGE, FIELD_REQUIRED_MESSAGE } from '../newsletter.ts';

/**
 * POST /api/newsletter/subscriptions: the spec's newsletter form fields (EMAIL, the honeypot
 * email_address_check, locale). No captcha: see decision record 0009.
 */
export const newsletterSubscribeBodySchema = z.object({
  EMAIL: z
    .string({ error: FIELD_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: FIELD_REQUIRED_MESSAGE })
    .max(255, { error: FIELD_INVALID_MESSAGE })
    .pipe(z.email({ error: FIELD_INVALID_MESSAGE })),
  locale: z.string().max(10).nullish(),
  [HONEYPOT_FIELD]: z.string().nullish(),
});
export type NewsletterSubscribeBody = z.infer<typeof newsletterSubscribeBodySchema>;
