import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapListItem, MapListPage } from '@ad/contract';
import { apiUrl, type ApiQueryKey } from '../../lib/api-query.ts';
import { mapListPageQuery } from './api.ts';
import { mapQueryFrom, type MapListKind, type MapQuery } from './map-query.ts';
import { useMapLists } from './use-map-lists.ts';

const item = (id: number): MapListItem => ({
  id,
  title: `Item ${id}`,
  latitude: 45,
  longitude: 0,
  city: null,
  thematic: null,
  is_pat: 0,
});

/** Page `page` of `lastPage`, two items per page. */
function pageOf(page: number, lastPage: number): MapListPage {
  const data = [item(page * 10 + 1), item(page * 10 + 2)];
  return {
    data,
    links: { first: null, last: null, prev: null, next: null },
    meta: {
      current_page: page,
      last_page: lastPage,
      per_page: 2,
      total: lastPage * 2,
      from: (page - 1) * 2 + 1,
      to: page * 2,
    },
    pages: [],
  } as unknown as MapListPage;
}

/** A client whose reads wait until the test answers them, by URL. */
function pendingClient() {
  const waiting = new Map<string, (page: MapListPage) => void>();
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        // As the app's client (app/query-client.ts): what the server rendered is not fetched again.
        staleTime: 60_000,
        queryFn: ({ queryKey }) =>
          new Promise((resolve) =>
            waiting.set(apiUrl(queryKey as unknown as ApiQueryKey), resolve),
          ),
      },
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, waiting, wrapper };
}

afterEach(cleanup);

describe('useMapLists', () => {
  const query = mapQueryFrom(new URLSearchParams());
  const urlOf = (kind: MapListKind, page: number) =>
    apiUrl(mapListPageQuery(kind, query, page).queryKey);

  it('shows the first pages with the totals until every page came, then the whole lists', async () => {
    const { client, waiting, wrapper } = pendingClient();
    // As the server renders the page: the first page of each list is in the cache.
    client.setQueryData(mapListPageQuery('foodProcedures', query, 1).queryKey, pageOf(1, 1));
    client.setQueryData(mapListPageQuery('initiatives', query, 1).queryKey, pageOf(1, 3));
    const { result } = renderHook(() => useMapLists(query), { wrapper });

    expect(result.current.listed.foodProcedures.map((i) => i.id)).toEqual([11, 12]);
    expect(result.current.listed.initiatives.map((i) => i.id)).toEqual([11, 12]);
    expect(result.current.totals).toEqual({ foodProcedures: 2, initiatives: 6 });
    // The map waits for the complete result.
    expect(result.current.lists).toEqual({ foodProcedures: [], initiatives: [] });
    expect(result.current.ready).toBe(false);
    // Every further page at once: the first pages gave the page counts.
    await waitFor(() =>
      expect([...waiting.keys()].sort()).toEqual(
        [urlOf('initiatives', 2), urlOf('initiatives', 3)].sort(),
      ),
    );

    await act(async () => waiting.get(urlOf('initiatives', 2))!(pageOf(2, 3)));
    expect(result.current.lists.initiatives).toEqual([]);
    expect(result.current.listed.initiatives.map((i) => i.id)).toEqual([11, 12]);

    await act(async () => waiting.get(urlOf('initiatives', 3))!(pageOf(3, 3)));
    // TanStack Query hands results to React on a timer (its notify manager's setTimeout), which a
    // loaded machine may run after act has returned.
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.lists.initiatives.map((i) => i.id)).toEqual([11, 12, 21, 22, 31, 32]);
    expect(result.current.listed).toBe(result.current.lists);
    expect(result.current.totals).toEqual({ foodProcedures: 2, initiatives: 6 });
  });

  it('asks for the further pages once the first came, which alone waits the minimum delay', async () => {
    const { waiting, wrapper } = pendingClient();
    const filtered = mapQueryFrom(new URLSearchParams('resourceType=initiatives&thematics=1'));
    const url = (page: number) => apiUrl(mapListPageQuery('initiatives', filtered, page).queryKey);
    const { result } = renderHook(() => useMapLists(filtered), { wrapper });
    await waitFor(() => expect([...waiting.keys()]).toEqual([url(1)]));
    await act(async () => waiting.get(url(1))!(pageOf(1, 2)));
    await waitFor(() => expect([...waiting.keys()]).toEqual([url(1), url(2)]));
    await act(async () => waiting.get(url(2))!(pageOf(2, 2)));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.lists.initiatives.map((i) => i.id)).toEqual([11, 12, 21, 22]);
    // Spec §7's 250 ms: the result's first request waits for it, the next ones follow it.
    expect(mapListPageQuery('initiatives', filtered, 1).meta).toEqual({ minDelayMs: 250 });
    expect(mapListPageQuery('initiatives', filtered, 2).meta).toBeUndefined();
  });

  it('narrows the lists to a view inside the result; the map keeps the whole result', async () => {
    const { client, wrapper } = pendingClient();
    const west = { ...item(1), longitude: -1 };
    const east = { ...item(2), longitude: 1 };
    const page = { ...pageOf(1, 1), data: [west, east] };
    client.setQueryData(mapListPageQuery('foodProcedures', query, 1).queryKey, pageOf(1, 1));
    client.setQueryData(mapListPageQuery('initiatives', query, 1).queryKey, page);
    const { result, rerender } = renderHook((q: MapQuery) => useMapLists(q), {
      wrapper,
      initialProps: query,
    });
    await waitFor(() => expect(result.current.ready).toBe(true));
    const mapped = result.current.mapped;
    expect(mapped.initiatives).toEqual([west, east]);

    // A move of the map inside the fetched area (the whole region): no request, same markers.
    rerender({ ...query, bounds: { south: 44, north: 46, west: 0, east: 2 } });
    expect(result.current.ready).toBe(true);
    expect(result.current.lists.initiatives).toEqual([east]);
    expect(result.current.mapped).toBe(mapped);
  });

  it('shows nothing before the first pages came', () => {
    const { wrapper } = pendingClient();
    const { result } = renderHook(() => useMapLists(query), { wrapper });
    expect(result.current.listed).toEqual({ foodProcedures: [], initiatives: [] });
    expect(result.current.totals).toEqual({ foodProcedures: 0, initiatives: 0 });
    expect(result.current.loading).toBe(true);
  });
});
