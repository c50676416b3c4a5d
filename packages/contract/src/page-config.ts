import type { Role } from './constants.ts';

/**
 * The page config the server hands to the app at start (spec: page-level config). Plain types,
 * so that the browser's entry chunk needs no schema library; the zod schemas that guard the
 * server side live in `@ad/contract/schemas` and are checked against these types.
 */

/** The authenticated user as handed to the page at start. */
export interface PageUser {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  has_institution: boolean;
}

/** Settings the public pages need; everything here is public. */
export interface PublicSettings {
  /** Public base URL (APP_URL): canonical and Open Graph URLs. */
  appUrl: string;
  /** Idle lifetime of a signed-in session, for the cookie list of the privacy page. */
  sessionLifetimeMinutes: number;
  /** Idle lifetime of a session opened with 'Se souvenir de moi'. */
  sessionRememberDays: number;
  helpPhone: string;
  tileUrl: string;
  tileAttribution: string;
  cookieConsentEnabled: boolean;
  captchaProvider: 'altcha' | 'recaptcha';
  recaptchaSiteKey: string | null;
  newsletterFormUrl: string | null;
  publisher: { name: string; address: string; director: string; email: string };
  host: { name: string; address: string; phone: string };
}

export interface PageConfig {
  appName: string;
  user: PageUser | null;
  settings: PublicSettings;
  /**
   * The published item of the requested detail route as the server loaded it (fields that fill
   * the ':field' placeholders of titles and breadcrumbs), or null on other routes.
   */
  item: Record<string, string | null> | null;
}

/** Id of the JSON script element that carries the page config in the HTML shell. */
export const PAGE_CONFIG_ELEMENT_ID = 'page-config';

/** Response header carrying the new CSRF token after login and logout. */
export const CSRF_HEADER = 'x-csrf-token';

/** Id of the JSON script element that carries the server's query results (dehydrated). */
export const QUERY_STATE_ELEMENT_ID = 'query-state';
