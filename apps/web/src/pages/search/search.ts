import {
  MIN_DELAY_DETAIL_MS,
  SEARCH_TYPES,
  type Paginated,
  type SearchFilters,
  type SearchResult,
  type SearchType,
} from '@ad/contract';
import { listStateFrom } from '../../features/lists/list-params.ts';
import { apiQuery } from '../../lib/api-query.ts';

/** The state of the search page, from its URL: `q`, `type` (one type, '' for all) and `page`. */
export interface SearchState {
  q: string;
  type: SearchType | '';
  page: number;
}

export const SEARCH_PARAMS = ['q', 'type'] as const;

const isSearchType = (value: string): value is SearchType =>
  (SEARCH_TYPES as readonly string[]).includes(value);

/** An unknown type in a shared or mistyped address searches every type instead of failing. */
export function searchStateFrom(search: URLSearchParams): SearchState {
  const { page, singles } = listStateFrom(search, [], SEARCH_PARAMS);
  const type = singles.type ?? '';
  return { q: (singles.q ?? '').trim(), type: isSearchType(type) ? type : '', page };
}

/** GET /api/search?q=&type=&page= (shown no sooner than 250 ms in the browser, spec §9). */
export const searchQuery = (state: SearchState) =>
  apiQuery<Paginated<SearchResult>>(
    '/api/search',
    { q: state.q, type: state.type || undefined, page: state.page },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );

/** GET /api/search/filters: the 'Types' options with their labels (spec §7). */
export const searchFiltersQuery = () => apiQuery<SearchFilters>('/api/search/filters');

/** A result that leaves the site: a documentary resource, or an item's own web address. */
export const isExternalResult = (result: SearchResult) =>
  result.type === 'documentary_resources' || /^https?:\/\//i.test(result.url);
