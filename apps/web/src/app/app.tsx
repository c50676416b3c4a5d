import { StrictMode, useEffect } from 'react';
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
  onHydrated,
}: {
  queryClient: QueryClient;
  pageConfig: PageConfig;
  /** Browser only: called once the server's HTML is hydrated. */
  onHydrated?: () => void;
}) {
  return (
    <StrictMode>
      <PageConfigProvider value={pageConfig}>
        <QueryClientProvider client={queryClient}>
          <HydrationMarker onHydrated={onHydrated} />
          <AppRoutes />
        </QueryClientProvider>
      </PageConfigProvider>
    </StrictMode>
  );
}

/**
 * Marks <html data-hydrated> once the first render is committed in the browser (effects never
 * run on the server): from then on every control has its handler. Browser tests wait for it.
 */
function HydrationMarker({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    onHydrated?.();
    // Once, on the first commit only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
