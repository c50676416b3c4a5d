import { Suspense, type MouseEvent } from 'react';
import { fr } from '../lib/fr.ts';
import { Outlet, useLocation } from 'react-router';
import { usePageConfig } from './page-config.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { HeadManager } from './head-manager.tsx';
import { ScrollManager } from './scroll-manager.tsx';
import { FocusManager, MAIN_ID } from './focus-manager.tsx';
import { HashPopups } from './hash-popups.tsx';
import { HydrationMarker } from './hydration-marker.tsx';
import { ClientOnly } from './client-only.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { ConsentBanner } from './consent-parts.ts';
import { Loader } from './loader.tsx';
import { screenKey } from './pages.ts';
import { buildBreadcrumb, routeForPath } from './route-head.ts';
import { RouteItemProvider, useCurrentRouteItem } from './route-item.tsx';

/** Moves focus to the target of a skip link without going through the router. */
function skipTo(id: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
}

/** The shared frame of every page: skip links, header, breadcrumb, page, footer, pop-ups. */
export function RootLayout() {
  return (
    <RouteItemProvider>
      <Frame />
    </RouteItemProvider>
  );
}

function Frame() {
  const { appName, settings } = usePageConfig();
  const location = useLocation();
  const item = useCurrentRouteItem();
  const route = routeForPath(location.pathname);
  const crumbs = buildBreadcrumb(route, item);

  return (
    <>
      <HeadManager
        appName={appName}
        route={route}
        item={item}
        appUrl={settings.appUrl}
        pathname={location.pathname}
        search={location.search}
      />
      <ScrollManager />
      <FocusManager />
      <div className={fr.cx('fr-skiplinks')}>
        <nav className={fr.cx('fr-container')} role="navigation" aria-label="Accès rapide">
          <ul className={fr.cx('fr-skiplinks__list')}>
            <li>
              <a className={fr.cx('fr-link')} href="#content" onClick={skipTo('content')}>
                Contenu
              </a>
            </li>
            <li>
              <a className={fr.cx('fr-link')} href="#footer" onClick={skipTo('footer')}>
                Pied de page
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <Header />
      <main id={MAIN_ID} role="main" tabIndex={-1} className="app-main">
        {crumbs.length > 0 ? (
          <div className={fr.cx('fr-container')}>
            <Breadcrumbs crumbs={crumbs} />
          </div>
        ) : null}
        <RouteErrorBoundary
          key={screenKey(routeForPath(location.pathname).name, location.pathname)}
        >
          <Suspense fallback={<Loader />}>
            <Outlet />
            <HydrationMarker />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <HashPopups />
      {settings.cookieConsentEnabled ? (
        <ClientOnly>
          {() => (
            <Suspense fallback={null}>
              <ConsentBanner />
            </Suspense>
          )}
        </ClientOnly>
      ) : null}
    </>
  );
}
