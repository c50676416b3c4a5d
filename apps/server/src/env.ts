/**
 * Configuration: the single place that reads process.env.
 *
 * Variables (default in brackets):
 *   NODE_ENV                 development | production | test [development]
 *   PORT                     HTTP port [3000]
 *   HOST                     listen address [0.0.0.0]
 *   DATA_DIR                 writable data folder (PGlite files, mails, uploads), relative to the repo root [var]
 *   DATABASE_URL             postgres://… ; unset: embedded PGlite under DATA_DIR [unset]
 *   APP_NAME                 product name (titles, share texts, e-mails) [Alimentation durable Nouvelle-Aquitaine]
 *   APP_URL                  public base URL, used for canonical and Open Graph URLs; required in
 *                            production [http://localhost:PORT]
 *   SESSION_SECRET           secret for CSRF tokens of anonymous visitors, >= 32 chars; required in production
 *                            and whenever APP_URL is https [a fixed development value]
 *   SESSION_LIFETIME_MINUTES idle lifetime of a signed-in session [120]
 *   SESSION_REMEMBER_DAYS    idle lifetime of a session opened with 'Se souvenir de moi' [30]
 *   REDIS_URL                redis://… ; set: shared rate-limit counters in Redis, else in the database [unset]
 *   SEED_DEMO                seed demo content on first start [true, false in production or over https];
 *                            demo accounts only on a development machine (never in production or over https)
 *   TILE_URL                 Leaflet tile URL template [https://{s}.tile.openstreetmap.fr/osmfr/{z}/{x}/{y}.png]
 *   TILE_ATTRIBUTION         map attribution (HTML) [© les contributeurs d'OpenStreetMap, fond OSM France]
 *   COOKIE_CONSENT_ENABLED   show the cookie-consent banner [false]
 *   RECAPTCHA_SITE_KEY       reCAPTCHA v2 keys; both unset: self-hosted ALTCHA [unset]
 *   RECAPTCHA_SECRET_KEY
 *   RECAPTCHA_VERIFY_URL     reCAPTCHA token check endpoint (tests, recaptcha.net) [https://www.google.com/recaptcha/api/siteverify]
 *   NEWSLETTER_FORM_URL      form endpoint of the e-mail-marketing provider; unset: the built-in double opt-in list [unset]
 *   SMTP_URL                 smtp(s)://user:pass@host:port ; unset: mails written as .eml under DATA_DIR/mail [unset]
 *   MAIL_FROM                sender of outgoing mail [APP_NAME <ne-pas-repondre@alimentation-durable-nouvelle-aquitaine.fr>]
 *   CONTACT_EMAIL            team address receiving the contact form [contact@alimentation-durable-nouvelle-aquitaine.fr]
 *   HELP_PHONE               help line shown in the help texts [05 56 00 42 42]
 *   PUBLISHER_NAME           publisher (legal notice) [DREAL Nouvelle-Aquitaine, see below]
 *   PUBLISHER_ADDRESS        [15 rue Arthur Ranc, CS 60539, 86020 Poitiers Cedex]
 *   PUBLISHER_DIRECTOR       publication director [Le directeur régional de l'environnement, …]
 *   PUBLISHER_EMAIL          [contact@alimentation-durable-nouvelle-aquitaine.fr]
 *   HOST_NAME                hosting company (legal notice) [OVH SAS]
 *   HOST_ADDRESS             [2 rue Kellermann, 59100 Roubaix, France]
 *   HOST_PHONE               [+33 9 72 10 10 07]
 *   LOG_LEVEL                fatal | error | warn | info | debug | trace | silent [info; silent in test]
 *   TRUST_PROXY              false | true | hop count | comma-separated addresses/CIDRs [false]
 *   RATE_LIMIT_ENABLED       [true]
 *   RATE_LIMIT_WINDOW        window of the three tiers, e.g. "1 minute" [1 minute]
 *   RATE_LIMIT_READ_MAX      requests per window and address, reads (global tier) [600]
 *   RATE_LIMIT_WRITE_MAX     writes (member submissions…) [60]
 *   RATE_LIMIT_AUTH_MAX      login and anonymous forms [10]
 *   RATE_LIMIT_ACCOUNT_MAX   sign-in, sign-up and reset attempts per e-mail address and 15 minutes (a member's
 *                            checks of the current password count as sign-ins) [10]
 *   PUBLIC_CACHE_WARM_ENTRIES answers of the public cache computed again in the background after a change of the
 *                            public content (read by visitors within a day, the most recent first); 0: none, at
 *                            most 500 [50; 0 in test]
 *   ADDRESS_API_URL          French national address base search endpoint (address autocomplete of the
 *                            account forms); unset or unreachable: the project's commune centroids [unset]
 *   UPLOAD_MAX_IMAGE_MB      largest accepted image upload, in MB [5]
 *   UPLOAD_MAX_DOCUMENT_MB   largest accepted document (PDF) upload, in MB [10]
 *   FRESHNESS_INTERVAL_DAYS  days after an initiative's last publication or confirmation before its owner is asked
 *                            whether it is still up to date [365]
 *   FRESHNESS_REMINDER_DAYS  days without an answer before the one reminder, and again before the initiative is
 *                            flagged in the back office [30]
 *   FRESHNESS_LINK_DAYS      validity of the signed « still up to date » link of those e-mails, in days [60]
 *   RETENTION_YEARS          submitted content is deleted this many years after its last publication (privacy
 *                            policy: keep it equal to RETENTION_SUBMITTED_DATA_YEARS, which the page shows) [3]
 *   RETENTION_WARNING_DAYS   the owner is warned this many days before the deletion [30]
 *   S3_BUCKET                set: uploads stored in this S3-compatible bucket; unset: on disk under DATA_DIR/uploads [unset]
 *   S3_ENDPOINT              endpoint of an S3-compatible provider (MinIO, Scaleway, OVH…), e.g. https://s3.fr-par.scw.cloud ;
 *                            unset: AWS [unset]
 *   S3_REGION                signing region of the bucket (fr-par, gra, eu-west-3…) [us-east-1]
 *   S3_ACCESS_KEY_ID         access keys of the bucket; required with S3_BUCKET
 *   S3_SECRET_ACCESS_KEY
 *   S3_FORCE_PATH_STYLE      address the bucket as ENDPOINT/BUCKET/key rather than BUCKET.ENDPOINT/key
 *                            [true when S3_ENDPOINT is set, false otherwise]
 *   S3_PUBLIC_URL            public base URL (bucket or CDN) under which the keys are read; required with S3_BUCKET
 *   VITE_DEV                 1: serve the web app through Vite middleware (development only) [unset]
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_APP_NAME, RETENTION_SUBMITTED_DATA_YEARS } from '@ad/contract';
import { templateOrigin } from './platform/csp.ts';
import { repoRoot } from './platform/paths.ts';

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production-0123456789';

export const DEFAULTS = {
  PUBLISHER_NAME:
    "Direction régionale de l'environnement, de l'aménagement et du logement (DREAL) Nouvelle-Aquitaine",
  PUBLISHER_ADDRESS: '15 rue Arthur Ranc, CS 60539, 86020 Poitiers Cedex',
  PUBLISHER_DIRECTOR:
    "Le directeur régional de l'environnement, de l'aménagement et du logement de Nouvelle-Aquitaine",
  PUBLISHER_EMAIL: 'contact@alimentation-durable-nouvelle-aquitaine.fr',
  HOST_NAME: 'OVH SAS',
  HOST_ADDRESS: '2 rue Kellermann, 59100 Roubaix, France',
  HOST_PHONE: '+33 9 72 10 10 07',
  CONTACT_EMAIL: 'contact@alimentation-durable-nouvelle-aquitaine.fr',
  MAIL_FROM_ADDRESS: 'ne-pas-repondre@alimentation-durable-nouvelle-aquitaine.fr',
  HELP_PHONE: '05 56 00 42 42',
  TILE_URL: 'https://{s}.tile.openstreetmap.fr/osmfr/{z}/{x}/{y}.png',
  TILE_ATTRIBUTION:
    '&copy; les contributeurs d\'<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>, fond <a href="https://www.openstreetmap.fr/">OSM France</a>',
} as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const booleanVar = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
        error: `${name} doit valoir true ou false`,
      })
      .transform((v) => ['true', '1', 'yes', 'on'].includes(v))
      .optional(),
  );

const intVar = (name: string, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: `${name} doit être un nombre entier entre ${min} et ${max}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(min, { error: `${name} doit être un nombre entier entre ${min} et ${max}` })
          .max(max, { error: `${name} doit être un nombre entier entre ${min} et ${max}` }),
      )
      .optional(),
  );

const urlVar = (name: string, protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => {
          try {
            return protocols.test(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        { error: `${name} doit être une URL valide (${hint})` },
      )
      .optional(),
  );

const rawSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'NODE_ENV doit valoir development, production ou test',
      })
      .default('development'),
  ),
  PORT: intVar('PORT', 1, 65535),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: urlVar('DATABASE_URL', /^postgres(ql)?:$/, 'postgres://utilisateur@hôte:5432/base'),
  APP_NAME: optionalString,
  APP_URL: urlVar('APP_URL', /^https?:$/, 'http:// ou https://'),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'SESSION_SECRET doit contenir au moins 32 caractères' }).optional(),
  ),
  SESSION_LIFETIME_MINUTES: intVar('SESSION_LIFETIME_MINUTES', 1, 60 * 24 * 30),
  SESSION_REMEMBER_DAYS: intVar('SESSION_REMEMBER_DAYS', 1, 365),
  REDIS_URL: urlVar('REDIS_URL', /^rediss?:$/, 'redis://hôte:6379'),
  SEED_DEMO: booleanVar('SEED_DEMO'),
  // Its host goes into the Content-Security-Policy (platform/csp.ts): a template whose host
  // cannot be read there would have every tile blocked by the browser.
  TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) =>
          templateOrigin(v) !== null && v.includes('{z}') && v.includes('{x}') && /\{-?y\}/.test(v),
        {
          error:
            "TILE_URL doit être un modèle d'adresse http:// ou https:// de tuiles, avec {z}, {x} et {y} (ou {-y})",
        },
      )
      .optional(),
  ),
  TILE_ATTRIBUTION: optionalString,
  COOKIE_CONSENT_ENABLED: booleanVar('COOKIE_CONSENT_ENABLED'),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: urlVar('RECAPTCHA_VERIFY_URL', /^https?:$/, 'http:// ou https://'),
  NEWSLETTER_FORM_URL: urlVar('NEWSLETTER_FORM_URL', /^https?:$/, 'http:// ou https://'),
  SMTP_URL: urlVar('SMTP_URL', /^smtps?:$/, 'smtp:// ou smtps://'),
  MAIL_FROM: optionalString,
  CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'CONTACT_EMAIL doit être une adresse e-mail valide' }).optional(),
  ),
  HELP_PHONE: optionalString,
  PUBLISHER_NAME: optionalString,
  PUBLISHER_ADDRESS: optionalString,
  PUBLISHER_DIRECTOR: optionalString,
  PUBLISHER_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'PUBLISHER_EMAIL doit être une adresse e-mail valide' }).optional(),
  ),
  HOST_NAME: optionalString,
  HOST_ADDRESS: optionalString,
  HOST_PHONE: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace ou silent',
      })
      .optional(),
  ),
  TRUST_PROXY: optionalString,
  RATE_LIMIT_ENABLED: booleanVar('RATE_LIMIT_ENABLED'),
  RATE_LIMIT_WINDOW: optionalString,
  RATE_LIMIT_READ_MAX: intVar('RATE_LIMIT_READ_MAX', 1, 1_000_000),
  RATE_LIMIT_WRITE_MAX: intVar('RATE_LIMIT_WRITE_MAX', 1, 1_000_000),
  RATE_LIMIT_AUTH_MAX: intVar('RATE_LIMIT_AUTH_MAX', 1, 1_000_000),
  RATE_LIMIT_ACCOUNT_MAX: intVar('RATE_LIMIT_ACCOUNT_MAX', 1, 1_000_000),
  PUBLIC_CACHE_WARM_ENTRIES: intVar('PUBLIC_CACHE_WARM_ENTRIES', 0, 500),
  ADDRESS_API_URL: urlVar('ADDRESS_API_URL', /^https?:$/, 'http:// ou https://'),
  UPLOAD_MAX_IMAGE_MB: intVar('UPLOAD_MAX_IMAGE_MB', 1, 100),
  UPLOAD_MAX_DOCUMENT_MB: intVar('UPLOAD_MAX_DOCUMENT_MB', 1, 200),
  FRESHNESS_INTERVAL_DAYS: intVar('FRESHNESS_INTERVAL_DAYS', 1, 3650),
  FRESHNESS_REMINDER_DAYS: intVar('FRESHNESS_REMINDER_DAYS', 1, 365),
  FRESHNESS_LINK_DAYS: intVar('FRESHNESS_LINK_DAYS', 1, 365),
  RETENTION_YEARS: intVar('RETENTION_YEARS', 1, 50),
  RETENTION_WARNING_DAYS: intVar('RETENTION_WARNING_DAYS', 1, 365),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, {
        error: 'S3_BUCKET doit être un nom de compartiment (lettres, chiffres, points, tirets)',
      })
      .optional(),
  ),
  S3_ENDPOINT: urlVar('S3_ENDPOINT', /^https?:$/, 'http:// ou https://'),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanVar('S3_FORCE_PATH_STYLE'),
  S3_PUBLIC_URL: urlVar('S3_PUBLIC_URL', /^https?:$/, 'http:// ou https://'),
  VITE_DEV: booleanVar('VITE_DEV'),
});

export type TrustProxy = boolean | number | string[];

export interface Config {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  HOST: string;
  /** Absolute path. */
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  APP_NAME: string;
  /** Without trailing slash. */
  APP_URL: string;
  SESSION_SECRET: string;
  SESSION_LIFETIME_MINUTES: number;
  SESSION_REMEMBER_DAYS: number;
  REDIS_URL: string | undefined;
  SEED_DEMO: boolean;
  TILE_URL: string;
  TILE_ATTRIBUTION: string;
  COOKIE_CONSENT_ENABLED: boolean;
  RECAPTCHA_SITE_KEY: string | undefined;
  RECAPTCHA_SECRET_KEY: string | undefined;
  RECAPTCHA_VERIFY_URL: string;
  NEWSLETTER_FORM_URL: string | undefined;
  SMTP_URL: string | undefined;
  MAIL_FROM: string;
  CONTACT_EMAIL: string;
  HELP_PHONE: string;
  PUBLISHER_NAME: string;
  PUBLISHER_ADDRESS: string;
  PUBLISHER_DIRECTOR: string;
  PUBLISHER_EMAIL: string;
  HOST_NAME: string;
  HOST_ADDRESS: string;
  HOST_PHONE: string;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  TRUST_PROXY: TrustProxy;
  RATE_LIMIT_ENABLED: boolean;
  RATE_LIMIT_WINDOW: string;
  RATE_LIMIT_READ_MAX: number;
  RATE_LIMIT_WRITE_MAX: number;
  RATE_LIMIT_AUTH_MAX: number;
  RATE_LIMIT_ACCOUNT_MAX: number;
  /** Public cache entries computed again after a change (platform/public-cache/cache-warmer.ts). */
  PUBLIC_CACHE_WARM_ENTRIES: number;
  /** Search endpoint of the national address base (e.g. https://api-adresse.data.gouv.fr/search/). */
  ADDRESS_API_URL: string | undefined;
  UPLOAD_MAX_IMAGE_MB: number;
  UPLOAD_MAX_DOCUMENT_MB: number;
  /** Yearly freshness check of initiatives (modules/content-freshness). */
  FRESHNESS_INTERVAL_DAYS: number;
  FRESHNESS_REMINDER_DAYS: number;
  FRESHNESS_LINK_DAYS: number;
  /** Retention of submitted content after its last publication (privacy policy). */
  RETENTION_YEARS: number;
  RETENTION_WARNING_DAYS: number;
  /** Set: uploads go to this S3-compatible bucket (the other S3_* are then checked). */
  S3_BUCKET: string | undefined;
  /** Unset: AWS. */
  S3_ENDPOINT: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string | undefined;
  S3_SECRET_ACCESS_KEY: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  /** Without trailing slash; set whenever S3_BUCKET is. */
  S3_PUBLIC_URL: string | undefined;
  VITE_DEV: boolean;
  /** Derived: production mode. */
  isProduction: boolean;
  /** Production, or served over https: never the demo accounts nor the development secret. */
  isDeployment: boolean;
  /** Derived: cookies get the Secure flag (APP_URL is https). */
  secureCookies: boolean;
  /** Derived: reCAPTCHA when both keys are set, ALTCHA otherwise. */
  captchaProvider: 'altcha' | 'recaptcha';
}

