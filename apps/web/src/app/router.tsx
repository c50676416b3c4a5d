import { useEffect } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { redirects, routes, type RouteName } from '@ad/contract';
import { RootLayout } from './layout.tsx';
import { Loader } from './loader.tsx';
import { usePageConfig } from './page-config.ts';
import { notFoundPage, pages } from './pages.ts';

/**
 * Renders the page of a route. Account routes need a user: the server already redirects
 * anonymous visitors, and in the browser a full page load to /connexion does the same.
 */
function RouteView({ name, auth }: { name: RouteName; auth: boolean }) {
  const { user } = usePageConfig();
  const mustLogIn = auth && !user;
  useEffect(() => {
    if (mustLogIn) window.location.assign('/connexion');
  }, [mustLogIn]);
  if (mustLogIn) return <Loader />;
  const Page = pages[name]?.component ?? NotFound;
  return <Page />;
}

const NotFound = notFoundPage.component;

/** The route tree: every route of the contract inside the shared frame, then the catch-all. */
export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...routes.map((route): RouteObject => ({
        path: route.path,
        element: <RouteView name={route.name} auth={'auth' in route && !!route.auth} />,
      })),
      ...Object.entries(redirects).map(([from, to]): RouteObject => ({
        path: from,
        element: <Navigate to={to} replace />,
      })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The routes of the app, for <BrowserRouter> (browser) and <StaticRouter> (server). */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
