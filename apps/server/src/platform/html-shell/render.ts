import {
  PAGE_CONFIG_ELEMENT_ID,
  QUERY_STATE_ELEMENT_ID,
  fillPlaceholders,
  metaDescription,
  pageTitle,
  pathTo,
  type PageConfig,
  type PageSeo,
  type RouteName,
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
  /** Absolute canonical URL (no query); null for pages that must not be indexed. */
  canonicalUrl: string | null;
  csrfToken: string;
  noindex: boolean;
  /** The site's absolute address (APP_URL), for absolute links in the head. */
  appUrl: string;
  /** The page's own tags (og:image, og:type, JSON-LD), from its queries. */
  seo?: PageSeo | null;
}

/** An absolute URL: site paths are prefixed with the site's address. */
function absolute(appUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The home page's schema.org WebSite, with the site search (search engines' search box). */
function websiteJsonLd(input: HeadInput): Record<string, unknown> | null {
  if (input.route.name !== 'homepage') return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: input.appName,
    url: `${input.appUrl}/`,
    inLanguage: 'fr-FR',
    potentialAction: {
      '@type': 'SearchAction',
      target: `${input.appUrl}${pathTo('search')}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

/** schema.org BreadcrumbList of the route's breadcrumb ('Accueil' first, the page last). */
function breadcrumbJsonLd(input: HeadInput): Record<string, unknown> | null {
  const { route, item, canonicalUrl, appUrl } = input;
  if (!canonicalUrl || route.breadcrumb.length === 0) return null;
  const entries = [
    { name: 'Accueil', url: `${appUrl}/` },
    ...route.breadcrumb.map((entry, index) => ({
      name: fillPlaceholders(entry.label, item),
      url:
        index === route.breadcrumb.length - 1 || !entry.to
          ? canonicalUrl
          : `${appUrl}${pathTo(entry.to as RouteName)}`,
    })),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: entries.map((entry, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: entry.name,
      item: entry.url,
    })),
  };
}

export function renderHead(input: HeadInput): string {
  const { appName, route, item } = input;
  const title = pageTitle(appName, fillPlaceholders(route.title, item));
  const description = metaDescription(fillPlaceholders(route.description, item));
  const seo = input.seo ?? {};
  const ogType = seo.ogType ?? 'website';
  const image = seo.image ? absolute(input.appUrl, seo.image) : null;
  const jsonLd = input.noindex
    ? []
    : [websiteJsonLd(input), breadcrumbJsonLd(input), ...(seo.jsonLd ?? [])].filter(
        (entry) => entry !== null,
      );
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    input.noindex ? '<meta name="robots" content="noindex">' : '',
    input.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">` : '',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    input.canonicalUrl
      ? `<meta property="og:url" content="${escapeHtml(input.canonicalUrl)}">`
      : '',
    `<meta property="og:type" content="${ogType}">`,
    `<meta property="og:site_name" content="${escapeHtml(appName)}">`,
    '<meta property="og:locale" content="fr_FR">',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...jsonLd.map((entry) => `<script type="application/ld+json">${jsonForScript(entry)}</script>`),
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
