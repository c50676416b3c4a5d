import type { ComponentType } from 'react';
import type { RouteName } from '@ad/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { teamMembersQuery } from '../pages/about/team-members.ts';
import type { ApiQueryKey } from '../lib/api-query.ts';
import { lazyComponent, type PreloadableComponent } from './lazy-component.tsx';

/** What a page's queries are computed from: the route's path parameters and the query string. */
export interface PageMatch {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** A query a page needs before it can render (an `apiQuery`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageQuery = FetchQueryOptions<any, Error, any, ApiQueryKey>;

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
}

function page(
  source: string,
  load: () => Promise<ComponentType>,
  queries?: PageDefinition['queries'],
): PageDefinition {
  return { source, component: lazyComponent(load), queries };
}

/** Every screen is its own chunk (ARCHITECTURE.md: code-split per route). */
export const notFoundPage = page('src/pages/not-found/not-found-page.tsx', () =>
  import('../pages/not-found/not-found-page.tsx').then((m) => m.NotFoundPage),
);

/** The screens built so far; other routes show their title (PlaceholderPage). */
export const pages: Partial<Record<RouteName, PageDefinition>> = {
  about: page(
    'src/pages/about/about-page.tsx',
    () => import('../pages/about/about-page.tsx').then((m) => m.AboutPage),
    () => [teamMembersQuery()],
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
  '404': notFoundPage,
};
