import { fr } from '../../lib/fr.ts';
import { Link, useLocation } from 'react-router';
import { PAGE_ELLIPSIS, type PageListEntry, type PaginationMeta } from '@ad/contract';

/** The address of page `page` of the current list: the same filters, another page. */
function pageHref(pathname: string, search: string, page: number): string {
  const next = new URLSearchParams(search);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * DSFR pagination of a list page, from the server's page list (`pages`, with its '...'
 * entries): first, previous, the pages, next, last. Plain links, so a page is an address that
 * can be shared and crawled; the list state hook scrolls to the top on a change.
 */
export function ListPagination({ meta, pages }: { meta: PaginationMeta; pages: PageListEntry[] }) {
  const { pathname, search } = useLocation();
  if (meta.last_page <= 1) return null;
  const current = meta.current_page;
  const href = (page: number) => pageHref(pathname, search, page);

  const edge = (label: string, className: string, page: number, disabled: boolean) => (
    <li>
      {disabled ? (
        <a
          className={fr.cx('fr-pagination__link', className as never)}
          aria-disabled="true"
          role="link"
        >
          {label}
        </a>
      ) : (
        <Link className={fr.cx('fr-pagination__link', className as never)} to={href(page)}>
          {label}
        </Link>
      )}
    </li>
  );

  return (
    <nav role="navigation" className={fr.cx('fr-pagination', 'fr-mt-4w')} aria-label="Pagination">
      <ul className={fr.cx('fr-pagination__list')}>
        {edge('Première page', 'fr-pagination__link--first', 1, current <= 1)}
        {edge(
          'Page précédente',
          'fr-pagination__link--prev fr-pagination__link--lg-label',
          current - 1,
          current <= 1,
        )}
        {pages.map((entry, index) =>
          entry === PAGE_ELLIPSIS ? (
            <li key={`ellipsis-${index}`}>
              <span className={fr.cx('fr-pagination__link')} aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={entry}>
              <Link
                className={fr.cx('fr-pagination__link')}
                to={href(entry)}
                aria-current={entry === current ? 'page' : undefined}
                title={`Page ${entry}`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {edge(
          'Page suivante',
          'fr-pagination__link--next fr-pagination__link--lg-label',
          current + 1,
          current >= meta.last_page,
        )}
        {edge(
          'Dernière page',
          'fr-pagination__link--last',
          meta.last_page,
          current >= meta.last_page,
        )}
      </ul>
    </nav>
  );
}

/**
 * Spec §8: the text of an empty list. With the list's `meta`, a page past the last one (an old
 * or edited address: the list has items, not this far) also offers the way back to the first.
 */
export function EmptyResults({ meta }: { meta?: PaginationMeta }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <p className={fr.cx('fr-my-4w')}>Aucun résultat</p>
      {meta && meta.total > 0 && (
        <p>
          <Link to={pageHref(pathname, search, 1)} className={fr.cx('fr-link')}>
            Voir la première page des résultats
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * The number of results of a list, said by screen readers when a filter, a search or a page
 * changes it (WCAG 4.1.3): always in the page, empty until the current results came (not while
 * the previous ones are still shown), so that each new count is announced.
 */
export function ResultsStatus({
  total,
  one,
  many,
}: {
  /** Null while the current results are loading. */
  total: number | null;
  one: string;
  many: string;
}) {
  return (
    <p className={fr.cx('fr-sr-only')} role="status">
      {total === null ? '' : `${total} ${total > 1 ? many : one}`}
    </p>
  );
}
