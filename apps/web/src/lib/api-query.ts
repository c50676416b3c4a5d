import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { withMinDelay } from './min-delay.ts';

/** Values of an API call's path parameters and query string. */
export type ApiParams = Readonly<
  Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>
>;

/**
 * The query key of a public API read: the route pattern of the API (as the server declares it,
 * e.g. '/api/posts/:slug') and its parameters. The key alone says what to fetch, so one default
 * query function serves every read: over HTTP in the browser, in-process on the server.
 */
export type ApiQueryKey = readonly [path: string, params: ApiParams];

/**
 * Query options of a public API read, typed with its response. A screen lists these in the page
 * table (app/pages.ts); the server runs them before rendering and the browser starts from the
 * result, e.g. `apiQuery<{ data: TeamMember[] }>('/api/internal-team-members')`.
 */
export function apiQuery<TData>(
  path: string,
  params: ApiParams = {},
  options: { minDelayMs?: number } = {},
) {
  return queryOptions<TData, Error, TData, ApiQueryKey>({
    queryKey: [path, params],
    // Spec §9: in the browser, detail and list fetches show their loader for at least 250 ms.
    ...(options.minDelayMs ? { meta: { minDelayMs: options.minDelayMs } } : {}),
  });
}

/**
 * The URL of a key: ':name' segments take their parameter, the others go to the query string
 * (arrays as `name[]=a&name[]=b`, empty values left out), in a stable order.
 */
export function apiUrl([path, params]: ApiQueryKey): string {
  const used = new Set<string>();
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    used.add(name);
    return encodeURIComponent(String(params[name] ?? ''));
  });
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (used.has(name) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(`${name}[]`, String(v)));
    else search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * The browser's default query function: GET the key's URL through the API client, never sooner
 * than the query's `minDelayMs` (the server renderer answers at once).
 */
export const fetchApiQuery: QueryFunction = ({ queryKey, signal, meta }) => {
  const request = api.get(apiUrl(queryKey as unknown as ApiQueryKey), { signal });
  const minDelayMs = typeof meta?.minDelayMs === 'number' ? meta.minDelayMs : 0;
  return minDelayMs ? withMinDelay(request, minDelayMs) : request;
};
