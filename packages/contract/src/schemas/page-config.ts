import { z } from 'zod';
import type { PageConfig, PageUser, PublicSettings } from '../page-config.ts';

export const pageUserSchema: z.ZodType<PageUser> = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(['member', 'moderator', 'admin']),
  has_institution: z.boolean(),
});

export const publicSettingsSchema: z.ZodType<PublicSettings> = z.object({
  appUrl: z.string(),
  sessionLifetimeMinutes: z.number().int(),
  sessionRememberDays: z.number().int(),
  helpPhone: z.string(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
  cookieConsentEnabled: z.boolean(),
  captchaProvider: z.enum(['altcha', 'recaptcha']),
  recaptchaSiteKey: z.string().nullable(),
  newsletterFormUrl: z.string().nullable(),
  publisher: z.object({
    name: z.string(),
    address: z.string(),
    director: z.string(),
    email: z.string(),
  }),
  host: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
});

export const pageConfigSchema: z.ZodType<PageConfig> = z.object({
  appName: z.string(),
  user: pageUserSchema.nullable(),
  settings: publicSettingsSchema,
  item: z.record(z.string(), z.string().nullable()).nullable(),
});
