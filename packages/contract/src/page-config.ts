import { z } from 'zod';

/** The authenticated user as handed to the page at start (spec: page-level config). */
export const pageUserSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(['member', 'moderator', 'admin']),
  has_institution: z.boolean(),
});
export type PageUser = z.infer<typeof pageUserSchema>;

/** Settings the public pages need; everything here is public. */
export const publicSettingsSchema = z.object({
  /** Public base URL (APP_URL): canonical and Open Graph URLs. */
  appUrl: z.string(),
  /** Idle lifetime of a signed-in session, for the cookie list of the privacy page. */
  sessionLifetimeMinutes: z.number().int(),
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
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const pageConfigSchema = z.object({
  appName: z.string(),
  user: pageUserSchema.nullable(),
  settings: publicSettingsSchema,
  /**
   * The published item of the requested detail route as the server loaded it (fields that fill
   * the ':field' placeholders of titles and breadcrumbs), or null on other routes.
   */
  item: z.record(z.string(), z.string().nullable()).nullable(),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

/** Id of the JSON script element that carries the page config in the HTML shell. */
export const PAGE_CONFIG_ELEMENT_ID = 'page-config';
