import {
  PAGE_CONFIG_ELEMENT_ID,
  QUERY_STATE_ELEMENT_ID,
  buildPageHead,
  type PageConfig,
  type PageSeo,
  type PublicSettings,
  type RouteDefinition,
} from '@ad/contract';
import type { Config } from '../../env.ts';
import type { ShellItem } from './item-loaders.ts';

export const HEAD_MARKER = '<!--app-head-->';
export const PRELOAD_MARKER = '<!--app-preload-->';
export const HTML_MARKER = '<!--app-html-->';
export const CONFIG_MARKER = '<!--app-config-->';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe inside a <script> element: no `<`, `>`, `&` nor line separators left raw. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function publicSettings(config: Config): PublicSettings {
  return {
    appUrl: config.APP_URL,
    sessionLifetimeMinutes: config.SESSION_LIFETIME_MINUTES,
    sessionRememberDays: config.SESSION_REMEMBER_DAYS,
    helpPhone: config.HELP_PHONE,
    tileUrl: config.TILE_URL,
    tileAttribution: config.TILE_ATTRIBUTION,
    cookieConsentEnabled: config.COOKIE_CONSENT_ENABLED,
    captchaProvider: config.captchaProvider,
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    newsletterFormUrl: config.NEWSLETTER_FORM_URL ?? null,
    publisher: {
      name: config.PUBLISHER_NAME,
      address: config.PUBLISHER_ADDRESS,
      director: config.PUBLISHER_DIRECTOR,
      email: config.PUBLISHER_EMAIL,
    },
    host: { name: config.HOST_NAME, address: config.HOST_ADDRESS, phone: config.HOST_PHONE },
  };
}

export interface HeadInput {
  appName: string;
  route: RouteDefinition;
  item: ShellItem | null;
  /** The page's path (no query). */
  pathname: string;
  /** The page's query string (its page is canonical). */
  search: string;
  /** The page answers 404. */
  notFound: boolean;
  csrfToken: string;
  /** The site's absolute address (APP_URL), for absolute links in the head. */
  appUrl: string;
  /** The page's own tags (og:image, og:type, JSON-LD), from its queries. */
  seo?: PageSeo | null;
}

/** The head's tags (computed by @ad/contract's buildPageHead, as the browser does). */
export function renderHead(input: HeadInput): string {
  const head = buildPageHead(input);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    head.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    head.canonicalUrl ? `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}">` : '',
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:site_name" content="${escapeHtml(input.appName)}">`,
    '<meta property="og:locale" content="fr_FR">',
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}">` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    ...head.jsonLd.map(
      (entry) => `<script type="application/ld+json">${jsonForScript(entry)}</script>`,
    ),
    `<meta name="csrf-token" content="${escapeHtml(input.csrfToken)}">`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

export function renderConfig(config: PageConfig, queryState: unknown): string {
  const tags = [
    `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`,
  ];
  if (queryState) {
    tags.push(
      `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${jsonForScript(queryState)}</script>`,
    );
  }
  return tags.join('\n    ');
}

export interface ShellParts {
  head: string;
  pageConfig: PageConfig;
  /** Server-rendered app, preload tags of its page chunk and the results of its queries. */
  appHtml?: string;
  preload?: string;
  queryState?: unknown;
}

/** Fills the markers of the template (function replacers: `$` in values stays literal). */
export function renderShell(template: string, parts: ShellParts): string {
  return template
    .replace(HEAD_MARKER, () => parts.head)
    .replace(PRELOAD_MARKER, () => parts.preload ?? '')
    .replace(HTML_MARKER, () => parts.appHtml ?? '')
    .replace(CONFIG_MARKER, () => renderConfig(parts.pageConfig, parts.queryState));
}
