import type { ComponentType } from 'react';
import { matchRoute, type PageConfig, type PageSeo, type RouteName } from '@ad/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { teamMembersQuery } from '../pages/about/team-members.ts';
import { faqItemQuery, faqPageJsonLd, type FaqItem } from '../pages/faq/faq-item.ts';
import { faqQuery } from '../pages/faq/faq.ts';
import {
  glossaryJsonLd,
  glossaryQuery,
  type GlossaryByLetter,
} from '../pages/glossary/glossary.ts';
import { contactUsOptionsQuery } from '../pages/contact-us/contact-us-options.ts';
import { homeEventsQuery, homepageQuery } from '../pages/home/homepage.ts';
import { agendaQueries, eventsJsonLd, type AgendaPage } from '../pages/events/agenda.ts';
import {
  POST_FILTER_NAMES,
  postFiltersQuery,
  postQuery,
  postsQuery,
  type PostResponse,
} from '../features/posts/posts.ts';
import { postSeo } from '../pages/posts/post-seo.ts';
import { listStateFrom } from '../features/lists/list-params.ts';
import {
  contactFiltersQuery,
  DIRECTORY_FILTERS,
  directoryQuery,
} from '../features/contacts/api.ts';
import {
  RESOURCE_FILTERS,
  resourceFiltersQuery,
  resourceQuery,
  resourcesQuery,
  type Resource,
} from '../features/resources/api.ts';
import { resourceSeo } from '../pages/resources/resource.ts';
import { mapFiltersQuery } from '../features/maps/api.ts';
import { searchFiltersQuery, searchQuery, searchStateFrom } from '../pages/search/search.ts';
import {
  initiativeItem,
  initiativeItemQueries,
  initiativesFollowUps,
  initiativesQueries,
} from '../pages/initiatives/initiatives.ts';
import type { ApiQueryKey } from '../lib/api-query.ts';
import { profilePages } from '../pages/account/profile-pages.ts';
import { publicationPages } from '../pages/account/publication-pages.ts';
import { projectPages } from '../pages/account/project-pages.ts';
import { moderationPages } from '../pages/moderation/moderation-pages.ts';
import { lazyComponent, type PreloadableComponent } from './lazy-component.tsx';

/** The fields of a detail item that fill its route's placeholders (the page config's `item`). */
export type PageItem = NonNullable<PageConfig['item']>;

/** What a page's queries are computed from: the route's path parameters and the query string. */
export interface PageMatch {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** A query a page needs before it can render: an `apiQuery`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageQuery = FetchQueryOptions<any, Error, any, any>;

/** A read of the API a page starts once hydrated (an `apiQuery`: its key says its URL). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FollowUpQuery = FetchQueryOptions<any, Error, any, ApiQueryKey>;

export interface PageDefinition {
  /** The page module, relative to apps/web: the server preloads its chunk (Vite manifest key). */
  source: string;
  component: PreloadableComponent;
  /**
   * The queries the page renders from. The server runs them in-process before rendering and
   * hands their results to the browser, which therefore makes no API request before its first
   * paint; on a client-side navigation they are fetched while the page's chunk loads.
   */
  queries?: (match: PageMatch) => PageQuery[];
  /**
   * Detail routes: the item that fills the route's ':field' title, description and breadcrumb,
   * from the data of the page's first query. When that query finds nothing (404), the server
   * sends the visitor to the 404 route.
   */
  item?: (data: never) => PageItem;
  /**
   * Head tags for search engines and shared links (og:image, og:type, schema.org JSON-LD such as
   * NewsArticle, Event or FAQPage), from the data of the page's queries, in their order (a query
   * that failed gives undefined). Rendered by the server only.
   */
  seo?: (data: never, match: PageMatch) => PageSeo;
  /**
   * The reads the page starts as soon as it is hydrated, from the data of its queries (the
   * further pages of the map's lists): the server has the browser fetch them while it parses the
   * page and loads the app, which it then loads at once (src/boot.ts waits for the first paint,
   * it no longer waits for the download).
   */
  followUps?: (data: never, match: PageMatch) => FollowUpQuery[];
  /**
   * Routes of one screen (the initiatives list and its detail modal) name it: moving between
   * them keeps the page mounted (the map keeps its view and its markers), its scroll and its
   * focus. Any other move mounts the new page afresh.
   */
  screen?: string;
}

function page(
  source: string,
  load: () => Promise<ComponentType>,
  queries?: PageDefinition['queries'],
  item?: PageDefinition['item'],
  seo?: PageDefinition['seo'],
): PageDefinition {
  return { source, component: lazyComponent(load), queries, item, seo };
}

