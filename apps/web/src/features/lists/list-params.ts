import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_LIST_PAGE } from '@ad/contract';

/**
 * The state of a list page lives in its URL (spec §4): `page` and the filters, each a list of
 * values repeated in the query string (`?categories=2&categories=5&page=3`). The page's queries
 * are computed from the same URL on the server and in the browser.
 */
export interface ListState {
  page: number;
  /** Every filter of the page, [] when absent. */
  filters: Record<string, string[]>;
}

/** Reads a list state from a query string; `arrays` are the page's filter names. */
export function listStateFrom(
  search: URLSearchParams,
  arrays: readonly string[],
  singles: readonly string[] = [],
): ListState & { singles: Record<string, string> } {
  const raw = Number(search.get('page'));
  // A page the API would refuse (a mistyped link) shows the first one, as a missing page does.
  const page = Number.isInteger(raw) && raw >= 1 && raw <= MAX_LIST_PAGE ? raw : 1;
  const filters: Record<string, string[]> = {};
  for (const name of arrays) {
    // `name[]` too: links built by the API (`links`) or shared from the old site use it.
    const values = [...search.getAll(name), ...search.getAll(`${name}[]`)].filter(Boolean);
    filters[name] = [...new Set(values)];
  }
  const values: Record<string, string> = {};
  for (const name of singles) values[name] = search.get(name) ?? '';
  return { page, filters, singles: values };
}

/**
 * The values of an id filter that the API takes (positive integers, at most 100): a mistyped
 * or old address shows the list without the values it cannot have, rather than an error.
 */
export const validIds = (values: readonly string[]): string[] =>
  [...new Set(values.filter((value) => /^[1-9]\d{0,8}$/.test(value)))].slice(0, 100);

/**
 * The values of a code filter that the API takes (département codes, type slugs: trimmed, 1 to 64
 * characters, at most 100), for the same reason.
 */
export const validCodes = (values: readonly string[]): string[] =>
  [
    ...new Set(values.map((value) => value.trim()).filter((value) => value && value.length <= 64)),
  ].slice(0, 100);

/** `?a=1&a=2&page=3`: filters in the given order, empty ones and page 1 left out. */
export function listSearch(
  state: { page?: number; filters?: Record<string, readonly string[]> },
  singles: Record<string, string | null | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [name, values] of Object.entries(state.filters ?? {})) {
    values.forEach((value) => search.append(name, value));
  }
  for (const [name, value] of Object.entries(singles)) if (value) search.set(name, value);
  if (state.page && state.page > 1) search.set('page', String(state.page));
  const query = search.toString();
  return query ? `?${query}` : '';
}

/**
 * A list page's URL state and its changes: a filter change resets the page to 1 and refetches;
 * a page change scrolls to the top (spec §2 'All list pages') and brings the focus there.
 */
export function useListState(arrays: readonly string[], singles: readonly string[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = listStateFrom(searchParams, arrays, singles);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      }),
    [setSearchParams],
  );

  const setFilter = useCallback(
    (name: string, values: readonly string[]) =>
      update((next) => {
        next.delete(name);
        next.delete(`${name}[]`);
        [...new Set(values)].forEach((value) => next.append(name, value));
        next.delete('page');
      }),
    [update],
  );

  const setSingle = useCallback(
    (name: string, value: string | null, options: { resetPage?: boolean } = {}) =>
      update((next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        if (options.resetPage ?? true) next.delete('page');
      }),
    [update],
  );

  // Scroll to the top when the page changes (not on the first render, nor on a filter change
  // that stays on page 1). The focus, left on the pagination at the bottom, goes to the page's
  // heading: keyboard and screen-reader users start at the top too.
  const previousPage = useRef(state.page);
  useEffect(() => {
    if (previousPage.current !== state.page) {
      window.scrollTo({ top: 0 });
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && document.activeElement?.closest('.fr-pagination')) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    }
    previousPage.current = state.page;
  }, [state.page]);

  return { ...state, searchParams, setFilter, setSingle, update };
}
