import {
  FOOD_PROCEDURES_API_PATH,
  INITIATIVES_API_PATH,
  MAP_FILTERS_API_PATH,
  MIN_DELAY_DETAIL_MS,
  type MapDetailType,
  type MapFilters,
  type MapItemDetail,
  type MapListPage,
} from '@ad/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api-query.ts';
import { listApiParams, type MapListKind, type MapQuery } from './map-query.ts';

/** The API path of each list of the page (spec §7). */
export const MAP_LIST_PATHS: Record<MapListKind, string> = {
  foodProcedures: FOOD_PROCEDURES_API_PATH,
  initiatives: INITIATIVES_API_PATH,
};

/** GET /api/maps/filters: the filter bar's options and the legend's themes. */
export const mapFiltersQuery = () => apiQuery<MapFilters>(MAP_FILTERS_API_PATH);

/** One page of a list for the page's state, shown no sooner than 250 ms in the browser. */
export const mapListPageQuery = (kind: MapListKind, query: MapQuery, page: number) =>
  apiQuery<MapListPage>(MAP_LIST_PATHS[kind], listApiParams(query, kind, page), {
    minDelayMs: MIN_DELAY_DETAIL_MS,
  });

/**
 * Rows of a list the server renders: at least those the side list renders before the browser
 * measures it (virtual-list.tsx: 24 rows and 6 more).
 */
export const MAP_LIST_PREVIEW_ROWS = 30;

/**
 * The beginning of a list and its totals: what the page shows until every page of the list has
 * come. The server renders it and embeds it in the page in place of the first page (1,000 items,
 * about 250 KB: on a phone, the page's HTML took a second longer to parse and paint); the browser
 * then fetches every page, the first one included, which the page's HTML preloads. It is read from
 * the first page, through the cache (in the browser, the same request as the list's).
 */
export const mapListPreviewQuery = (kind: MapListKind, query: MapQuery) => {
  const firstPage = mapListPageQuery(kind, query, 1);
  return queryOptions({
    queryKey: ['map-list-preview', ...firstPage.queryKey] as const,
    // The first page has its own retry.
    retry: false,
    queryFn: async ({ client }): Promise<MapListPage> => {
      const page = await client.fetchQuery(firstPage);
      return { ...page, data: page.data.slice(0, MAP_LIST_PREVIEW_ROWS) };
    },
  });
};

/**
 * The detail of the route /initiatives/{initiative|demarche}/{id} (fetched only for an integer
 * id, spec §5), shown no sooner than 250 ms in the browser.
 */
export const mapDetailQuery = (type: MapDetailType, id: number) =>
  apiQuery<{ data: MapItemDetail }>(
    `${type === 'initiative' ? INITIATIVES_API_PATH : FOOD_PROCEDURES_API_PATH}/:id`,
    { id },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );
