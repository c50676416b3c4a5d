import type { PageConfig } from './page-config.ts';

/**
 * The server renderer's interface (apps/web/src/entry-server.tsx), called by the server's HTML
 * shell: in production from the SSR build, in development through Vite, in tests from source.
 */
export interface SsrRenderInput {
  /** Path and query of the page. */
  url: string;
  pageConfig: PageConfig;
  /** Answers a public API read in-process, as the API route would (no HTTP call to itself). */
  resolve: (path: string, params: Readonly<Record<string, unknown>>) => Promise<unknown>;
}

export interface SsrRenderResult {
  /** The app's HTML, for the #root element. */
  html: string;
  /** The results of the page's queries (TanStack Query's dehydrated state), for the browser. */
  queryState: unknown;
  /** The page module (Vite manifest key, e.g. 'src/pages/about/about-page.tsx') to preload. */
  pageSource: string | null;
  /**
   * The modules of the client-only islands the page shows from its first paint (app/pages.ts
   * `islands`, Vite manifest keys), preloaded with the page's chunk when it has follow-up reads.
   */
  islandSources: readonly string[];
  /**
   * Detail routes: the item read from the page's query (fills the route's ':field' title,
   * description and breadcrumb; also handed to the browser in the page config), or null.
   */
  item: PageConfig['item'];
  /** The detail route's item does not exist: the visitor goes to the 404 route. */
  notFound: boolean;
  /** What the page adds to the head for search engines and shared links, or null. */
  seo: PageSeo | null;
  /**
   * API URLs the page requests as soon as it is hydrated (app/pages.ts `followUps`): the server
   * has the browser fetch them while it parses the page and loads the app.
   */
  followUps: string[];
}

/** A page's own head tags beyond its title and description (web app: app/pages.ts `seo`). */
export interface PageSeo {
  /** `og:type`; 'website' when absent. */
  ogType?: 'website' | 'article';
  /** The item's image for `og:image`: absolute, or a path of this site. */
  image?: string | null;
  /** schema.org objects, each written as `<script type="application/ld+json">`. */
  jsonLd?: Record<string, unknown>[];
}

export type SsrRender = (input: SsrRenderInput) => Promise<SsrRenderResult>;
