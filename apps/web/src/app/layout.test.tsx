import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useMemo } from 'react';
import { PageConfigProvider, FALLBACK_PAGE_CONFIG } from './page-config.ts';
import { RootLayout } from './layout.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';
import { useRouteItem } from './route-item.tsx';

function PostPage() {
  const post = useMemo(
    () => ({ title: 'Marché <em>bio</em>', description: '<p>Un marché.</p>' }),
    [],
  );
  useRouteItem(post);
  return <h1>Marché bio</h1>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/actualites/:slug', element: <PostPage /> },
          { path: '*', element: <PlaceholderPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <PageConfigProvider value={FALLBACK_PAGE_CONFIG}>
      <RouterProvider router={router} />
    </PageConfigProvider>,
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

  it('has the header controls with their accessible names', () => {
    renderAt('/');
    expect(screen.getAllByRole('button', { name: 'Rechercher' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Mon Espace' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getByRole('link', { name: 'Partager sur LinkedIn' }).getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(window.location.href)}`,
    );
  });
});
