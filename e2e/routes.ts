import { routes, type RouteDefinition } from '@ad/contract';

/** Public routes of the route table that take no parameter, with their titles. */
export const staticPublicRoutes: RouteDefinition[] = (routes as readonly RouteDefinition[]).filter(
  (route) => !route.auth && !route.path.includes(':'),
);

export const UNKNOWN_PATH = '/cette-page-n-existe-pas';
