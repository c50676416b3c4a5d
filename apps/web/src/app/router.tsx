import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { fr } from '@codegouvfr/react-dsfr';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { redirects, routes, type RouteName } from '@ad/contract';
import { RootLayout } from './layout.tsx';
import { Loader } from './loader.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';
import { usePageConfig } from './page-config.ts';

type Page = LazyExoticComponent<ComponentType>;

/** Every page is its own chunk (ARCHITECTURE.md: code-split per route). */
const NotFoundPage = lazy(() =>
  import('../pages/not-found/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

export const pages: Partial<Record<RouteName, Page>> = {
  about: lazy(() =>
    import('../pages/about/about-page.tsx').then((m) => ({ default: m.AboutPage })),
  ),
  'legal-notice': lazy(() =>
    import('../pages/legal/legal-notice-page.tsx').then((m) => ({ default: m.LegalNoticePage })),
  ),
  confidentiality: lazy(() =>
    import('../pages/legal/confidentiality-page.tsx').then((m) => ({
      default: m.ConfidentialityPage,
    })),
  ),
  login: lazy(() => import('../pages/auth/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  '404': NotFoundPage,
};

/**
 * Renders the page of a route. Account routes need a user: the server already redirects
 * anonymous visitors, and in the SPA a full page load to /connexion does the same.
 */
function RouteView({ name, auth }: { name: RouteName; auth: boolean }) {
  const { user } = usePageConfig();
  const mustLogIn = auth && !user;
  useEffect(() => {
    if (mustLogIn) window.location.assign('/connexion');
  }, [mustLogIn]);
  if (mustLogIn) return <Loader />;
  const Page = pages[name];
  return Page ? <Page /> : <PlaceholderPage />;
}

function RouteError() {
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Erreur inattendue</h1>
      <p>Désolé, la page n'a pas pu s'afficher. Rechargez la page ou réessayez plus tard.</p>
    </div>
  );
}

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...routes.map((route): RouteObject => ({
            path: route.path,
            element: <RouteView name={route.name} auth={'auth' in route && !!route.auth} />,
          })),
          ...Object.entries(redirects).map(([from, to]): RouteObject => ({
            path: from,
            element: <Navigate to={to} replace />,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
