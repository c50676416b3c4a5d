import {
  fillPlaceholders,
  matchRoute,
  pathTo,
  routeByName,
  type RouteDefinition,
  type RouteName,
} from '@ad/contract';

/** The item a detail page loaded; its fields fill the ':field' placeholders of the route table. */
export type RouteItem = Record<string, unknown>;

export interface Crumb {
  label: string;
  /** Path of the entry; absent on the last entry, which is never a link. */
  to?: string;
}

export const HOME_CRUMB_LABEL = 'Accueil';

/** The route of a path; unknown paths are the 404 route (catch-all). */
export function routeForPath(pathname: string): RouteDefinition {
  return matchRoute(pathname)?.route ?? routeByName('404');
}

/** The route title with its placeholder filled ('' while the item is not loaded). */
export function routeTitle(route: RouteDefinition, item?: RouteItem | null): string {
  return fillPlaceholders(route.title, item);
}

/**
 * Breadcrumb entries (spec §2): 'Accueil', then the route's entries with their placeholders
 * filled. None on the homepage. An entry whose placeholder is not filled yet (item loading) is
 * left out, and the last entry that remains is never a link.
 */
export function buildBreadcrumb(route: RouteDefinition, item?: RouteItem | null): Crumb[] {
  if (route.name === 'homepage') return [];
  const crumbs: Crumb[] = [{ label: HOME_CRUMB_LABEL, to: '/' }];
  for (const entry of route.breadcrumb) {
    const label = fillPlaceholders(entry.label, item);
    if (!label) continue;
    crumbs.push(entry.to ? { label, to: pathTo(entry.to as RouteName) } : { label });
  }
  const last = crumbs[crumbs.length - 1]!;
  crumbs[crumbs.length - 1] = { label: last.label };
  return crumbs;
}
