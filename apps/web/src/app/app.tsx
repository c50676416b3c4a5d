import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PageConfig } from '@ad/contract';
import { PageConfigProvider } from './page-config.ts';
import { AppRoutes } from './router.tsx';

/**
 * Providers (page config, TanStack Query) around the routes. The router itself comes from the
 * entry: <BrowserRouter> in the browser, <StaticRouter> on the server.
 */
export function App({
  queryClient,
  pageConfig,
}: {
  queryClient: QueryClient;
  pageConfig: PageConfig;
}) {
  return (
    <StrictMode>
      <PageConfigProvider value={pageConfig}>
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
        </QueryClientProvider>
      </PageConfigProvider>
    </StrictMode>
  );
}
