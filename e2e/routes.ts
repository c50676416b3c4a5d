import { routes, type RouteDefinition } from '@ad/contract';

/** Public routes of the route table that take no parameter, with their titles. */
export const staticPublicRoutes: RouteDefinition[] = (routes as readonly RouteDefinition[]).filter(
  (route) => !route.auth && !route.path.includes(':'),
);

export const UNKNOWN_PATH = '/cette-page-n-existe-pas';

/** A question of the demo FAQ (seed: la-plateforme), for the FAQ item screen. */
export const DEMO_FAQ_ITEM = {
  path: '/foire-aux-questions/la-plateforme-est-elle-gratuite',
  question: 'La plateforme est-elle gratuite ?',
} as const;
