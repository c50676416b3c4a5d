import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { SsrIsDarkProvider } from '@codegouvfr/react-dsfr/useIsDark/server';
import type { SsrRender } from '@ad/contract';
import { App } from './app/app.tsx';
import { FooterConsentItem } from './app/consent-parts.ts';
import { createQueryClient } from './app/query-client.ts';
import { PAGE_ISLANDS } from './app/page-islands.ts';
import { matchPage } from './app/pages.ts';
import { apiUrl, type ApiQueryKey } from './lib/api-query.ts';

/** An error the API would answer with a 4xx status (the server's HttpError carries it). */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Renders a page on the server: runs the queries its route declares through `resolve`, loads its
 * chunk, renders the app to HTML and dehydrates the query cache. A query that fails with a client
 * error is left to the page (which shows it as the browser would); any other failure throws.
 */
export const render: SsrRender = async ({ url, pageConfig: config, resolve }) => {
  let pageConfig = config;
  const queryClient = createQueryClient(({ queryKey }) => {
    const [path, params] = queryKey as unknown as ApiQueryKey;
    return resolve(path, params);
  });
  // In-process reads: a retry would only wait (a second, before a missing post's 404 page).
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const matched = matchPage(url);
  const queries = matched?.page.queries?.(matched.match) ?? [];
  await Promise.all([
    matched?.page.component.preload(),
    pageConfig.settings.cookieConsentEnabled ? FooterConsentItem.preload() : undefined,
    ...queries.map((query) => queryClient.prefetchQuery(query)),
  ]);

  // A failed read other than a client error (the database is down…) fails the render: the page
  // is answered 500 and never cached in a degraded state.
  const errors = queries.map((query) => queryClient.getQueryState(query.queryKey)?.error);
  const serverError = errors.find((error) => error && !isClientError(error));
  if (serverError) {
    queryClient.clear();
    throw serverError;
  }

  // A detail route's item comes from its first query: it fills the title and the breadcrumb.
  let item = pageConfig.item;
  if (matched?.page.item && queries[0]) {
    const data = queryClient.getQueryData(queries[0].queryKey);
    if (data === undefined) {
      // The read answered 404 (or another client error): the visitor goes to the 404 route.
      queryClient.clear();
      return {
        html: '',
        queryState: null,
        pageSource: null,
        islandSources: [],
        item: null,
        notFound: true,
        seo: null,
        followUps: [],
      };
    }
    item = matched.page.item(data as never);
    pageConfig = { ...pageConfig, item };
  }

  // Head tags for search engines and shared links, and the reads the page starts once hydrated,
  // from the results of the page's queries.
  const results = queries.map((query) => queryClient.getQueryData(query.queryKey)) as never;
  const seo = matched?.page.seo?.(results, matched.match) ?? null;
  const followUps = (matched?.page.followUps?.(results, matched.match) ?? []).map((query) =>
    apiUrl(query.queryKey),
  );

  const html = renderToString(
    <SsrIsDarkProvider value={false}>
      <StaticRouter location={url}>
        <App queryClient={queryClient} pageConfig={pageConfig} />
      </StaticRouter>
    </SsrIsDarkProvider>,
  );
  const queryState = queryClient.getQueryCache().getAll().length ? dehydrate(queryClient) : null;
  queryClient.clear();
  return {
    html,
    queryState,
    pageSource: matched?.page.source ?? null,
    islandSources: (matched && PAGE_ISLANDS[matched.page.source]) ?? [],
    item,
    notFound: false,
    seo,
    followUps,
  };
};