/** Never echoed in error messages. */
const SECRET_VARS = new Set([
  'SESSION_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'RECAPTCHA_SECRET_KEY',
  'REDIS_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
]);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string | undefined): TrustProxy | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (
    list.every((v) => /^[0-9a-fA-F.:/]+$/.test(v) || /^(loopback|linklocal|uniquelocal)$/.test(v))
  )
    return list;
  return `TRUST_PROXY doit valoir false, true, un nombre de relais ou une liste d'adresses séparées par des virgules (reçu « ${value} »)`;
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/**
 * S3_BUCKET switches uploads to the bucket, so it needs the keys and the public URL; S3 settings
 * without a bucket would silently leave the files on the local disk, so they are refused too.
 */
function s3Problems(raw: z.infer<typeof rawSchema>): string[] {
  if (!raw.S3_BUCKET) {
    const orphans = S3_SETTINGS.filter((name) => raw[name] !== undefined);
    return orphans.length > 0
      ? [
          `S3_BUCKET est obligatoire quand ${orphans.join(', ')} ${orphans.length > 1 ? 'sont définies' : 'est définie'}`,
        ]
      : [];
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter(
    (name) => !raw[name],
  );
  const problems = missing.map((name) => `${name} est obligatoire quand S3_BUCKET est définie`);
  // Keys are appended to it: a query or fragment would end up in the middle of every URL.
  if (raw.S3_PUBLIC_URL && /[?#]/.test(raw.S3_PUBLIC_URL))
    problems.push(
      `S3_PUBLIC_URL ne doit contenir ni « ? » ni « # » (reçu « ${raw.S3_PUBLIC_URL} »)`,
    );
  return problems;
}

/** Reads and validates the configuration; throws ConfigError listing every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = rawSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      const secret = SECRET_VARS.has(name);
      const received = name && !secret && env[name] !== undefined ? ` (reçu « ${env[name]} »)` : '';
      problems.push(
        issue.message.includes(name) ? `${issue.message}${received}` : `${name} : ${issue.message}`,
      );
    }
    throw new ConfigError(problems);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';

  // A site served over https is a real deployment, whatever NODE_ENV says: never with the
  // secret written in this repository (anyone could sign captcha answers, CSRF tokens, links).
  const servedOverHttps = (raw.APP_URL ?? '').startsWith('https://');
  if ((isProduction || servedOverHttps) && !raw.SESSION_SECRET)
    problems.push(
      'SESSION_SECRET est obligatoire en production et derrière https (au moins 32 caractères aléatoires)',
    );
  // Canonical links, Open Graph, the sitemap and every link of an e-mail are built on it: a
  // deployment must not announce http://localhost.
  if (isProduction && !raw.APP_URL)
    problems.push(
      "APP_URL est obligatoire en production : l'adresse publique du site (ex. https://alimentation.exemple.fr)",
    );
  if (Boolean(raw.RECAPTCHA_SITE_KEY) !== Boolean(raw.RECAPTCHA_SECRET_KEY))
    problems.push(
      'RECAPTCHA_SITE_KEY et RECAPTCHA_SECRET_KEY doivent être définies ensemble (ou aucune des deux pour ALTCHA)',
    );
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(trustProxy);
  problems.push(...s3Problems(raw));
  if (raw.VITE_DEV && isProduction) problems.push('VITE_DEV ne peut pas être activé en production');
  const window = raw.RATE_LIMIT_WINDOW ?? '1 minute';
  if (!/^\d+\s*(ms|millisecond|second|minute|hour|day)s?$|^\d+$/.test(window.trim()))
    problems.push(
      `RATE_LIMIT_WINDOW doit être une durée comme « 1 minute » ou « 30 seconds » (reçu « ${window} »)`,
    );
  const retentionYears = raw.RETENTION_YEARS ?? RETENTION_SUBMITTED_DATA_YEARS;
  const retentionWarningDays = raw.RETENTION_WARNING_DAYS ?? 30;
  // The warning must come after the publication, or an item would be warned on the day it is out.
  if (retentionWarningDays >= retentionYears * 365)
    problems.push(
      `RETENTION_WARNING_DAYS doit être inférieur à la durée de conservation (RETENTION_YEARS × 365 jours, reçu « ${retentionWarningDays} »)`,
    );
  if (problems.length > 0) throw new ConfigError(problems);

  const port = raw.PORT ?? 3000;
  const appUrl = (raw.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const appName = raw.APP_NAME ?? DEFAULT_APP_NAME;

  return {
    NODE_ENV: raw.NODE_ENV,
    PORT: port,
    HOST: raw.HOST ?? '0.0.0.0',
    DATA_DIR: path.resolve(repoRoot(), raw.DATA_DIR ?? 'var'),
    DATABASE_URL: raw.DATABASE_URL,
    APP_NAME: appName,
    APP_URL: appUrl,
    SESSION_SECRET: raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
    SESSION_LIFETIME_MINUTES: raw.SESSION_LIFETIME_MINUTES ?? 120,
    SESSION_REMEMBER_DAYS: raw.SESSION_REMEMBER_DAYS ?? 30,
    REDIS_URL: raw.REDIS_URL,
    // Demo accounts (their passwords are in the README) only on a development machine.
    SEED_DEMO: raw.SEED_DEMO ?? (!isProduction && !servedOverHttps),
    TILE_URL: raw.TILE_URL ?? DEFAULTS.TILE_URL,
    TILE_ATTRIBUTION: raw.TILE_ATTRIBUTION ?? DEFAULTS.TILE_ATTRIBUTION,
    COOKIE_CONSENT_ENABLED: raw.COOKIE_CONSENT_ENABLED ?? false,
    RECAPTCHA_SITE_KEY: raw.RECAPTCHA_SITE_KEY,
    RECAPTCHA_SECRET_KEY: raw.RECAPTCHA_SECRET_KEY,
    RECAPTCHA_VERIFY_URL:
      raw.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
    NEWSLETTER_FORM_URL: raw.NEWSLETTER_FORM_URL,
    SMTP_URL: raw.SMTP_URL,
    MAIL_FROM: raw.MAIL_FROM ?? `${appName} <${DEFAULTS.MAIL_FROM_ADDRESS}>`,
    CONTACT_EMAIL: raw.CONTACT_EMAIL ?? DEFAULTS.CONTACT_EMAIL,
    HELP_PHONE: raw.HELP_PHONE ?? DEFAULTS.HELP_PHONE,
    PUBLISHER_NAME: raw.PUBLISHER_NAME ?? DEFAULTS.PUBLISHER_NAME,
    PUBLISHER_ADDRESS: raw.PUBLISHER_ADDRESS ?? DEFAULTS.PUBLISHER_ADDRESS,
    PUBLISHER_DIRECTOR: raw.PUBLISHER_DIRECTOR ?? DEFAULTS.PUBLISHER_DIRECTOR,
    PUBLISHER_EMAIL: raw.PUBLISHER_EMAIL ?? DEFAULTS.PUBLISHER_EMAIL,
    HOST_NAME: raw.HOST_NAME ?? DEFAULTS.HOST_NAME,
    HOST_ADDRESS: raw.HOST_ADDRESS ?? DEFAULTS.HOST_ADDRESS,
    HOST_PHONE: raw.HOST_PHONE ?? DEFAULTS.HOST_PHONE,
    LOG_LEVEL: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'test' ? 'silent' : 'info'),
    TRUST_PROXY: trustProxy as TrustProxy,
    RATE_LIMIT_ENABLED: raw.RATE_LIMIT_ENABLED ?? true,
    RATE_LIMIT_WINDOW: window,
    RATE_LIMIT_READ_MAX: raw.RATE_LIMIT_READ_MAX ?? 600,
    RATE_LIMIT_WRITE_MAX: raw.RATE_LIMIT_WRITE_MAX ?? 60,
    RATE_LIMIT_AUTH_MAX: raw.RATE_LIMIT_AUTH_MAX ?? 10,
    RATE_LIMIT_ACCOUNT_MAX: raw.RATE_LIMIT_ACCOUNT_MAX ?? 10,
    PUBLIC_CACHE_WARM_ENTRIES: raw.PUBLIC_CACHE_WARM_ENTRIES ?? (raw.NODE_ENV === 'test' ? 0 : 50),
    ADDRESS_API_URL: raw.ADDRESS_API_URL,
    UPLOAD_MAX_IMAGE_MB: raw.UPLOAD_MAX_IMAGE_MB ?? 5,
    UPLOAD_MAX_DOCUMENT_MB: raw.UPLOAD_MAX_DOCUMENT_MB ?? 10,
    FRESHNESS_INTERVAL_DAYS: raw.FRESHNESS_INTERVAL_DAYS ?? 365,
    FRESHNESS_REMINDER_DAYS: raw.FRESHNESS_REMINDER_DAYS ?? 30,
    FRESHNESS_LINK_DAYS: raw.FRESHNESS_LINK_DAYS ?? 60,
    RETENTION_YEARS: retentionYears,
    RETENTION_WARNING_DAYS: retentionWarningDays,
    S3_BUCKET: raw.S3_BUCKET,
    S3_ENDPOINT: raw.S3_ENDPOINT,
    // The SigV4 region AWS uses when none is named, and the one MinIO and most S3-compatible
    // servers accept out of the box; Scaleway, OVH or an AWS bucket elsewhere name theirs.
    S3_REGION: raw.S3_REGION ?? 'us-east-1',
    S3_ACCESS_KEY_ID: raw.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: raw.S3_SECRET_ACCESS_KEY,
    // Self-hosted and most S3-compatible endpoints have no wildcard DNS for bucket subdomains.
    S3_FORCE_PATH_STYLE: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
    S3_PUBLIC_URL: raw.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    VITE_DEV: raw.VITE_DEV ?? false,
    isProduction,
    isDeployment: isProduction || servedOverHttps,
    secureCookies: appUrl.startsWith('https://'),
    captchaProvider: raw.RECAPTCHA_SITE_KEY && raw.RECAPTCHA_SECRET_KEY ? 'recaptcha' : 'altcha',
  };
}

/** Configuration for tests: defaults plus overrides, never reads process.env. */
export function testConfig(overrides: Partial<Record<string, string>> = {}): Config {
  // The development secret, also for a test of a site served over https.
  return loadConfig({ NODE_ENV: 'test', SESSION_SECRET: DEV_SESSION_SECRET, ...overrides });
}