/** Every screen is its own chunk (ARCHITECTURE.md: code-split per route). */
export const notFoundPage = page('src/pages/not-found/not-found-page.tsx', () =>
  import('../pages/not-found/not-found-page.tsx').then((m) => m.NotFoundPage),
);

/**
 * The initiatives page and its detail route are one screen (the detail is a modal over the list
 * and the map): one component, so that opening or closing the detail never remounts the map.
 */
const initiativesComponent = lazyComponent(() =>
  import('../pages/initiatives/initiatives-page.tsx').then((m) => m.InitiativesPage),
);
const INITIATIVES_SOURCE = 'src/pages/initiatives/initiatives-page.tsx';

/** The screens of the routes (a route without one shows the 404 page). */
export const pages: Partial<Record<RouteName, PageDefinition>> = {
  about: page(
    'src/pages/about/about-page.tsx',
    () => import('../pages/about/about-page.tsx').then((m) => m.AboutPage),
    () => [teamMembersQuery(), mapFiltersQuery()],
  ),
  'legal-notice': page('src/pages/legal/legal-notice-page.tsx', () =>
    import('../pages/legal/legal-notice-page.tsx').then((m) => m.LegalNoticePage),
  ),
  confidentiality: page('src/pages/legal/confidentiality-page.tsx', () =>
    import('../pages/legal/confidentiality-page.tsx').then((m) => m.ConfidentialityPage),
  ),
  login: page('src/pages/auth/login-page.tsx', () =>
    import('../pages/auth/login-page.tsx').then((m) => m.LoginPage),
  ),
  register: page('src/pages/auth/register-page.tsx', () =>
    import('../pages/auth/register-page.tsx').then((m) => m.RegisterPage),
  ),
  'forgot-password': page('src/pages/auth/forgot-password-page.tsx', () =>
    import('../pages/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  ),
  'reset-password': page('src/pages/auth/reset-password-page.tsx', () =>
    import('../pages/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
  'faq-item': page(
    'src/pages/faq/faq-item-page.tsx',
    () => import('../pages/faq/faq-item-page.tsx').then((m) => m.FaqItemPage),
    ({ params }) => [faqItemQuery(params.slug ?? '')],
    ({ data }: { data: FaqItem }) => ({ question: data.question, answer: data.answer }),
    ([response]: [{ data: FaqItem } | undefined]) => ({
      jsonLd: response ? [faqPageJsonLd([response.data])] : [],
    }),
  ),
  'contact-us': page(
    'src/pages/contact-us/contact-us-page.tsx',
    () => import('../pages/contact-us/contact-us-page.tsx').then((m) => m.ContactUsPage),
    () => [contactUsOptionsQuery()],
  ),
  'newsletter-confirm': page('src/pages/newsletter/newsletter-link-pages.tsx', () =>
    import('../pages/newsletter/newsletter-link-pages.tsx').then((m) => m.NewsletterConfirmPage),
  ),
  'newsletter-unsubscribe': page('src/pages/newsletter/newsletter-link-pages.tsx', () =>
    import('../pages/newsletter/newsletter-link-pages.tsx').then(
      (m) => m.NewsletterUnsubscribePage,
    ),
  ),
  'initiative-up-to-date': page('src/pages/email-links/initiative-up-to-date-page.tsx', () =>
    import('../pages/email-links/initiative-up-to-date-page.tsx').then(
      (m) => m.InitiativeUpToDatePage,
    ),
  ),
  'register-verify': page('src/pages/email-links/register-verify-page.tsx', () =>
    import('../pages/email-links/register-verify-page.tsx').then((m) => m.RegisterVerifyPage),
  ),
  'email-change-confirm': page('src/pages/email-links/email-change-confirm-page.tsx', () =>
    import('../pages/email-links/email-change-confirm-page.tsx').then(
      (m) => m.EmailChangeConfirmPage,
    ),
  ),
  glossary: page(
    'src/pages/glossary/glossary-page.tsx',
    () => import('../pages/glossary/glossary-page.tsx').then((m) => m.GlossaryPage),
    () => [glossaryQuery()],
    undefined,
    ([response]: [{ data: GlossaryByLetter } | undefined]) => ({
      jsonLd: response ? [glossaryJsonLd(response.data)] : [],
    }),
  ),
  faq: page(
    'src/pages/faq/faq-page.tsx',
    () => import('../pages/faq/faq-page.tsx').then((m) => m.FaqPage),
    () => [faqQuery()],
  ),
  events: page(
    'src/pages/events/events-page.tsx',
    () => import('../pages/events/events-page.tsx').then((m) => m.EventsPage),
    ({ search }) => agendaQueries(search),
    undefined,
    ([response]: [AgendaPage | undefined]) => ({ jsonLd: eventsJsonLd(response) }),
  ),
  posts: page(
    'src/pages/posts/posts-page.tsx',
    () => import('../pages/posts/posts-page.tsx').then((m) => m.PostsPage),
    ({ search }) => {
      const { page: current, filters } = listStateFrom(search, POST_FILTER_NAMES);
      return [
        postsQuery({ page: current, categories: filters.categories ?? [] }),
        postFiltersQuery(),
      ];
    },
  ),
  post: page(
    'src/pages/posts/post-page.tsx',
    () => import('../pages/posts/post-page.tsx').then((m) => m.PostPage),
    ({ params }) => [postQuery(params.slug ?? '')],
    ({ post }: PostResponse) => ({ title: post.title, description: post.description }),
    ([response]: [PostResponse | undefined]) => postSeo(response),
  ),
  contacts: page(
    'src/pages/contacts/contacts-page.tsx',
    () => import('../pages/contacts/contacts-page.tsx').then((m) => m.ContactsPage),
    ({ search }) => [
      directoryQuery(listStateFrom(search, DIRECTORY_FILTERS)),
      contactFiltersQuery(),
    ],
  ),
  resources: page(
    'src/pages/resources/resources-page.tsx',
    () => import('../pages/resources/resources-page.tsx').then((m) => m.ResourcesPage),
    ({ search }) => [
      resourcesQuery(listStateFrom(search, RESOURCE_FILTERS)),
      resourceFiltersQuery(),
    ],
  ),
  resource: page(
    'src/pages/resources/resource-page.tsx',
    () => import('../pages/resources/resource-page.tsx').then((m) => m.ResourcePage),
    ({ params }) => [resourceQuery(params.slug ?? '')],
    ({ data }: { data: Resource }) => ({ name: data.name, description: data.description }),
    ([response]: [{ data: Resource } | undefined]) => resourceSeo(response?.data),
  ),
  search: page(
    'src/pages/search/search-page.tsx',
    () => import('../pages/search/search-page.tsx').then((m) => m.SearchPage),
    // Spec §5: no search while q is empty; the 'Types' options always (spec §7).
    ({ search }) => {
      const state = searchStateFrom(search);
      return state.q ? [searchQuery(state), searchFiltersQuery()] : [searchFiltersQuery()];
    },
  ),
  homepage: page(
    'src/pages/home/home-page.tsx',
    () => import('../pages/home/home-page.tsx').then((m) => m.HomePage),
    // Spec §7: the home page's two calls, run by the server before it renders.
    () => [homepageQuery(), homeEventsQuery()],
  ),
  initiatives: {
    source: INITIATIVES_SOURCE,
    component: initiativesComponent,
    screen: 'initiatives',
    queries: initiativesQueries,
    followUps: initiativesFollowUps,
  },
  'initiative-item': {
    source: INITIATIVES_SOURCE,
    component: initiativesComponent,
    screen: 'initiatives',
    queries: initiativeItemQueries,
    item: initiativeItem,
    followUps: (data: unknown[], match) => initiativesFollowUps(data.slice(1) as never, match),
  },
  '404': notFoundPage,
  ...profilePages,
  ...publicationPages,
  ...projectPages,
  ...moderationPages,
};

/** Whether two routes show the same screen (a list and its detail modal): no scroll, no focus move. */
export function sameScreen(a: RouteName, b: RouteName): boolean {
  const screen = pages[a]?.screen;
  return screen !== undefined && screen === pages[b]?.screen;
}

/** What the frame keys the page with: its screen, else its path (a new path, a new page). */
export function screenKey(name: RouteName, pathname: string): string {
  return pages[name]?.screen ?? pathname;
}

/**
 * The page of a URL and what its queries are computed from: used by the server before it
 * renders, by the browser before it hydrates and for the head of each page. Null for a route
 * without a screen. Matched with the contract's precompiled route table (React Router's
 * matchRoutes ranks the whole tree again on every call).
 */
export function matchPage(url: string): { page: PageDefinition; match: PageMatch } | null {
  const { pathname, search } = new URL(url, 'http://localhost');
  let matched: ReturnType<typeof matchRoute>;
  try {
    matched = matchRoute(pathname);
  } catch {
    matched = null; // malformed percent-encoding: the 404 page
  }
  const page = matched ? pages[matched.route.name as RouteName] : notFoundPage;
  if (!page) return null;
  return { page, match: { params: matched?.params ?? {}, search: new URLSearchParams(search) } };
}
