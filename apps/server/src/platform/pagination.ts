import { pageList, type Paginated } from '@ad/contract';

/** Items per page of the public lists (the spec lets the server decide). */
export const DEFAULT_PER_PAGE = 12;

export interface PageRequest {
  page: number;
  perPage: number;
  /** Rows to skip: `(page - 1) * perPage`. */
  offset: number;
}

export function pageRequest(page: number, perPage: number = DEFAULT_PER_PAGE): PageRequest {
  return { page, perPage, offset: (page - 1) * perPage };
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
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
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
