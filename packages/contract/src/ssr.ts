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
}

export type SsrRender = (input: SsrRenderInput) => Promise<SsrRenderResult>;
