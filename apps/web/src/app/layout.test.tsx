import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useMemo } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PageConfig } from '@ad/contract';
import { PageConfigProvider, FALLBACK_PAGE_CONFIG } from './page-config.ts';
import { RootLayout } from './layout.tsx';
import { shareLinks } from './footer.tsx';
import { RouteTitlePage } from './route-title-page.testing.tsx';
import { useRouteItem } from './route-item.tsx';

function PostPage() {
  const post = useMemo(
    () => ({ title: 'Marché <em>bio</em>', description: '<p>Un marché.</p>' }),
    [],
  );
  useRouteItem(post);
  return <h1>Marché bio</h1>;
}

const APP = 'Alimentation durable Nouvelle-Aquitaine';
const APP_URL = 'https://alimentation.exemple.fr';

function withItem(item: PageConfig['item']): PageConfig {
  return {
    ...FALLBACK_PAGE_CONFIG,
    settings: { ...FALLBACK_PAGE_CONFIG.settings, appUrl: APP_URL },
    item,
  };
}

/** Lets the effects that wait for the next animation frame (focus, lazy parts) run. */
async function twoFrames() {
  await act(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

function withConsent(enabled: boolean): PageConfig {
  return {
    ...FALLBACK_PAGE_CONFIG,
    settings: { ...FALLBACK_PAGE_CONFIG.settings, cookieConsentEnabled: enabled },
  };
}

function renderAt(path: string, config: PageConfig = FALLBACK_PAGE_CONFIG) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/actualites/:slug', element: <PostPage /> },
          { path: '/foire-aux-questions/:slug', element: <RouteTitlePage /> },
          { path: '*', element: <RouteTitlePage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PageConfigProvider value={config}>
        <RouterProvider router={router} />
      </PageConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('frame', () => {
  afterEach(() => {
    cleanup();
    document.head.innerHTML = '';
  });

  it('fills the title, description and breadcrumb from the item a page hands over', async () => {
    renderAt('/actualites/marche-bio');
    await waitFor(() =>
      expect(document.title).toBe('Alimentation durable Nouvelle-Aquitaine - Marché bio'),
    );
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Un marché.',
    );
    const crumbs = screen.getByRole('navigation', { name: 'vous êtes ici :' });
    expect(crumbs.textContent).toBe('AccueilActualitésMarché bio');
    expect(within(crumbs).getByRole('link', { name: 'Actualités' }).getAttribute('href')).toBe(
      '/actualites',
    );
    expect(within(crumbs).queryByRole('link', { name: 'Marché bio' })).toBeNull();
  });

  it('renders the placeholder with the route title and updates the head on navigation', async () => {
    const router = renderAt('/glossaire');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Glossaire');
    await waitFor(() =>
      expect(document.title).toBe('Alimentation durable Nouvelle-Aquitaine - Glossaire'),
    );
    await router.navigate('/');
    await waitFor(() =>
      expect(document.title).toBe('Alimentation durable Nouvelle-Aquitaine - Accueil'),
    );
    expect(screen.queryByRole('navigation', { name: 'vous êtes ici :' })).toBeNull();
  });

  it('fills the head, breadcrumb and placeholder title from the server item on first load', async () => {
    const router = renderAt(
      '/foire-aux-questions/qui-peut-publier',
      withItem({ question: 'Qui peut publier ?', answer: '<p>Tout membre.</p>' }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Qui peut publier ?');
    await waitFor(() => expect(document.title).toBe(`${APP} - Qui peut publier ?`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Tout membre.',
    );
    const crumbs = screen.getByRole('navigation', { name: 'vous êtes ici :' });
    expect(crumbs.textContent).toBe('AccueilFAQQui peut publier ?');
    expect(within(crumbs).queryByRole('link', { name: 'Qui peut publier ?' })).toBeNull();

    // The server's item belongs to the first path only.
    await router.navigate('/foire-aux-questions/autre-question');
    await waitFor(() => expect(document.title).toBe(APP));
    const after = screen.getByRole('navigation', { name: 'vous êtes ici :' });
    expect(after.textContent).toBe('AccueilFAQ');
    expect(within(after).queryByRole('link')?.textContent).toBe('Accueil');
  });

  it('lets a page that loads its own item override the server item', async () => {
    renderAt('/actualites/marche-bio', withItem({ title: 'Titre du serveur', description: '' }));
    await waitFor(() => expect(document.title).toBe(`${APP} - Marché bio`));
  });

  it('keeps the canonical link on the public URL and drops it on the 404 page', async () => {
    document.head.innerHTML =
      '<link rel="canonical" href="https://alimentation.exemple.fr/glossaire">' +
      '<meta property="og:url" content="https://alimentation.exemple.fr/glossaire">';
    const router = renderAt('/glossaire', withItem(null));
    const canonical = () =>
      document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    const ogUrl = () =>
      document.head.querySelector('meta[property="og:url"]')?.getAttribute('content');
    const robots = () => document.head.querySelector('meta[name="robots"]');
    await waitFor(() => expect(canonical()).toBe(`${APP_URL}/glossaire`));
    expect(robots()).toBeNull();

    // A list's page past the first is canonical; its filters are not.
    await router.navigate('/actualites/?categories=3&page=2');
    await waitFor(() => expect(canonical()).toBe(`${APP_URL}/actualites?page=2`));
    expect(ogUrl()).toBe(`${APP_URL}/actualites?page=2`);
    await router.navigate('/actualites?categories=3&page=1');
    await waitFor(() => expect(canonical()).toBe(`${APP_URL}/actualites`));

    await router.navigate('/nimporte/quoi');
    await waitFor(() => expect(robots()?.getAttribute('content')).toBe('noindex'));
    expect(canonical()).toBeUndefined();
    expect(ogUrl()).toBeUndefined();

    await router.navigate('/');
    await waitFor(() => expect(canonical()).toBe(`${APP_URL}/`));
    expect(ogUrl()).toBe(`${APP_URL}/`);
    expect(robots()).toBeNull();
  });

  it('moves focus to the new page heading after a client-side navigation only', async () => {
    const router = renderAt('/glossaire');
    await twoFrames();
    expect(screen.getByRole('heading', { level: 1, name: 'Glossaire' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);

    await router.navigate('/foire-aux-questions');
    const heading = await screen.findByRole('heading', { level: 1, name: 'FAQ' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');

    (document.activeElement as HTMLElement).blur();
    await act(() => router.navigate('/foire-aux-questions?q=publier'));
    await twoFrames();
    expect(router.state.location.pathname).toBe('/foire-aux-questions');
    expect(router.state.location.search).toBe('?q=publier');
    expect(document.activeElement).toBe(document.body);
  });

  it('puts the newsletter and share band inside a landmark', () => {
    renderAt('/');
    const band = screen.getByRole('complementary', { name: "Lettre d'information et partage" });
    expect(
      within(band).getByLabelText('Votre adresse électronique (ex. : nom@domaine.fr)'),
    ).toBeTruthy();
    expect(within(band).getByRole('link', { name: 'Partager sur Facebook' })).toBeTruthy();
  });

  it('offers the share links on every page but personal links and the account area', () => {
    const shared = (path: string) => {
      renderAt(path);
      const found = screen.queryByRole('link', { name: 'Partager sur Facebook' }) !== null;
      cleanup();
      return found;
    };
    expect(shared('/recherche?q=compost')).toBe(true);
    expect(shared('/newsletter/desinscription?token=abc')).toBe(false);
    expect(shared('/mot-de-passe-oublie/nouveau?token=abc')).toBe(false);
    expect(shared('/initiative-a-jour/42?expires=1&signature=abc')).toBe(false);
    expect(shared('/adresse-electronique/confirmation?token=abc')).toBe(false);
    expect(shared('/inscription/verification?token=abc')).toBe(false);
  });

  it('has the header controls with their accessible names', () => {
    renderAt('/');
    expect(screen.getAllByRole('button', { name: 'Rechercher' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Mon Espace' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('encodes the page URL in the share links', () => {
    const links = shareLinks('https://alimentation.exemple.fr/actualites?page=2', 'ADNA');
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Falimentation.exemple.fr%2Factualites%3Fpage%3D2',
    );
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Falimentation.exemple.fr%2Factualites%3Fpage%3D2',
    );
  });
});

describe('cookie consent', () => {
  // Loading the react-dsfr consent module takes seconds on a cold transform: do it once first.
  beforeAll(() => import('./consent.tsx'), 30_000);
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows the DSFR consent banner when the cookie settings are enabled', async () => {
    renderAt('/', withConsent(true));
    const title = await screen.findByText(/^À propos des cookies sur /, {}, { timeout: 3000 });
    const banner = title.closest('#fr-consent-banner');
    expect(banner).not.toBeNull();
    expect(banner?.textContent).toContain('Tout accepter');
  }, 15_000);

  it('renders no consent banner with the default settings', async () => {
    expect(FALLBACK_PAGE_CONFIG.settings.cookieConsentEnabled).toBe(false);
    renderAt('/');
    // The lazy module is already loaded: had the banner been rendered, it would be by now.
    await twoFrames();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText(/À propos des cookies/)).toBeNull();
    expect(document.getElementById('fr-consent-banner')).toBeNull();
  }, 15_000);
});
