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
import { apiQuery } from '../../lib/api-query.ts';
import { listApiParams, type MapListKind, type MapQuery } from './map-query.ts';

/** The API path of each list of the page (spec §7). */
export const MAP_LIST_PATHS: Record<MapListKind, string> = {
  foodProcedures: FOOD_PROCEDURES_API_PATH,
  initiatives: INITIATIVES_API_PATH,
};

/** GET /api/maps/filters: the filter bar's options and the legend's themes. */
export const mapFiltersQuery = () => apiQuery<MapFilters>(MAP_FILTERS_API_PATH);

/**
 * One page of a list for the page's state. A result is shown no sooner than 250 ms in the browser
 * (spec §7): its first page waits for that; the further pages are asked for once the first has
 * come (or with the page, which renders the first), so they need not wait again.
 */
export const mapListPageQuery = (kind: MapListKind, query: MapQuery, page: number) =>
  apiQuery<MapListPage>(
    MAP_LIST_PATHS[kind],
    listApiParams(query, kind, page),
    page === 1 ? { minDelayMs: MIN_DELAY_DETAIL_MS } : {},
  );

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
