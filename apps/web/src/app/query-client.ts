import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { fetchApiQuery } from '../lib/api-query.ts';

/**
 * The query client of one page view (browser) or one server render. Its default query function
 * resolves `apiQuery` keys: over HTTP in the browser, in-process on the server.
 */
export function createQueryClient(queryFn: QueryFunction = fetchApiQuery): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn,
        // Public content changes only when the team publishes; a server-rendered page's data is
        // fresh for a minute, so hydration never refetches it.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Client errors (404, 401, 422…) will not get better by retrying.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 1,
      },
    },
  });
}
