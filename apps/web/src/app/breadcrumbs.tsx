import { fr } from '../lib/fr.ts';
import { Link } from 'react-router';
import type { Crumb } from './route-head.ts';

/**
 * DSFR breadcrumb (spec §2), desktop only (hidden under 1024 px, spec §9's tablet). Built by hand rather than with
 * the react-dsfr component because the mobile collapse button is never shown here. The last
 * entry (buildBreadcrumb never gives it a path) is the current page, not a link.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav
      role="navigation"
      className={`${fr.cx('fr-breadcrumb')} app-breadcrumb`}
      aria-label="vous êtes ici :"
    >
      <ol className={fr.cx('fr-breadcrumb__list')}>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            {crumb.to ? (
              <Link className={fr.cx('fr-breadcrumb__link')} to={crumb.to}>
                {crumb.label}
              </Link>
            ) : (
              <a className={fr.cx('fr-breadcrumb__link')} aria-current="page">
                {crumb.label}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
