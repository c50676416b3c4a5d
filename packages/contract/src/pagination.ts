/**
 * Paginated lists (ARCHITECTURE.md API conventions, Laravel's wire format): `data`, `links`,
 * `meta` and `pages`, the page list the client shows, with its ellipses.
 */
export const PAGE_ELLIPSIS = '...';

export type PageListEntry = number | typeof PAGE_ELLIPSIS;

export interface PaginationLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

export interface PaginationMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** Position of the first and last item of the page (null on an empty page). */
  from: number | null;
  to: number | null;
}

export interface Paginated<T> {
  data: T[];
  links: PaginationLinks;
  meta: PaginationMeta;
  pages: PageListEntry[];
}

/** Pages shown on each side of the current one (Laravel's `onEachSide`). */
const ON_EACH_SIDE = 3;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The page list of Laravel's paginator (UrlWindow): every page while there are few, otherwise the
 * two first and two last pages and a window around the current one, with '...' between:
 * `pageList(9, 20)` → `[1, 2, '...', 6, 7, 8, 9, 10, 11, 12, '...', 19, 20]`.
 */
export function pageList(current: number, last: number): PageListEntry[] {
  if (last < 1) return [];
  const window = ON_EACH_SIDE + 4;
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  if (current <= window) {
    return [...range(1, window + ON_EACH_SIDE), PAGE_ELLIPSIS, last - 1, last];
  }
  if (current > last - window) {
    return [1, 2, PAGE_ELLIPSIS, ...range(last - (window + ON_EACH_SIDE - 1), last)];
  }
  return [
    1,
    2,
    PAGE_ELLIPSIS,
    ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE),
    PAGE_ELLIPSIS,
    last - 1,
    last,
  ];
}
