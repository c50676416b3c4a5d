import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.ts';

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
export function apiQuery<TData>(path: string, params: ApiParams = {}) {
  return queryOptions<TData, Error, TData, ApiQueryKey>({ queryKey: [path, params] });
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

/** The browser's default query function: GET the key's URL through the API client. */
export const fetchApiQuery: QueryFunction = ({ queryKey, signal }) =>
  api.get(apiUrl(queryKey as unknown as ApiQueryKey), { signal });
