import { fr } from '../lib/fr.ts';
import { useLocation } from 'react-router';
import { routeForPath, routeTitle } from './route-head.ts';
import { useCurrentRouteItem } from './route-item.tsx';

/**
 * Test page of the layout's tests: only the route title as <h1> (the layout adds the
 * breadcrumb). A detail route without item shows the label of its list instead.
 */
export function RouteTitlePage() {
  const { pathname } = useLocation();
  const item = useCurrentRouteItem();
  const route = routeForPath(pathname);
  const title =
    routeTitle(route, item) ||
    route.breadcrumb.find((entry) => !entry.label.startsWith(':'))?.label ||
    '';
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>{title}</h1>
    </div>
  );
}
