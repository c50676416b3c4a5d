/** Validation error body in the Laravel shape (ARCHITECTURE.md, API conventions). */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const VALIDATION_MESSAGE = 'Les données fournies ne sont pas valides.';

/** Paginated list wire format. */
export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    from: number | null;
    to: number | null;
  };
  pages: (number | '...')[];
}

/** Page list with ellipses: first two, the window around the current page, last two. */
export function pageList(current: number, last: number): (number | '...')[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const wanted = new Set([1, 2, last - 1, last, current - 1, current, current + 1]);
  const pages: (number | '...')[] = [];
  let previous = 0;
  for (let page = 1; page <= last; page += 1) {
    if (!wanted.has(page)) continue;
    if (page - previous > 1) pages.push('...');
    pages.push(page);
    previous = page;
  }
  return pages;
}
