import {
  fillPlaceholders,
  metaDescription,
  pageTitle,
  pathTo,
  routeByName,
  type RouteDefinition,
  type RouteName,
} from './routes.ts';
import type { PageSeo } from './ssr.ts';

/**
 * The head of a page (spec public-site §2: title, description, and the tags of search engines
 * and shared links), computed the same way by the server's HTML shell and by the browser after
 * each navigation inside the app.
 */
export interface PageHeadInput {
  appName: string;
  route: RouteDefinition;
  /** A detail route's item: its fields fill the route's ':field' placeholders. */
  item: Record<string, unknown> | null | undefined;
  /** The page's path (no query). */
  pathname: string;
  /** The page's query string (`?page=2&categories=3`): only its page, above 1, is canonical. */
  search?: string;
  /** The site's absolute address, without a trailing slash (APP_URL). */
  appUrl: string;
  /** The page's own tags (app/pages.ts `seo`), from its queries' data. */
  seo?: PageSeo | null;
  /** The page answers 404 (an unknown path: the catch-all route). */
  notFound?: boolean;
}

export interface PageHead {
  title: string;
  description: string;
  /** Pages that must not be indexed: the 404 page, the account and moderation pages, search. */
  noindex: boolean;
  /**
   * Absolute canonical URL (also og:url): the path, with `?page=N` for a list's page past the
   * first (each page lists other items; the filters are not canonical); null for pages that are
   * not indexed.
   */
  canonicalUrl: string | null;
  ogType: 'website' | 'article';
  /** Absolute og:image URL, or null. */
  image: string | null;
  /** schema.org objects: the home page's WebSite, the BreadcrumbList, then the page's own. */
  jsonLd: Record<string, unknown>[];
}

/** An absolute URL: this site's paths are prefixed with its address. */
function absolute(appUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** schema.org properties that hold a URL: this site's paths become absolute there. */
const URL_PROPERTIES = new Set(['url', 'image', 'item', 'contentUrl', 'embedUrl', 'logo']);

/** A JSON-LD value with this site's paths made absolute (search engines need absolute URLs). */
function withAbsoluteUrls(value: unknown, appUrl: string, key = ''): unknown {
  if (typeof value === 'string') {
    return URL_PROPERTIES.has(key) && value.startsWith('/') ? absolute(appUrl, value) : value;
  }
  if (Array.isArray(value)) return value.map((entry) => withAbsoluteUrls(entry, appUrl, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, withAbsoluteUrls(entry, appUrl, name)]),
    );
  }
  return value;
}

/** The home page's schema.org WebSite, with the site search (search engines' search box). */
function websiteJsonLd(input: PageHeadInput): Record<string, unknown> | null {
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
function breadcrumbJsonLd(
  input: PageHeadInput,
  canonicalUrl: string,
): Record<string, unknown> | null {
  const { route, item, appUrl } = input;
  if (route.breadcrumb.length === 0) return null;
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

/**
 * A NewsArticle of the page names the site as its publisher and author (posts are moderated
 * publications of the platform, whatever member proposed them) and the page as its subject.
 */
function withSiteAsPublisher(
  entry: Record<string, unknown>,
  input: PageHeadInput,
  canonicalUrl: string,
): Record<string, unknown> {
  if (entry['@type'] !== 'NewsArticle') return entry;
  const site = { '@type': 'Organization', name: input.appName, url: `${input.appUrl}/` };
  return { author: site, publisher: site, mainEntityOfPage: canonicalUrl, ...entry };
}

/** The public lists paginated by `?page=` (their other pages list other items). */
const PAGINATED_ROUTES = new Set(['posts', 'events', 'resources', 'contacts']);

/** `?page=N` of a paginated list's page past the first, else ''. */
function canonicalPage(route: RouteDefinition, search: string | undefined): string {
  if (!PAGINATED_ROUTES.has(route.name)) return '';
  const page = Number(new URLSearchParams(search ?? '').get('page'));
  return Number.isInteger(page) && page > 1 ? `?page=${page}` : '';
}

export function buildPageHead(input: PageHeadInput): PageHead {
  const { appName, route, item, appUrl } = input;
  const seo = input.seo ?? {};
  const noindex =
    Boolean(input.notFound) || route.name === '404' || Boolean(route.auth || route.noindex);
  const canonicalUrl = noindex
    ? null
    : appUrl + (input.pathname.replace(/\/+$/, '') || '/') + canonicalPage(route, input.search);
  const description =
    fillPlaceholders(route.description, item) || routeByName('homepage').description;
  const jsonLd = canonicalUrl
    ? [websiteJsonLd(input), breadcrumbJsonLd(input, canonicalUrl), ...(seo.jsonLd ?? [])]
        .filter((entry) => entry !== null)
        .map((entry) => withSiteAsPublisher(entry, input, canonicalUrl))
        .map((entry) => withAbsoluteUrls(entry, appUrl) as Record<string, unknown>)
    : [];
  return {
    title: pageTitle(appName, fillPlaceholders(route.title, item)),
    description: metaDescription(description),
    noindex,
    canonicalUrl,
    ogType: seo.ogType ?? 'website',
    image: seo.image ? absolute(appUrl, seo.image) : null,
    jsonLd,
  };
}
