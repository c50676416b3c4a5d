import { pageList, type Paginated } from '@ad/contract';

/** Items per page of the public lists (the spec lets the server decide). */
export const DEFAULT_PER_PAGE = 12;

export interface PageRequest {
  page: number;
  perPage: number;
  /** Rows to skip: `(page - 1) * perPage`, or as the first page's size gives them. */
  offset: number;
  /** How many pages `total` rows make (`meta.last_page`, at least 1). */
  pageCount: (total: number) => number;
}

export function pageRequest(page: number, perPage: number = DEFAULT_PER_PAGE): PageRequest {
  return {
    page,
    perPage,
    offset: (page - 1) * perPage,
    pageCount: (total) => Math.max(1, Math.ceil(total / perPage)),
  };
}

/**
 * Page `page` of a list whose first page holds `first` rows and every further page `next` (the
 * map lists: a first page the size of what the side list shows first, then large pages).
 */
export function pageRequestAfterFirst(page: number, first: number, next: number): PageRequest {
  return {
    page,
    perPage: page === 1 ? first : next,
    offset: page === 1 ? 0 : first + (page - 2) * next,
    pageCount: (total) => (total <= first ? 1 : 1 + Math.ceil((total - first) / next)),
  };
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/**
 * The address of page N of a list: the list's path and its filters (arrays as `name[]=…`, empty
 * values left out, names sorted: one address per list state), then `page`.
 */
export function pageLink(
  path: string,
  filters: Readonly<Record<string, QueryValue>>,
): (page: number) => string {
  const search = new URLSearchParams();
  for (const name of Object.keys(filters).sort()) {
    const value = filters[name];
    if (name === 'page' || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(`${name}[]`, String(v)));
    else search.append(name, String(value));
  }
  const prefix = search.size ? `${path}?${search.toString()}&` : `${path}?`;
  return (page) => `${prefix}page=${page}`;
}

/** A page of `total` rows as the API sends it: `data`, `links`, `meta` and the page list. */
export function paginate<T>(
  data: T[],
  total: number,
  request: PageRequest,
  link: (page: number) => string,
): Paginated<T> {
  const lastPage = request.pageCount(total);
  const { page } = request;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      last_page: lastPage,
      per_page: request.perPage,
      total,
      from: data.length ? request.offset + 1 : null,
      to: data.length ? request.offset + data.length : null,
    },
    pages: pageList(page, lastPage),
  };
}
