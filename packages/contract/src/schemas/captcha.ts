import { z } from 'zod';
import { CAPTCHA_RESPONSE_FIELD, CAPTCHA_VERIFIED_FIELD, HONEYPOT_FIELD } from '../captcha.ts';

/**
 * Fields every anonymous form sends besides its own (spread them into its body schema:
 * `z.object({ ...ownFields, ...captchaFields })`). The captcha is checked by the server's guard
 * before the body is validated; keeping the honeypot in the schema lets the route see it.
 */
export const captchaFields = {
  [CAPTCHA_RESPONSE_FIELD]: z.string().max(10_000).nullish(),
  /** true, 1, '1' or 'true' (JSON or form encoding); anything else means false. */
  [CAPTCHA_VERIFIED_FIELD]: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])
    .nullish(),
  [HONEYPOT_FIELD]: z.string().nullish(),
} as const;

/** GET /api/captcha/challenge: an ALTCHA challenge (altcha-lib v2 format), signed by the server. */
export const captchaChallengeSchema = z.object({
  // Loose: every parameter is covered by the signature, none may be dropped on the way out.
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
