import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_FILTERS_API_PATH, THEMATICS } from '@ad/contract';
import { createQueryClient } from '../../app/query-client.ts';
import { api } from '../../lib/api-client.ts';
import { AboutPage } from './about-page.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

function renderPage() {
  // The app's client: its default query function fetches the `apiQuery` keys.
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/a-propos']}>
        <AboutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
});
afterEach(cleanup);

describe('AboutPage', () => {
  it('hides "Vos contacts" when the team has no member', async () => {
    vi.mocked(api.get).mockResolvedValue({ data: [] });
    renderPage();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('À propos');
    // The ideas button and the FAQ link come with the static text.
    expect(screen.getByRole('link', { name: 'Soumettre mon idée' }).getAttribute('href')).toBe(
      '/nous-contacter?thematic=4',
    );
    expect(screen.getByRole('link', { name: 'foire aux questions' }).getAttribute('href')).toBe(
      '/foire-aux-questions',
    );

    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(api.get).toHaveBeenCalledWith('/api/internal-team-members', expect.anything());
    expect(screen.queryByRole('heading', { name: 'Vos contacts' })).toBeNull();
  });

  it('lists the team members under "Vos contacts" when there are some', async () => {
    vi.mocked(api.get).mockResolvedValue({
      data: [
        {
          avatar_url: '/storage/avatars/camille.webp',
          name: 'Camille Martin',
          department: 'Animation du réseau',
          description: 'Accompagne les porteurs de projets de la Gironde et des Landes.',
        },
      ],
    });
    renderPage();

    expect(await screen.findByRole('heading', { level: 2, name: 'Vos contacts' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Camille Martin' })).toBeTruthy();
    expect(screen.getByText('Animation du réseau')).toBeTruthy();
    expect(
      screen.getByText('Accompagne les porteurs de projets de la Gironde et des Landes.'),
    ).toBeTruthy();
  });
});

describe('AboutPage themes', () => {
  it('names the six themes as the team set them', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) =>
      path === MAP_FILTERS_API_PATH
        ? {
            themes: THEMATICS.map((theme, index) => ({
              ...theme,
              id: index + 1,
              name: index === 0 ? 'Économie et emplois locaux' : theme.name,
            })),
          }
        : { data: [] },
    );
    renderPage();
    expect(await screen.findByText(/économie et emplois locaux, /)).toBeTruthy();
  });
});
